/** Reads directory entries by id, in bulk, for search results and number lookups. */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type {
  CompanySummary,
  DirectoryNumber,
  ExtensionSummary,
  PersonSummary,
  UserSummary,
} from '../../shared/contract';
import type { EntryKind } from '../database/entryKind';
import { KIND_CODE } from '../database/entryKind';
import { emailsOf, parseContacts, personName } from '../store/storedPerson';
import { companiesOf, PERSON_COMPANIES_JSON_SQL } from './personCompanies';

/** Ids are bound as one JSON array: one prepared statement serves any number of ids. */
const IDS = 'SELECT value FROM json_each(?)';

interface PersonRow {
  id: number;
  displayname: string;
  firstname: string;
  lastname: string;
  contacts: string;
  shown_numbers: string;
  companies: string | null;
}

interface UserRow {
  id: number;
  name: string;
  username: string | null;
  email: string | null;
  active: number | null;
}

export class EntryReader {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(db: SqliteDatabase) {
    this.sql = prepareStatements(db);
  }

  /**
   * Persons keep their numbers as shown in their own row (`shown_numbers`): the number table would cost a
   * seek per person, more than the rest of a search result's reads. Their companies come in the same
   * statement (personCompanies.ts), not in a second one over the same ids.
   */
  persons(ids: readonly number[]): Map<number, PersonSummary> {
    if (ids.length === 0) return new Map();
    const rows = this.sql.entries.person.all(JSON.stringify(ids)) as PersonRow[];
    return new Map(
      rows.map((row) => [
        row.id,
        {
          kind: 'person',
          id: row.id,
          name: personName(row),
          companies: companiesOf(row.companies),
          numbers: JSON.parse(row.shown_numbers) as DirectoryNumber[],
          emails: emailsOf(parseContacts(row.contacts)),
        },
      ]),
    );
  }

  companies(ids: readonly number[]): Map<number, CompanySummary> {
    return this.entries(
      'company',
      ids,
      (row: { id: number; name: string; person_count: number }, numbers) => ({
        kind: 'company',
        id: row.id,
        name: row.name,
        personCount: row.person_count,
        numbers,
      }),
    );
  }

  users(ids: readonly number[]): Map<number, UserSummary> {
    return this.entries('user', ids, (row: UserRow, numbers) => ({
      kind: 'user',
      id: row.id,
      name: row.name,
      username: row.username,
      email: row.email || null,
      active: row.active === null ? null : row.active === 1,
      numbers,
    }));
  }

  extensions(ids: readonly number[]): Map<number, ExtensionSummary> {
    return this.entries('extension', ids, (row: { id: number; name: string; type: string }, numbers) => ({
      kind: 'extension',
      id: row.id,
      name: row.name,
      type: row.type,
      numbers,
    }));
  }

  /** The rows of `kind` with these ids, each made an entry with its numbers. */
  private entries<Row extends { id: number }, Entry>(
    kind: Exclude<EntryKind, 'person'>,
    ids: readonly number[],
    entryOf: (row: Row, numbers: DirectoryNumber[]) => Entry,
  ): Map<number, Entry> {
    if (ids.length === 0) return new Map();
    const list = JSON.stringify(ids);
    const numbers = this.numbersOf(kind, list);
    const rows = this.sql.entries[kind].all(list) as Row[];
    return new Map(rows.map((row) => [row.id, entryOf(row, numbers.get(row.id) ?? [])]));
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
    entries: {
      // The other kinds' numbers are read from the number table (numbersOf).
      person: db.prepare(`SELECT p.id, p.displayname, p.firstname, p.lastname, p.contacts, p.shown_numbers,
          ${PERSON_COMPANIES_JSON_SQL} AS companies
        FROM persons p WHERE p.id IN (${IDS})`),
      company: db.prepare(`SELECT c.id, c.name,
          (SELECT count(*) FROM company_persons cp WHERE cp.company_id = c.id) AS person_count
        FROM companies c WHERE c.id IN (${IDS})`),
      user: db.prepare(`SELECT id, name, username, email, active FROM users WHERE id IN (${IDS})`),
      extension: db.prepare(`SELECT id, name, type FROM extensions WHERE id IN (${IDS})`),
    } satisfies Record<EntryKind, unknown>,
    numbersOf: db.prepare(`SELECT owner_id, raw, label, display, dial FROM numbers
      WHERE kind = ? AND owner_id IN (${IDS}) ORDER BY owner_id, position`),
  };
}
