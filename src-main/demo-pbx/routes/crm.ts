/** Persons and companies of the micro CRM, with `limit`/`offset` pages and `total`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PageQuery } from '../../api/schemas';
import { notFound, ok, writeResponse } from '../http/envelope';
import type { ResponseDrift } from '../http/responseDrift';
import { parseId, parseOr400, requireObject } from '../http/validation';
import type { PersonRecord } from '../seed/persons';
import type { DemoState } from '../state';
import { listItemOf } from '../store/persons';
import { SerialisedAnswers } from '../store/serialisedAnswers';

/**
 * Default page size 100, largest 1000 (the schema refuses more; see docs/pbx-api.md (Pagination)); the
 * paging rules (store/crmPaging.ts) may cap pages lower or refuse large limits.
 */
export const DEFAULT_PAGE_SIZE = 100;

/**
 * GET /crm/person answers kept serialised: ~600 bytes a person, so 100,000 persons fit (~60 MB) and a
 * larger directory keeps its most recently built persons.
 */
const PERSON_ANSWERS_MAX_BYTES = 64 * 1024 * 1024;
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

type IdRequest<K extends string> = FastifyRequest<{ Params: Record<K, string> }>;
type ExternalIdRequest = FastifyRequest<{ Params: { external_id: string } }>;

export async function crmRoutes(
  app: FastifyInstance,
  { state, drift }: { state: DemoState; drift: ResponseDrift },
): Promise<void> {
  const { crm, crmPaging } = state;
  const personAnswers = new SerialisedAnswers(PERSON_ANSWERS_MAX_BYTES);
  crm.onPersonChanged((id) => personAnswers.forget(id));
  const personAnswer = (found: PersonRecord) => ok(crm.personDetail(found));

  const person = (request: IdRequest<'person_id'>) => {
    const id = parseId(request.params.person_id, 'person_id');
    const found = crm.persons.get(id);
    if (!found) throw notFound(`person ${id} not found`);
    return found;
  };
  const company = (request: IdRequest<'company_id'>) => {
    const id = parseId(request.params.company_id, 'company_id');
    const found = crm.companies.get(id);
    if (!found) throw notFound(`company ${id} not found`);
    return found;
  };
  const page = (request: FastifyRequest) => {
    const query = parseOr400(PageQuery, request.query, 'query');
    return { offset: query.offset ?? 0, limit: crmPaging.pageSize(query.limit ?? DEFAULT_PAGE_SIZE) };
  };

  app.get('/crm/persons', async (request) => {
    const { offset, limit } = page(request);
    const records = crm.persons.pageRecords(offset, limit);
    // A client that lists persons reads their details next; each is built now, so its answer is kept now.
    for (const record of records) personAnswers.get(record.id, () => personAnswer(record));
    return { ...ok(records.map(listItemOf)), ...crmPaging.totalOf(crm.persons.total) };
  });
  app.get('/crm/person/:person_id', async (request: IdRequest<'person_id'>, reply) => {
    const id = parseId(request.params.person_id, 'person_id');
    if (!crm.persons.exists(id)) throw notFound(`person ${id} not found`);
    // Drift applies to answers before they are serialised (http/responseDrift.ts).
    if (drift.targets('person')) return personAnswer(crm.persons.get(id)!);
    void reply.header('content-type', JSON_CONTENT_TYPE);
    return personAnswers.get(id, () => personAnswer(crm.persons.get(id)!));
  });
  app.get('/crm/person/external/:external_id', async (request: ExternalIdRequest) => {
    const found = crm.persons.findByExternalId(request.params.external_id);
    if (!found) throw notFound(`person with external_id ${request.params.external_id} not found`);
    return personAnswer(found);
  });
  app.post('/crm/person', async (request) =>
    writeResponse(crm.createPerson(requireObject(request.body)), 'person'),
  );
  app.patch('/crm/person/:person_id', async (request: IdRequest<'person_id'>) =>
    writeResponse(crm.updatePerson(person(request), requireObject(request.body)), 'person'),
  );
  app.delete('/crm/person/:person_id', async (request: IdRequest<'person_id'>) => {
    crm.deletePerson(person(request).id);
    return ok(null);
  });

  app.get('/crm/companies', async (request) => {
    const { offset, limit } = page(request);
    return { ...ok(crm.companies.page(offset, limit)), ...crmPaging.totalOf(crm.companies.total) };
  });
  app.get('/crm/company/:company_id', async (request: IdRequest<'company_id'>) =>
    ok(crm.companyDetail(company(request))),
  );
  app.get('/crm/company/external/:external_id', async (request: ExternalIdRequest) => {
    const found = crm.companies.findByExternalId(request.params.external_id);
    if (!found) throw notFound(`company with external_id ${request.params.external_id} not found`);
    return ok(crm.companyDetail(found));
  });
  app.post('/crm/company', async (request) =>
    writeResponse(crm.createCompany(requireObject(request.body)), 'company'),
  );
  app.patch('/crm/company/:company_id', async (request: IdRequest<'company_id'>) =>
    writeResponse(crm.updateCompany(company(request), requireObject(request.body)), 'company'),
  );
  app.delete('/crm/company/:company_id', async (request: IdRequest<'company_id'>) => {
    crm.deleteCompany(company(request).id);
    return ok(null);
  });
}
