/**
 * The number index and the search index, kept in step with the records: a record's numbers and search
 * text are rewritten when it changes, and when something shown with it does (a person's company name, a
 * user's primary extension). Like the stores, every method expects to run inside a transaction.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { DirectoryNumber } from '../../shared/contract';
import type { EntryKind, FtsTable } from '../database/entryKind';
import { KIND_CODE, ftsRowid, ftsTable } from '../database/entryKind';
import { MultiRowInsert } from '../database/multiRowInsert';
import type { NumberKeys } from './numberKeys';
import { emailsOf, parseContacts, phoneNumbersOf, type LabelledNumber } from './storedPerson';

export type { LabelledNumber } from './storedPerson';

/** What a person's search text is made of; `refreshPersonText` reads it back unless the caller knows it. */
export interface PersonText {
  displayname: string;
  firstname: string;
  lastname: string;
  emails: string[];
}

interface UserIndexRow {
  name: string;
  username: string | null;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  number: string | null;
  extension_number: string | null;
}

export class EntryIndexes {
  private readonly sql: ReturnType<typeof prepareStatements>;
  private readonly insertNumbers: MultiRowInsert;

  constructor(
    db: SqliteDatabase,
    private readonly numbers: NumberKeys,
  ) {
    this.sql = prepareStatements(db);
    this.insertNumbers = new MultiRowInsert(
      db,
      'INSERT INTO numbers (kind, owner_id, position, key, national, label, raw, display, dial)',
      9,
    );
  }

  /**
   * Replaces the owner's rows in the number index (which search by digits reads too). Returns the numbers
   * as shown, in index order: a person's row keeps them too, for search results (persons.shown_numbers).
   */
  setNumbers(kind: EntryKind, ownerId: number, entries: readonly LabelledNumber[]): DirectoryNumber[] {
    const code = KIND_CODE[kind];
    this.sql.deleteNumbersOf.run(code, ownerId);
    const rows: unknown[][] = [];
    const shown: DirectoryNumber[] = [];
    for (const entry of entries) {
      const indexed = this.numbers.index(entry.raw);
      if (!indexed) continue;
      const { key, national, display, dial } = indexed;
      rows.push([code, ownerId, rows.length, key, national, entry.label, entry.raw, display, dial]);
      shown.push({ raw: entry.raw, label: entry.label, display, dial });
    }
    this.insertNumbers.run(rows);
    return shown;
  }

  setSearchText(kind: EntryKind, id: number, name: string, extra: string): void {
    this.sql.upsertFts[ftsTable(kind)].run(ftsRowid(kind, id), name, extra);
  }

  /** Takes a deleted record out of both indexes. */
  remove(kind: EntryKind, id: number): void {
    const code = KIND_CODE[kind];
    this.sql.deleteNumbersOf.run(code, id);
    this.sql.deleteFts[ftsTable(kind)].run(ftsRowid(kind, id));
  }

  /** The person's search text; `known` saves reading back what the caller just wrote. */
  refreshPersonText(id: number, known?: PersonText): void {
    const person = known ?? this.personText(id);
    if (!person) return;
    // Most persons belong to no company: the covering-index probe spares them the join.
    const companies = this.sql.hasCompany.get(id) ? (this.sql.companyNamesOfPerson.all(id) as string[]) : [];
    const names = [person.displayname, person.firstname, person.lastname];
    this.setSearchText('person', id, names.join(' '), [...companies, ...person.emails].join(' '));
  }

  /** A user's numbers (the primary line's extension, the external number) and search text. */
  refreshUser(id: number): void {
    const user = this.sql.userForIndex.get(id) as UserIndexRow | undefined;
    if (!user) return;
    const numbers: LabelledNumber[] = [];
    // i18n-exempt: label codes, worded where shown by directory.numberLabel (the next line's too)
    if (user.extension_number) numbers.push({ raw: user.extension_number, label: 'extension' });
    // i18n-exempt: a label code, as above
    if (user.number) numbers.push({ raw: user.number, label: 'external' });
    this.setNumbers('user', id, numbers);
    const names = [user.name, user.firstname ?? '', user.lastname ?? ''];
    this.setSearchText('user', id, names.join(' '), [user.username ?? '', user.email ?? ''].join(' '));
  }

  /** The users whose primary line is this extension show its number: refreshed when it changes. */
  refreshUsersOfExtension(extensionId: number): void {
    for (const userId of this.sql.usersOfExtension.all(extensionId) as number[]) {
      this.refreshUser(userId);
    }
  }

  /** Recomputes the number keys of these records, e.g. after the default country changed. */
  reindexNumbersOf(kind: EntryKind, ids: readonly number[]): void {
    for (const id of ids) {
      if (kind === 'person') {
        const contacts = this.sql.contactsOfPerson.get(id) as string | undefined;
        if (contacts === undefined) continue;
        const shown = this.setNumbers('person', id, phoneNumbersOf(parseContacts(contacts)));
        this.sql.setShownNumbersOfPerson.run(JSON.stringify(shown), id);
      } else if (kind === 'user') {
        this.refreshUser(id);
      } else if (kind === 'company') {
        const data = this.sql.companyData.get(id) as string | undefined;
        if (data !== undefined) {
          this.setNumbers('company', id, companyNumbers(JSON.parse(data) as Record<string, unknown>));
        }
      } else {
        const row = this.sql.extensionById.get(id) as { number: string; type: string } | undefined;
        if (row) this.setNumbers('extension', id, [{ raw: row.number, label: row.type }]);
      }
    }
  }

  private personText(id: number): PersonText | undefined {
    const row = this.sql.personTextFields.get(id) as
      { displayname: string; firstname: string; lastname: string; contacts: string } | undefined;
    return row && { ...row, emails: emailsOf(parseContacts(row.contacts)) };
  }
}

/**
 * A company's own numbers. The Company resource has no contacts, so a switchboard number can only live in
 * its free-form `data`: string values under keys such as `phone` or `fax` are indexed.
 */
const COMPANY_NUMBER_KEYS = /^(?:phone|telephone|tel|switchboard|fax|mobile)$/i;

export function companyNumbers(data: Readonly<Record<string, unknown>>): LabelledNumber[] {
  return Object.entries(data)
    .filter(
      (entry): entry is [string, string] =>
        COMPANY_NUMBER_KEYS.test(entry[0]) && typeof entry[1] === 'string',
    )
    .map(([label, raw]) => ({ raw, label }));
}

function prepareStatements(db: SqliteDatabase) {
  const perFtsTable = (sql: (table: FtsTable) => string): Record<FtsTable, Statement<unknown[]>> => ({
    person_fts: db.prepare(sql('person_fts')),
    entry_fts: db.prepare(sql('entry_fts')),
  });
  return {
    deleteNumbersOf: db.prepare('DELETE FROM numbers WHERE kind = ? AND owner_id = ?'),
    upsertFts: perFtsTable(
      (table) => `INSERT OR REPLACE INTO ${table} (rowid, name, extra) VALUES (?, ?, ?)`,
    ),
    deleteFts: perFtsTable((table) => `DELETE FROM ${table} WHERE rowid = ?`),
    personTextFields: db.prepare(
      'SELECT displayname, firstname, lastname, contacts FROM persons WHERE id = ?',
    ),
    contactsOfPerson: db.prepare('SELECT contacts FROM persons WHERE id = ?').pluck(),
    setShownNumbersOfPerson: db.prepare('UPDATE persons SET shown_numbers = ? WHERE id = ?'),
    hasCompany: db.prepare('SELECT 1 FROM company_persons WHERE person_id = ? LIMIT 1'),
    companyNamesOfPerson: db
      .prepare(
        `SELECT c.name FROM company_persons cp JOIN companies c ON c.id = cp.company_id
        WHERE cp.person_id = ? ORDER BY c.sort_key`,
      )
      .pluck(),
    companyData: db.prepare('SELECT data FROM companies WHERE id = ?').pluck(),
    userForIndex: db.prepare(`SELECT u.name, u.username, u.email, u.firstname, u.lastname, u.number,
        e.number AS extension_number
      FROM users u LEFT JOIN extensions e ON e.id = u.primary_extension WHERE u.id = ?`),
    usersOfExtension: db.prepare('SELECT id FROM users WHERE primary_extension = ?').pluck(),
    extensionById: db.prepare('SELECT number, type FROM extensions WHERE id = ?'),
  };
}
