/** The micro CRM: persons and companies share one shape of endpoints. */
import type { z } from 'zod';
import { idSegment, textSegment } from '../arguments';
import type { ApiRequester, CallOptions } from '../apiRequester';
import {
  Company,
  CompanyListItem,
  Person,
  PersonListItem,
  type CompanyCreate,
  type CompanyUpdate,
  type PageQuery,
  type PersonCreate,
  type PersonUpdate,
} from '../schemas';
import { NewId, getPage, type Page } from './common';

export interface CrmResource<Item, ListItem, Create, Update> {
  /** One page of list items and the count of all records. */
  list(page?: PageQuery, options?: CallOptions): Promise<Page<ListItem>>;
  get(id: number, options?: CallOptions): Promise<Item>;
  getByExternalId(externalId: string, options?: CallOptions): Promise<Item>;
  /** The id of the new record. `group_id` is required. */
  create(record: Create, options?: CallOptions): Promise<number>;
  /** Only the given attributes change; a given collection (contacts, persons) replaces the whole one. */
  update(id: number, changes: Update, options?: CallOptions): Promise<void>;
  delete(id: number, options?: CallOptions): Promise<void>;
}

function crmResource<I extends z.ZodType, L extends z.ZodType, C, U>(
  api: ApiRequester,
  names: { singular: string; plural: string },
  item: I,
  listItem: L,
): CrmResource<z.output<I>, z.output<L>, C, U> {
  const { singular, plural } = names;
  const one = (id: number) => `/crm/${singular}/${idSegment(id, `${singular} id`)}`;
  return {
    list: async (page, options) => getPage(api, `/crm/${plural}`, listItem, plural, page, options),
    get: async (id, options) => api.data({ method: 'GET', path: one(id) }, item, singular, options),
    getByExternalId: async (externalId, options) =>
      api.data(
        { method: 'GET', path: `/crm/${singular}/external/${textSegment(externalId, 'external id')}` },
        item,
        singular,
        options,
      ),
    create: async (record, options) =>
      api.data({ method: 'POST', path: `/crm/${singular}`, body: record }, NewId, `${singular}Id`, options),
    update: async (id, changes, options) => {
      await api.send({ method: 'PATCH', path: one(id), body: changes }, options);
    },
    delete: async (id, options) => {
      await api.send({ method: 'DELETE', path: one(id) }, options);
    },
  };
}

export type PersonsApi = CrmResource<Person, PersonListItem, PersonCreate, PersonUpdate>;
export type CompaniesApi = CrmResource<Company, CompanyListItem, CompanyCreate, CompanyUpdate>;

export function personsEndpoints(api: ApiRequester): PersonsApi {
  return crmResource(api, { singular: 'person', plural: 'persons' }, Person, PersonListItem);
}

export function companiesEndpoints(api: ApiRequester): CompaniesApi {
  return crmResource(api, { singular: 'company', plural: 'companies' }, Company, CompanyListItem);
}
