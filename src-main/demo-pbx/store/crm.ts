/**
 * The micro CRM: persons and companies, their validation (same form as users: one message per attribute,
 * nothing written on error), the read-only collections, and collections that a write replaces as a whole.
 */
import {
  CompanyCreate,
  CompanyUpdate,
  PersonCreate,
  PersonUpdate,
  type Company,
  type CompanyPerson,
  type Person,
} from '../../api/schemas';
import { validateAttributes } from './attributes';
import type { WriteResult } from './writeResult';
import type { CompanyRecord, CompanyStore } from './companies';
import type { PersonStore } from './persons';
import { demoPersonActivity } from '../seed/personActivity';
import type { PersonRecord } from '../seed/persons';

const PERSON_READ_ONLY = ['id', 'interactions', 'companies', 'tasks'] as const;
const COMPANY_READ_ONLY = ['id', 'tasks'] as const;

/** A name derived from first and last name, used unless the client sets displayname itself. */
function derivedDisplayName(person: Pick<PersonRecord, 'firstname' | 'lastname'>): string {
  return `${person.firstname} ${person.lastname}`.trim();
}

export class Crm {
  /** Persons created through the API: new contacts, with no history of interactions or tasks yet. */
  private readonly created = new Set<number>();
  private readonly personChangeListeners: ((personId: number) => void)[] = [];

  constructor(
    readonly persons: PersonStore,
    readonly companies: CompanyStore,
    private readonly groupExists: (id: number) => boolean,
  ) {}

  /**
   * `listener` hears of each person whose GET /crm/person answer a write changed: its own record, or a
   * company it is (or was) a member of.
   */
  onPersonChanged(listener: (personId: number) => void): void {
    this.personChangeListeners.push(listener);
  }

  /** The answer of GET /crm/person; shares the stored contacts, so it is for serialising, not for editing. */
  personDetail(person: PersonRecord): Person {
    return {
      ...person,
      ...(this.created.has(person.id) ? { interactions: [], tasks: [] } : demoPersonActivity(person.id)),
      companies: this.companies.companiesOfPerson(person.id),
    };
  }

  companyDetail(company: CompanyRecord): Company {
    return { ...structuredClone(company), tasks: [] };
  }

  createPerson(body: Record<string, unknown>): WriteResult<number> {
    const result = validateAttributes(PersonCreate, body, PERSON_READ_ONLY, (fields) =>
      this.personChecks(fields, null),
    );
    if (!result.ok) return result;
    const fields = {
      firstname: '',
      lastname: '',
      note: '',
      external_id: null,
      data: {},
      contacts: [],
      ...result.value,
    };
    const displayname = fields.displayname ?? derivedDisplayName(fields);
    const id = this.persons.create({ ...fields, displayname });
    this.created.add(id);
    this.personsChanged([id]);
    return { ok: true, value: id };
  }

  /** `contacts`, when given, replaces all contacts; absent attributes keep their value. */
  updatePerson(person: PersonRecord, body: Record<string, unknown>): WriteResult<null> {
    const result = validateAttributes(PersonUpdate, body, PERSON_READ_ONLY, (fields) =>
      this.personChecks(fields, person.id),
    );
    if (!result.ok) return result;
    const changes = { ...result.value };
    const namesChanged = changes.firstname !== undefined || changes.lastname !== undefined;
    if (
      changes.displayname === undefined &&
      namesChanged &&
      person.displayname === derivedDisplayName(person)
    ) {
      changes.displayname = derivedDisplayName({ ...person, ...changes });
    }
    this.persons.update(person.id, changes);
    this.personsChanged([person.id]);
    return { ok: true, value: null };
  }

  deletePerson(id: number): boolean {
    if (!this.persons.delete(id)) return false;
    this.companies.removePerson(id);
    this.personsChanged([id]);
    return true;
  }

  createCompany(body: Record<string, unknown>): WriteResult<number> {
    const result = validateAttributes(CompanyCreate, body, COMPANY_READ_ONLY, (fields) =>
      this.companyChecks(fields, null),
    );
    if (!result.ok) return result;
    const id = this.companies.create({ name: '', external_id: null, data: {}, persons: [], ...result.value });
    this.companyMembersChanged(id);
    return { ok: true, value: id };
  }

  /** `persons`, when given, replaces all members; absent attributes keep their value. */
  updateCompany(company: CompanyRecord, body: Record<string, unknown>): WriteResult<null> {
    const result = validateAttributes(CompanyUpdate, body, COMPANY_READ_ONLY, (fields) =>
      this.companyChecks(fields, company.id),
    );
    if (!result.ok) return result;
    this.companyMembersChanged(company.id);
    this.companies.update(company.id, result.value);
    this.companyMembersChanged(company.id);
    return { ok: true, value: null };
  }

  deleteCompany(id: number): boolean {
    this.companyMembersChanged(id);
    return this.companies.delete(id);
  }

  /** The members' answers list the company (its name, their role). */
  private companyMembersChanged(companyId: number): void {
    this.personsChanged((this.companies.get(companyId)?.persons ?? []).map((member) => member.person_id));
  }

  private personsChanged(ids: readonly number[]): void {
    for (const id of ids) for (const listener of this.personChangeListeners) listener(id);
  }

  private personChecks(fields: { group_id?: number; external_id?: string | null }, selfId: number | null) {
    const errors = this.groupCheck(fields.group_id);
    if (fields.external_id != null) {
      const holder = this.persons.findByExternalId(fields.external_id);
      if (holder && holder.id !== selfId)
        errors.external_id = `external_id ${fields.external_id} is already used by person ${holder.id}`;
    }
    return errors;
  }

  private companyChecks(
    fields: { group_id?: number; external_id?: string | null; persons?: CompanyPerson[] },
    selfId: number | null,
  ) {
    const errors = this.groupCheck(fields.group_id);
    if (fields.external_id != null) {
      const holder = this.companies.findByExternalId(fields.external_id);
      if (holder && holder.id !== selfId)
        errors.external_id = `external_id ${fields.external_id} is already used by company ${holder.id}`;
    }
    const missing = (fields.persons ?? []).filter((member) => !this.persons.exists(member.person_id));
    if (missing.length > 0) {
      errors.persons = `unknown person id ${missing.map((member) => member.person_id).join(', ')}`;
    }
    return errors;
  }

  private groupCheck(groupId: number | undefined): Record<string, string> {
    return groupId !== undefined && !this.groupExists(groupId)
      ? { group_id: `group ${groupId} does not exist` }
      : {};
  }
}
