/**
 * Writes directory records into the cache and keeps the number index and the search index in step with
 * them. Every method expects to run inside a transaction (CacheDatabase.write); none of them commits.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type {
  Company,
  CompanyListItem,
  Extension,
  Group,
  Person,
  PersonListItem,
  Queue,
  Role,
  Team,
  User,
  UserListItem,
} from '../api/schemas';
import { CONTACT_TYPES } from '../api/schemas';
import type { EntryKind, FtsTable } from './kinds';
import { KIND_CODE, ftsRowid, ftsTable } from './kinds';
import { MultiRowInsert } from './multi-insert';
import type { NumberKeys } from './numbering';
import { fold } from './text';

/** A person as the app knows it after a create or edit; the PBX's read-only collections are not needed. */
export type PersonDetail = Pick<
  Person,
  'id' | 'group_id' | 'displayname' | 'firstname' | 'lastname' | 'note' | 'external_id' | 'data' | 'contacts'
>;

/** The company fields the cache keeps. */
export type CompanyDetail = Pick<Company, 'id' | 'group_id' | 'name' | 'external_id' | 'data' | 'persons'>;

/** What a list item told the cache about a record: unknown so far, different from the cache, or the same. */
export type ListChange = 'new' | 'changed' | 'unchanged';

/** A number to index for an owner, with the label shown next to it (`mobile`, `work`, `extension`…). */
interface LabelledNumber {
  raw: string;
  label: string;
}

type Run = Statement<unknown[]>;

export class DirectoryStore {
  private readonly sql: ReturnType<typeof prepareStatements>;
  private readonly insertNumbers: MultiRowInsert;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly numbers: NumberKeys,
  ) {
    this.sql = prepareStatements(db);
    this.insertNumbers = new MultiRowInsert(
      db,
      'INSERT INTO numbers (kind, owner_id, position, key, national, label, raw, display, dial)',
      9,
    );
  }

  // ---- persons ---------------------------------------------------------------------------------------

  /** What each list item means for the cache, from one read of the cached list fields. */
  comparePersonList(items: readonly PersonListItem[]): ListChange[] {
    return compareList(this.sql.personListFieldsOf, items.map(personListFields));
  }

  /** Writes a list item `comparePersonList` found new or changed. */
  writePersonListItem(item: PersonListItem, change: Exclude<ListChange, 'unchanged'>): void {
    const fields = { ...personListFields(item), sort_key: sortKey(personName(item)) };
    if (change === 'new') {
      // Goes into the word index when its detail is saved (its name already finds it by the name index):
      // indexing the stub too would double the index work of a first sync. A stub is due for a detail
      // fetch, so after a crash the next run completes it. (OR IGNORE: the app may have saved it since.)
      this.sql.insertPersonStub.run(fields);
      return;
    }
    this.sql.updatePersonListFields.run(fields);
    this.refreshPersonText(item.id);
  }

  savePerson(person: PersonDetail): void {
    const fields = personListFields(person);
    const contacts: StoredContact[] = person.contacts.map(({ id, type, contact, label }) => ({
      id: id ?? null,
      type,
      contact,
      label,
    }));
    this.sql.upsertPerson.run({
      ...fields,
      note: person.note,
      data: JSON.stringify(person.data),
      contacts: JSON.stringify(contacts),
      sort_key: sortKey(personName(fields)),
    });
    this.setNumbers('person', person.id, phoneNumbersOf(contacts));
    this.refreshPersonText(person.id, { ...fields, emails: emailsOf(contacts) });
  }

  /** Also ends the person's company memberships, as the PBX does when a person is deleted. */
  deletePerson(id: number): void {
    this.sql.deletePerson.run(id);
    this.sql.deleteMembershipsOf.run(id);
    this.removeFromIndexes('person', id);
  }

  // ---- companies -------------------------------------------------------------------------------------

  compareCompanyList(items: readonly CompanyListItem[]): ListChange[] {
    return compareList(this.sql.companyListFieldsOf, items.map(companyListFields));
  }

  writeCompanyListItem(item: CompanyListItem): void {
    const fields = companyListFields(item);
    this.sql.upsertCompanyListFields.run({ ...fields, sort_key: sortKey(fields.name) });
    this.afterCompanyChange(item.id, fields.name, this.memberIds(item.id));
  }

  saveCompany(company: CompanyDetail): void {
    const fields = companyListFields(company);
    const before = this.memberIds(company.id);
    this.sql.upsertCompany.run({
      ...fields,
      data: JSON.stringify(company.data),
      sort_key: sortKey(fields.name),
    });
    this.sql.deleteCompanyPersons.run(company.id);
    for (const member of company.persons) {
      this.sql.insertCompanyPerson.run(company.id, member.person_id, member.role);
    }
    this.setNumbers('company', company.id, companyNumbers(company.data));
    const after = company.persons.map((member) => member.person_id);
    this.afterCompanyChange(company.id, fields.name, [...new Set([...before, ...after])]);
  }

  deleteCompany(id: number): void {
    const members = this.memberIds(id);
    this.sql.deleteCompany.run(id);
    this.removeFromIndexes('company', id);
    for (const personId of members) this.refreshPersonText(personId);
  }

  // ---- users -----------------------------------------------------------------------------------------

  compareUserList(items: readonly UserListItem[]): ListChange[] {
    return compareList(this.sql.userListFieldsOf, items.map(userListFields));
  }

  writeUserListItem(item: UserListItem): void {
    const fields = userListFields(item);
    this.sql.upsertUserListFields.run({ ...fields, sort_key: sortKey(fields.name) });
    this.refreshUserIndexes(item.id);
  }

  saveUser(user: User): void {
    const name = user.displayname.trim() || `${user.firstname} ${user.lastname}`.trim() || user.username;
    this.sql.upsertUser.run({
      id: user.id,
      name,
      external_id: user.external_id ?? null,
      username: user.username,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      group_id: user.group_id,
      team_id: user.team_id ?? null,
      role_id: user.role_id ?? null,
      primary_extension: user.primary_extension ?? null,
      number: user.number,
      active: user.active ? 1 : 0,
      sort_key: sortKey(name),
      raw: JSON.stringify(user),
    });
    this.refreshUserIndexes(user.id);
  }

  deleteUser(id: number): void {
    this.sql.deleteUser.run(id);
    this.removeFromIndexes('user', id);
  }

  // ---- whole collections -----------------------------------------------------------------------------

  /** Replaces the extensions; only added, changed and removed ones touch the indexes. */
  replaceExtensions(extensions: readonly Extension[]): { added: number; changed: number; removed: number } {
    const cached = new Map(
      (this.sql.allExtensionsRaw.all() as { id: number; raw: string }[]).map((row) => [row.id, row.raw]),
    );
    let added = 0;
    let changed = 0;
    for (const extension of extensions) {
      const raw = JSON.stringify(extension);
      const before = cached.get(extension.id);
      cached.delete(extension.id);
      if (before === raw) continue;
      if (before === undefined) added += 1;
      else changed += 1;
      this.sql.upsertExtension.run({
        id: extension.id,
        group_id: extension.group_id,
        number: extension.number,
        name: extension.name,
        type: extension.type,
        external_id: extension.external_id ?? null,
        raw,
      });
      this.setNumbers('extension', extension.id, [{ raw: extension.number, label: extension.type }]);
      this.setSearchText('extension', extension.id, extension.name, '');
      this.refreshUsersOfExtension(extension.id);
    }
    for (const id of cached.keys()) {
      this.sql.deleteExtension.run(id);
      this.removeFromIndexes('extension', id);
      this.refreshUsersOfExtension(id);
    }
    return { added, changed, removed: cached.size };
  }

  replaceGroups(groups: readonly Group[]): void {
    this.db.exec('DELETE FROM groups');
    for (const group of groups)
      this.sql.insertGroup.run(group.id, group.name, group.external_id ?? null, json(group));
  }

  replaceRoles(roles: readonly Role[]): void {
    this.db.exec('DELETE FROM roles');
    for (const role of roles) this.sql.insertRole.run(role.id, role.group_id, role.name, json(role));
  }

  replaceTeams(teams: readonly Team[]): void {
    this.db.exec('DELETE FROM teams');
    for (const team of teams) this.sql.insertTeam.run(team.id, team.group_id, team.name, json(team));
  }

  replaceQueues(queues: readonly Queue[]): void {
    this.db.exec('DELETE FROM queues');
    for (const queue of queues) {
      this.sql.insertQueue.run(
        queue.id,
        queue.group_id,
        queue.number,
        queue.name,
        queue.type,
        queue.active ? 1 : 0,
        json(queue),
      );
    }
  }

  // ---- index maintenance -----------------------------------------------------------------------------

  /** Recomputes the number keys of these records, e.g. after the default country changed. */
  reindexNumbersOf(kind: EntryKind, ids: readonly number[]): void {
    for (const id of ids) {
      if (kind === 'person') {
        const contacts = this.sql.contactsOfPerson.get(id) as string | undefined;
        if (contacts !== undefined) this.setNumbers('person', id, phoneNumbersOf(parseContacts(contacts)));
      } else if (kind === 'user') {
        this.refreshUserIndexes(id);
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

  /** The person's search text; `known` saves reading back what the caller just wrote. */
  private refreshPersonText(id: number, known?: PersonText): void {
    const person = known ?? this.personText(id);
    if (!person) return;
    // Most persons belong to no company: the covering-index probe spares them the join.
    const companies = this.sql.hasCompany.get(id) ? (this.sql.companyNamesOfPerson.all(id) as string[]) : [];
    const names = [person.displayname, person.firstname, person.lastname];
    this.setSearchText('person', id, names.join(' '), [...companies, ...person.emails].join(' '));
  }

  private personText(id: number): PersonText | undefined {
    const row = this.sql.personTextFields.get(id) as
      { displayname: string; firstname: string; lastname: string; contacts: string } | undefined;
    return row && { ...row, emails: emailsOf(parseContacts(row.contacts)) };
  }

  private afterCompanyChange(id: number, name: string, personIds: readonly number[]): void {
    this.setSearchText('company', id, name, '');
    for (const personId of personIds) this.refreshPersonText(personId);
  }

  private memberIds(companyId: number): number[] {
    return this.sql.memberIds.all(companyId) as number[];
  }

  private refreshUsersOfExtension(extensionId: number): void {
    for (const userId of this.sql.usersOfExtension.all(extensionId) as number[]) {
      this.refreshUserIndexes(userId);
    }
  }

  /** A user's numbers (the primary line's extension, the external number) and search text. */
  private refreshUserIndexes(id: number): void {
    const user = this.sql.userForIndex.get(id) as UserIndexRow | undefined;
    if (!user) return;
    const numbers: LabelledNumber[] = [];
    if (user.extension_number) numbers.push({ raw: user.extension_number, label: 'extension' });
    if (user.number) numbers.push({ raw: user.number, label: 'external' });
    this.setNumbers('user', id, numbers);
    const names = [user.name, user.firstname ?? '', user.lastname ?? ''];
    this.setSearchText('user', id, names.join(' '), [user.username ?? '', user.email ?? ''].join(' '));
  }

  /** Replaces the owner's rows in the number index (which search by digits reads too). */
  private setNumbers(kind: EntryKind, ownerId: number, entries: readonly LabelledNumber[]): void {
    const code = KIND_CODE[kind];
    this.sql.deleteNumbersOf.run(code, ownerId);
    const rows: unknown[][] = [];
    for (const entry of entries) {
      const indexed = this.numbers.index(entry.raw);
      if (!indexed) continue;
      const { key, national, display, dial } = indexed;
      rows.push([code, ownerId, rows.length, key, national, entry.label, entry.raw, display, dial]);
    }
    this.insertNumbers.run(rows);
  }

  private setSearchText(kind: EntryKind, id: number, name: string, extra: string): void {
    this.sql.upsertFts[ftsTable(kind)].run(ftsRowid(kind, id), name, extra);
  }

  private removeFromIndexes(kind: EntryKind, id: number): void {
    const code = KIND_CODE[kind];
    this.sql.deleteNumbersOf.run(code, id);
    this.sql.deleteFts[ftsTable(kind)].run(ftsRowid(kind, id));
  }
}

// ---- row shapes and helpers ---------------------------------------------------------------------------

export interface PersonListFields {
  id: number;
  group_id: number;
  displayname: string;
  firstname: string;
  lastname: string;
  external_id: string | null;
}

interface CompanyListFields {
  id: number;
  group_id: number;
  name: string;
  external_id: string | null;
}

interface UserListFields {
  id: number;
  name: string;
  external_id: string | null;
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

function personListFields(item: PersonListItem): PersonListFields {
  return {
    id: item.id,
    group_id: item.group_id,
    displayname: item.displayname,
    firstname: item.firstname,
    lastname: item.lastname,
    external_id: item.external_id ?? null,
  };
}

function userListFields(item: UserListItem): UserListFields {
  return { id: item.id, name: item.name, external_id: item.external_id ?? null };
}

function companyListFields(item: CompanyListItem): CompanyListFields {
  return { id: item.id, group_id: item.group_id, name: item.name, external_id: item.external_id ?? null };
}

/**
 * A company's own numbers. The Company resource has no contacts, so a switchboard number can only live in
 * its free-form `data`: string values under keys such as `phone` or `fax` are indexed.
 */
const COMPANY_NUMBER_KEYS = /^(?:phone|telephone|tel|switchboard|fax|mobile)$/i;

function companyNumbers(data: Readonly<Record<string, unknown>>): LabelledNumber[] {
  return Object.entries(data)
    .filter(
      (entry): entry is [string, string] =>
        COMPANY_NUMBER_KEYS.test(entry[0]) && typeof entry[1] === 'string',
    )
    .map(([label, raw]) => ({ raw, label }));
}

/** A contact as the cache keeps it, in the person's `contacts` JSON column. */
export interface StoredContact {
  id: number | null;
  /** 0 general, 1 phone, 2 e-mail, 3 web. */
  type: number;
  contact: string;
  label: string;
}

interface PersonText {
  displayname: string;
  firstname: string;
  lastname: string;
  emails: string[];
}

export function parseContacts(json: string): StoredContact[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as StoredContact[]) : [];
}

/** Phone contacts, and general ones (a general contact that is no number is simply not indexed). */
export function phoneNumbersOf(
  contacts: readonly Pick<StoredContact, 'type' | 'contact' | 'label'>[],
): LabelledNumber[] {
  return contacts
    .filter((contact) => contact.type === CONTACT_TYPES.phone || contact.type === CONTACT_TYPES.general)
    .map((contact) => ({ raw: contact.contact, label: contact.label }));
}

export function emailsOf(contacts: readonly StoredContact[]): string[] {
  return contacts.filter((contact) => contact.type === CONTACT_TYPES.email).map((contact) => contact.contact);
}

/** The name a person is shown and sorted by. */
export function personName(person: Pick<PersonListFields, 'displayname' | 'firstname' | 'lastname'>): string {
  return person.displayname.trim() || `${person.firstname} ${person.lastname}`.trim();
}

function sortKey(name: string): string {
  return fold(name);
}

/** Compares list items with the cache's copy of their fields, read for the whole page at once. */
function compareList<F extends { id: number }>(cachedOf: Run, fresh: readonly F[]): ListChange[] {
  const rows = cachedOf.all(JSON.stringify(fresh.map((fields) => fields.id))) as F[];
  const cached = new Map(rows.map((row) => [row.id, row]));
  return fresh.map((fields) => {
    const row = cached.get(fields.id);
    if (!row) return 'new';
    return (Object.keys(fields) as (keyof F)[]).every((key) => row[key] === fields[key])
      ? 'unchanged'
      : 'changed';
  });
}

function json(value: unknown): string {
  return JSON.stringify(value);
}

function prepareStatements(db: SqliteDatabase) {
  const run = (source: string): Run => db.prepare(source);
  return {
    personListFieldsOf: run(`SELECT id, group_id, displayname, firstname, lastname, external_id FROM persons
      WHERE id IN (SELECT value FROM json_each(?))`),
    insertPersonStub: run(`INSERT OR IGNORE INTO persons
      (id, group_id, displayname, firstname, lastname, external_id, sort_key)
      VALUES (@id, @group_id, @displayname, @firstname, @lastname, @external_id, @sort_key)`),
    updatePersonListFields: run(`UPDATE persons SET group_id = @group_id, displayname = @displayname,
      firstname = @firstname, lastname = @lastname, external_id = @external_id, sort_key = @sort_key WHERE id = @id`),
    upsertPerson: run(`INSERT INTO persons
      (id, group_id, displayname, firstname, lastname, external_id, note, data, contacts, sort_key)
      VALUES (@id, @group_id, @displayname, @firstname, @lastname, @external_id, @note, @data, @contacts, @sort_key)
      ON CONFLICT (id) DO UPDATE SET group_id = excluded.group_id, displayname = excluded.displayname,
        firstname = excluded.firstname, lastname = excluded.lastname, external_id = excluded.external_id,
        note = excluded.note, data = excluded.data, contacts = excluded.contacts, sort_key = excluded.sort_key`),
    personTextFields: run('SELECT displayname, firstname, lastname, contacts FROM persons WHERE id = ?'),
    contactsOfPerson: run('SELECT contacts FROM persons WHERE id = ?').pluck(),
    deletePerson: run('DELETE FROM persons WHERE id = ?'),
    hasCompany: run('SELECT 1 FROM company_persons WHERE person_id = ? LIMIT 1'),
    companyNamesOfPerson: run(`SELECT c.name FROM company_persons cp JOIN companies c ON c.id = cp.company_id
      WHERE cp.person_id = ? ORDER BY c.sort_key`).pluck(),

    companyListFieldsOf: run(`SELECT id, group_id, name, external_id FROM companies
      WHERE id IN (SELECT value FROM json_each(?))`),
    upsertCompanyListFields: run(`INSERT INTO companies (id, group_id, name, external_id, sort_key)
      VALUES (@id, @group_id, @name, @external_id, @sort_key)
      ON CONFLICT (id) DO UPDATE SET group_id = excluded.group_id, name = excluded.name,
        external_id = excluded.external_id, sort_key = excluded.sort_key`),
    upsertCompany: run(`INSERT INTO companies (id, group_id, name, external_id, data, sort_key)
      VALUES (@id, @group_id, @name, @external_id, @data, @sort_key)
      ON CONFLICT (id) DO UPDATE SET group_id = excluded.group_id, name = excluded.name,
        external_id = excluded.external_id, data = excluded.data, sort_key = excluded.sort_key`),
    companyData: run('SELECT data FROM companies WHERE id = ?').pluck(),
    deleteCompany: run('DELETE FROM companies WHERE id = ?'),
    deleteCompanyPersons: run('DELETE FROM company_persons WHERE company_id = ?'),
    insertCompanyPerson: run(
      'INSERT OR REPLACE INTO company_persons (company_id, person_id, role) VALUES (?, ?, ?)',
    ),
    deleteMembershipsOf: run('DELETE FROM company_persons WHERE person_id = ?'),
    memberIds: run('SELECT person_id FROM company_persons WHERE company_id = ?').pluck(),

    userListFieldsOf: run(
      'SELECT id, name, external_id FROM users WHERE id IN (SELECT value FROM json_each(?))',
    ),
    upsertUserListFields: run(`INSERT INTO users (id, name, external_id, sort_key)
      VALUES (@id, @name, @external_id, @sort_key)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, external_id = excluded.external_id,
        sort_key = excluded.sort_key`),
    upsertUser: run(`INSERT INTO users (id, name, external_id, username, email, firstname, lastname, group_id,
        team_id, role_id, primary_extension, number, active, sort_key, raw)
      VALUES (@id, @name, @external_id, @username, @email, @firstname, @lastname, @group_id, @team_id, @role_id,
        @primary_extension, @number, @active, @sort_key, @raw)
      ON CONFLICT (id) DO UPDATE SET external_id = excluded.external_id, username = excluded.username,
        email = excluded.email, firstname = excluded.firstname, lastname = excluded.lastname,
        group_id = excluded.group_id, team_id = excluded.team_id, role_id = excluded.role_id,
        primary_extension = excluded.primary_extension, number = excluded.number, active = excluded.active,
        raw = excluded.raw`),
    deleteUser: run('DELETE FROM users WHERE id = ?'),
    userForIndex: run(`SELECT u.name, u.username, u.email, u.firstname, u.lastname, u.number,
        e.number AS extension_number
      FROM users u LEFT JOIN extensions e ON e.id = u.primary_extension WHERE u.id = ?`),
    usersOfExtension: run('SELECT id FROM users WHERE primary_extension = ?').pluck(),

    allExtensionsRaw: run('SELECT id, raw FROM extensions'),
    extensionById: run('SELECT number, type FROM extensions WHERE id = ?'),
    upsertExtension:
      run(`INSERT OR REPLACE INTO extensions (id, group_id, number, name, type, external_id, raw)
      VALUES (@id, @group_id, @number, @name, @type, @external_id, @raw)`),
    deleteExtension: run('DELETE FROM extensions WHERE id = ?'),
    insertGroup: run('INSERT OR REPLACE INTO groups (id, name, external_id, raw) VALUES (?, ?, ?, ?)'),
    insertRole: run('INSERT OR REPLACE INTO roles (id, group_id, name, raw) VALUES (?, ?, ?, ?)'),
    insertTeam: run('INSERT OR REPLACE INTO teams (id, group_id, name, raw) VALUES (?, ?, ?, ?)'),
    insertQueue: run(
      'INSERT OR REPLACE INTO queues (id, group_id, number, name, type, active, raw) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),

    deleteNumbersOf: run('DELETE FROM numbers WHERE kind = ? AND owner_id = ?'),
    upsertFts: {
      person_fts: run('INSERT OR REPLACE INTO person_fts (rowid, name, extra) VALUES (?, ?, ?)'),
      entry_fts: run('INSERT OR REPLACE INTO entry_fts (rowid, name, extra) VALUES (?, ?, ?)'),
    } satisfies Record<FtsTable, Run>,
    deleteFts: {
      person_fts: run('DELETE FROM person_fts WHERE rowid = ?'),
      entry_fts: run('DELETE FROM entry_fts WHERE rowid = ?'),
    } satisfies Record<FtsTable, Run>,
  };
}
