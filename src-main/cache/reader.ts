/** Reads directory entries by id, in bulk, for search results and number lookups. */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { EntryKind } from './kinds';
import { KIND_CODE } from './kinds';
import { emailsOf, parseContacts, personName } from './store';
import type {
  CompanyLink,
  CompanySummary,
  DirectoryNumber,
  ExtensionSummary,
  PersonSummary,
  UserSummary,
} from './types';

/** Ids are bound as one JSON array: one prepared statement serves any number of ids. */
const IDS = 'SELECT value FROM json_each(?)';

export class EntryReader {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(db: SqliteDatabase) {
    this.sql = prepareStatements(db);
  }

  persons(ids: readonly number[]): Map<number, PersonSummary> {
    if (ids.length === 0) return new Map();
    const list = JSON.stringify(ids);
    const numbers = this.numbersOf('person', list);
    const companyRows = this.sql.companiesOfPersons.all(list) as (CompanyLink & { person_id: number })[];
    const companies = groupBy(companyRows, (row) => row.person_id);
    const rows = this.sql.persons.all(list) as {
      id: number;
      displayname: string;
      firstname: string;
      lastname: string;
      contacts: string;
    }[];
    return new Map(
      rows.map((row) => [
        row.id,
        {
          kind: 'person',
          id: row.id,
          name: personName(row),
          companies: (companies.get(row.id) ?? []).map(({ id, name, role }) => ({ id, name, role })),
          numbers: numbers.get(row.id) ?? [],
          emails: emailsOf(parseContacts(row.contacts)),
        },
      ]),
    );
  }

  companies(ids: readonly number[]): Map<number, CompanySummary> {
    if (ids.length === 0) return new Map();
    const list = JSON.stringify(ids);
    const numbers = this.numbersOf('company', list);
    const rows = this.sql.companies.all(list) as { id: number; name: string; person_count: number }[];
    return new Map(
      rows.map((row) => [
        row.id,
        {
          kind: 'company',
          id: row.id,
          name: row.name,
          personCount: row.person_count,
          numbers: numbers.get(row.id) ?? [],
        },
      ]),
    );
  }

  users(ids: readonly number[]): Map<number, UserSummary> {
    if (ids.length === 0) return new Map();
    const list = JSON.stringify(ids);
    const numbers = this.numbersOf('user', list);
    const rows = this.sql.users.all(list) as {
      id: number;
      name: string;
      username: string | null;
      email: string | null;
      active: number | null;
    }[];
    return new Map(
      rows.map((row) => [
        row.id,
        {
          kind: 'user',
          id: row.id,
          name: row.name,
          username: row.username,
          email: row.email || null,
          active: row.active === null ? null : row.active === 1,
          numbers: numbers.get(row.id) ?? [],
        },
      ]),
    );
  }

  extensions(ids: readonly number[]): Map<number, ExtensionSummary> {
    if (ids.length === 0) return new Map();
    const list = JSON.stringify(ids);
    const numbers = this.numbersOf('extension', list);
    const rows = this.sql.extensions.all(list) as { id: number; name: string; type: string }[];
    return new Map(
      rows.map((row) => [
        row.id,
        { kind: 'extension', id: row.id, name: row.name, type: row.type, numbers: numbers.get(row.id) ?? [] },
      ]),
    );
  }

  /** The sort keys of the given ids, for ranking candidates alphabetically. */
  sortKeys(kind: EntryKind, ids: readonly number[]): Map<number, string> {
    const statement = this.sql.sortKeys[kind];
    const rows = statement.all(JSON.stringify(ids)) as { id: number; sort_key: string }[];
    return new Map(rows.map((row) => [row.id, row.sort_key]));
  }

  private numbersOf(kind: EntryKind, list: string): Map<number, DirectoryNumber[]> {
    const rows = this.sql.numbersOf.all(KIND_CODE[kind], list) as (DirectoryNumber & { owner_id: number })[];
    const byOwner = groupBy(rows, (row) => row.owner_id);
    return new Map(
      [...byOwner].map(([owner, numbers]) => [
        owner,
        numbers.map(({ raw, label, display, dial }) => ({ raw, label, display, dial })),
      ]),
    );
  }
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
}

function prepareStatements(db: SqliteDatabase) {
  return {
    persons: db.prepare(
      `SELECT id, displayname, firstname, lastname, contacts FROM persons WHERE id IN (${IDS})`,
    ),
    companiesOfPersons: db.prepare(`SELECT cp.person_id, c.id, c.name, cp.role
      FROM company_persons cp JOIN companies c ON c.id = cp.company_id
      WHERE cp.person_id IN (${IDS}) ORDER BY c.sort_key`),
    companies: db.prepare(`SELECT c.id, c.name,
        (SELECT count(*) FROM company_persons cp WHERE cp.company_id = c.id) AS person_count
      FROM companies c WHERE c.id IN (${IDS})`),
    users: db.prepare(`SELECT id, name, username, email, active FROM users WHERE id IN (${IDS})`),
    extensions: db.prepare(`SELECT id, name, type FROM extensions WHERE id IN (${IDS})`),
    numbersOf: db.prepare(`SELECT owner_id, raw, label, display, dial FROM numbers
      WHERE kind = ? AND owner_id IN (${IDS}) ORDER BY owner_id, position`),
    sortKeys: {
      person: db.prepare(`SELECT id, sort_key FROM persons WHERE id IN (${IDS})`),
      company: db.prepare(`SELECT id, sort_key FROM companies WHERE id IN (${IDS})`),
      user: db.prepare(`SELECT id, sort_key FROM users WHERE id IN (${IDS})`),
      extension: db.prepare(`SELECT id, lower(name) AS sort_key FROM extensions WHERE id IN (${IDS})`),
    } satisfies Record<EntryKind, unknown>,
  };
}
