/**
 * The directory's tables: the records the sync mirrors, the number and search indexes, and the sync's
 * bookkeeping. Migrations (database/migrations.ts) run these; never edit one that was released.
 */
import type { Database } from 'better-sqlite3';
import { KIND_CODE } from '../database/entryKind';

/** The first schema: the directory, its indexes, the sync bookkeeping and the meta table. */
export function createDirectoryTables(db: Database): void {
  db.exec(`
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

    CREATE TABLE groups (id INTEGER PRIMARY KEY, name TEXT NOT NULL, external_id TEXT, raw TEXT NOT NULL);
    CREATE TABLE roles (id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL, name TEXT NOT NULL, raw TEXT NOT NULL);
    CREATE TABLE teams (id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL, name TEXT NOT NULL, raw TEXT NOT NULL);
    CREATE TABLE queues (
      id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL, number TEXT NOT NULL, name TEXT NOT NULL,
      type INTEGER NOT NULL, active INTEGER NOT NULL, raw TEXT NOT NULL);
    CREATE TABLE extensions (
      id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL, number TEXT NOT NULL, name TEXT NOT NULL,
      type TEXT NOT NULL, external_id TEXT, raw TEXT NOT NULL);

    -- name and external_id come from the list; the other columns from the detail (raw is NULL until fetched).
    CREATE TABLE users (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, external_id TEXT, username TEXT, email TEXT,
      firstname TEXT, lastname TEXT, group_id INTEGER, team_id INTEGER, role_id INTEGER,
      primary_extension INTEGER, number TEXT, active INTEGER, sort_key TEXT NOT NULL, raw TEXT);

    -- contacts: the person's contacts as a JSON array of {id, type, contact, label}. They are only ever read
    -- and written whole (a PATCH replaces the collection); phone numbers are queried through the number
    -- index and e-mails through the search index, so a table of their own would only add writes.
    CREATE TABLE persons (
      id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL, displayname TEXT NOT NULL, firstname TEXT NOT NULL,
      lastname TEXT NOT NULL, external_id TEXT, note TEXT NOT NULL DEFAULT '', data TEXT NOT NULL DEFAULT '{}',
      contacts TEXT NOT NULL DEFAULT '[]', sort_key TEXT NOT NULL);
    CREATE INDEX persons_by_sort_key ON persons (sort_key);

    CREATE TABLE companies (
      id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL, name TEXT NOT NULL, external_id TEXT,
      data TEXT NOT NULL DEFAULT '{}', sort_key TEXT NOT NULL);
    CREATE INDEX companies_by_sort_key ON companies (sort_key);
    -- No foreign key to persons: a company may list a person the cache has not fetched yet.
    CREATE TABLE company_persons (
      company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE, person_id INTEGER NOT NULL,
      role TEXT NOT NULL, PRIMARY KEY (company_id, person_id)) WITHOUT ROWID;
    CREATE INDEX company_persons_by_person ON company_persons (person_id);

    -- Screen-pop: a normalised number (E.164 '+…' or internal digits) to its owners. kind: see KIND_CODE.
    CREATE TABLE numbers (
      kind INTEGER NOT NULL, owner_id INTEGER NOT NULL, position INTEGER NOT NULL, key TEXT NOT NULL,
      label TEXT NOT NULL, raw TEXT NOT NULL, display TEXT NOT NULL, dial TEXT NOT NULL,
      PRIMARY KEY (kind, owner_id, position)) WITHOUT ROWID;
    CREATE INDEX numbers_by_key ON numbers (key);
    -- Search by digits: every digit form of every number (international, national, as dialled), for prefix
    -- range scans that stop at LIMIT. (As FTS5 terms, a 5–7 digit prefix merged thousands of distinct
    -- numbers' doclists: p50 7 ms against well under 1 ms here.)
    CREATE TABLE number_digits (
      kind INTEGER NOT NULL, digits TEXT NOT NULL, owner_id INTEGER NOT NULL,
      PRIMARY KEY (kind, digits, owner_id)) WITHOUT ROWID;
    CREATE INDEX number_digits_by_owner ON number_digits (kind, owner_id);

    -- Search text: names in one column, company names and e-mails in the other. Persons have a table of
    -- their own: a query over the few thousand companies, users and extensions then never walks the long
    -- doclists of 100,000 persons' common words (measured: ~3 ms per kind for "cz" in a shared table).
    -- rowid = kind base + id (see ftsRowid). Prefix indexes for 1–4 characters: search-as-you-type p95 at
    -- 100,000 persons measured 7 ms with them, 19 ms with '2 3' and 31 ms with none.
    CREATE VIRTUAL TABLE person_fts USING fts5 (
      name, extra, content = '', contentless_delete = 1, detail = column,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4');
    CREATE VIRTUAL TABLE entry_fts USING fts5 (
      name, extra, content = '', contentless_delete = 1, detail = column,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4');

    -- Sync bookkeeping, apart from the records so that a sync with nothing changed rewrites little.
    -- seen_generation: the last list pass that saw the record; needs_fetch: new, changed or due for refresh.
    CREATE TABLE record_sync (
      kind INTEGER NOT NULL, id INTEGER NOT NULL, seen_generation INTEGER NOT NULL,
      fetched_at INTEGER, needs_fetch INTEGER NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID;
    CREATE INDEX record_sync_by_due ON record_sync (kind, needs_fetch, fetched_at);
    -- One row per synced collection: where its current pass is, so an interrupted sync resumes.
    -- list_shifted: records were deleted while the list was being read, so the pass may have missed some.
    CREATE TABLE sync_state (
      collection TEXT PRIMARY KEY, generation INTEGER NOT NULL, phase TEXT NOT NULL,
      list_offset INTEGER NOT NULL, list_shifted INTEGER NOT NULL DEFAULT 0, started_at INTEGER NOT NULL,
      completed_at INTEGER) WITHOUT ROWID;
  `);
}

/**
 * One index row per number instead of one per digit form: a person's 2–3 numbers had written 5–8 rows at
 * random places of number_digits, the largest cost of a first sync. Search by digits now reads two ranges
 * per kind, the national significant number and the E.164 key (directorySearch.ts). The number index is
 * rebuilt by the next sync (the stored numbering plan no longer matches).
 */
export function indexNumbersByNational(db: Database): void {
  db.exec(`
    DROP TABLE number_digits;
    DROP INDEX numbers_by_key;
    ALTER TABLE numbers ADD COLUMN national TEXT NOT NULL DEFAULT '';
    CREATE INDEX numbers_by_key ON numbers (kind, key);
    CREATE INDEX numbers_by_national ON numbers (kind, national);
    UPDATE meta SET value = 'rebuild: schema 3' WHERE key = 'numbering_plan';
  `);
}

/**
 * Users keep only the columns the app reads. `raw` held each user as the PBX sent it, voicemail PIN
 * included (the service account's too). Dropping the column rewrites every row; the migration runs
 * `compactDatabase` afterwards, so the old rows do not linger in free pages or the WAL either.
 */
export function dropStoredUserRecords(db: Database): void {
  db.exec('ALTER TABLE users DROP COLUMN raw');
}

/**
 * A person's numbers as search results show them (raw, label, display form, dial string, in contact order)
 * also in the person's row, written whenever the number index rows are: a keystroke then reads the ten
 * persons it shows without a seek each into the number table, which cost more than the rest of their rows.
 * Filled here from the number index, so an upgraded cache shows its numbers before the next sync.
 */
export function storeShownNumbersInPersonRows(db: Database): void {
  db.exec(`
    ALTER TABLE persons ADD COLUMN shown_numbers TEXT NOT NULL DEFAULT '[]';
    UPDATE persons SET shown_numbers = (
      SELECT json_group_array(json_object('raw', raw, 'label', label, 'display', display, 'dial', dial)
        ORDER BY position)
      FROM numbers WHERE kind = ${KIND_CODE.person} AND owner_id = persons.id)
    WHERE id IN (SELECT owner_id FROM numbers WHERE kind = ${KIND_CODE.person});
  `);
}

/**
 * The sort key of each person beside its id in an index of their own, for ranking search candidates
 * (directorySearch.ts): a keystroke reads up to 200 candidates' sort keys, which from the persons' rows
 * (contacts, notes, numbers: a few hundred bytes each) cost a page read per candidate; ~30 bytes an entry,
 * the index keeps the low ids every query's candidates come from on a few pages that stay cached.
 */
export function indexPersonSortKeysById(db: Database): void {
  db.exec('CREATE INDEX persons_sort_key_by_id ON persons (id, sort_key)');
}

/**
 * The users' folded names indexed as the persons' and companies' are: every name keystroke looks users up
 * by name prefix, which without the index read and sorted every user (0.18 ms for 2,000 users against
 * 0.01 ms through it; docs/performance.md).
 */
export function indexUserSortKeys(db: Database): void {
  db.exec('CREATE INDEX users_by_sort_key ON users (sort_key)');
}
