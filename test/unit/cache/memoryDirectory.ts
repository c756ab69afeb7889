/** An in-memory PBX directory behind the sync's DirectorySource port, with failure injection and counters. */
import { BusinessError, NotFound } from '../../../src-main/api/errors';
import type {
  Company,
  Contact,
  Extension,
  Group,
  Person,
  Queue,
  Role,
  Team,
  User,
} from '../../../src-main/api/schemas';
import type { DirectorySource, SourceCallOptions, SourcePage } from '../../../src-main/cache';
import { userRecord } from '../../../src-main/demo-pbx/seed/organisation';

export function person(id: number, fields: Partial<Person> & { contacts?: Contact[] } = {}): Person {
  const firstname = fields.firstname ?? `First${id}`;
  const lastname = fields.lastname ?? `Last${id}`;
  return {
    id,
    group_id: 1,
    displayname: `${firstname} ${lastname}`,
    firstname,
    lastname,
    note: '',
    external_id: null,
    data: {},
    contacts: [],
    interactions: [],
    companies: [],
    tasks: [],
    ...fields,
  };
}

export function phone(contact: string, label = 'mobile'): Contact {
  return { type: 1, contact, label };
}

export function email(contact: string, label = 'work'): Contact {
  return { type: 2, contact, label };
}

export function company(id: number, name: string, fields: Partial<Company> = {}): Company {
  return { id, group_id: 1, name, external_id: null, data: {}, persons: [], tasks: [], ...fields };
}

/** A colleague as the demo PBX makes one (its record, without the password the API never returns). */
export function user(id: number, firstname: string, lastname: string, fields: Partial<User> = {}): User {
  const username = `${firstname}.${lastname}`.toLowerCase();
  const { password: _password, ...record } = userRecord(
    {
      id,
      username,
      firstname,
      lastname,
      group_id: 1,
      role_id: null,
      team_id: null,
      locale: 'cs_CZ',
      public: true,
      password: '',
      external_id: null,
      primary_extension: null,
      email: `${username}@example.test`,
    },
    '',
  );
  return { ...record, ...fields };
}

export function extension(id: number, number: string, name: string, type = 'phone'): Extension {
  return { id, group_id: 1, number, name, type, external_id: null };
}

/**
 * How the list endpoints page, like PBXs that do not honour every `limit`: `cap` items per page at most,
 * and a `limit` above `refuseLimitAbove` refused with `refusal` (default: HTTP 400, `success:false`).
 */
export interface Paging {
  cap?: number;
  refuseLimitAbove?: number;
  refusal?: (limit: number) => Error;
  /** No `total` in the answer: the client then reports it as null. */
  omitTotal?: boolean;
}

/** Counts calls and can throw after a number of them, like a PBX that goes away mid-sync. */
export interface Faults {
  /** Throw from the persons list after this many successful pages. */
  personPagesBeforeFailure?: number;
  /** Throw from person details after this many successful fetches. */
  personDetailsBeforeFailure?: number;
}

export class MemoryDirectory implements DirectorySource {
  readonly personRecords = new Map<number, Person>();
  readonly companyRecords = new Map<number, Company>();
  readonly userRecords = new Map<number, User>();
  extensionRecords: Extension[] = [];
  groupRecords: Group[] = [{ id: 1, name: 'All', external_id: null }];
  roleRecords: Role[] = [];
  teamRecords: Team[] = [];
  queueRecords: Queue[] = [];
  faults: Faults = {};
  paging: Paging = {};
  readonly calls = { personPages: 0, personDetails: 0, companyDetails: 0, userDetails: 0 };

  addPersons(...persons: Person[]): void {
    for (const record of persons) this.personRecords.set(record.id, record);
  }

  resetCounters(): void {
    Object.assign(this.calls, { personPages: 0, personDetails: 0, companyDetails: 0, userDetails: 0 });
  }

  async groups() {
    return this.groupRecords;
  }

  async roles() {
    return this.roleRecords;
  }

  async teams() {
    return this.teamRecords;
  }

  async queues() {
    return this.queueRecords;
  }

  async extensions() {
    return this.extensionRecords;
  }

  users = {
    list: async (options?: SourceCallOptions) => {
      await tick(options);
      return sorted(this.userRecords).map((u) => ({
        id: u.id,
        name: u.displayname,
        external_id: u.external_id,
      }));
    },
    get: async (id: number, options?: SourceCallOptions) => {
      await tick(options);
      this.count('userDetails');
      return found(this.userRecords.get(id), `/user/${id}`);
    },
  };

  persons = {
    list: pagedList(
      this.personRecords,
      personListItem,
      () => this.paging,
      () => this.count('personPages', this.faults.personPagesBeforeFailure),
    ),
    get: detailOf(this.personRecords, '/crm/person', () =>
      this.count('personDetails', this.faults.personDetailsBeforeFailure),
    ),
  };

  companies = {
    list: pagedList(this.companyRecords, companyListItem, () => this.paging),
    get: detailOf(this.companyRecords, '/crm/company', () => this.count('companyDetails')),
  };

  /** Counts a call; throws instead, like a connection that dropped, once `failAfter` calls succeeded. */
  private count(call: keyof MemoryDirectory['calls'], failAfter?: number): void {
    if (failAfter !== undefined && this.calls[call] >= failAfter)
      throw new Error('connection reset (injected)');
    this.calls[call] += 1;
  }
}

function personListItem(p: Person) {
  return {
    id: p.id,
    group_id: p.group_id,
    displayname: p.displayname,
    firstname: p.firstname,
    lastname: p.lastname,
    external_id: p.external_id,
  };
}

function companyListItem(c: Company) {
  return { id: c.id, group_id: c.group_id, name: c.name, external_id: c.external_id };
}

/** A list endpoint over `records`, in id order, paged by `paging`; `counted` runs once the request got through. */
function pagedList<T extends { id: number }, L>(
  records: Map<number, T>,
  item: (record: T) => L,
  paging: () => Paging,
  counted: () => void = () => {},
) {
  return async (
    page: { limit?: number; offset?: number } = {},
    options?: SourceCallOptions,
  ): Promise<SourcePage<L>> => {
    await tick(options);
    const { cap, refuseLimitAbove, refusal = refusedLimit, omitTotal = false } = paging();
    const offset = page.offset ?? 0;
    const limit = page.limit ?? 100;
    if (refuseLimitAbove !== undefined && limit > refuseLimitAbove) throw refusal(limit);
    counted();
    const all = sorted(records);
    const size = Math.min(limit, cap ?? limit);
    const items = all.slice(offset, offset + size).map(item);
    return { items, total: omitTotal ? null : all.length };
  };
}

/** What the client makes of the demo PBX's answer to a `limit` it refuses: HTTP 400 with `success:false`. */
function refusedLimit(limit: number): Error {
  return new BusinessError(`limit ${limit} is too large`, {
    method: 'GET',
    path: '/crm/persons',
    status: 400,
  });
}

/** A detail endpoint over `records`: a copy of the record, or 404; `counted` runs once the request got through. */
function detailOf<T>(records: Map<number, T>, path: string, counted: () => void) {
  return async (id: number, options?: SourceCallOptions): Promise<T> => {
    await tick(options);
    counted();
    return structuredClone(found(records.get(id), `${path}/${id}`));
  };
}

/** A turn of the event loop, and the abort behaviour of the real client. */
async function tick(options?: SourceCallOptions): Promise<void> {
  options?.signal?.throwIfAborted();
  await new Promise((resolve) => setImmediate(resolve));
  options?.signal?.throwIfAborted();
}

function sorted<T extends { id: number }>(records: Map<number, T>): T[] {
  return [...records.values()].sort((a, b) => a.id - b.id);
}

function found<T>(record: T | undefined, path: string): T {
  if (!record) throw new NotFound({ method: 'GET', path, status: 404 });
  return record;
}
