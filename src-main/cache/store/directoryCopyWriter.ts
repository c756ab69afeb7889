/**
 * Fills a directory cache from another directory's search summaries (`directory:export` pages): the
 * read-only copy a team server's client searches while the server cannot be reached. Only what the summaries
 * carry is written: names, company links and roles, numbers, e-mails, a user's username and active flag, an
 * extension's type. No note, no CRM data, no external id: those columns keep their empty defaults. The
 * number and search indexes are the cache's own, so the copy is searched by the cache's search unchanged.
 *
 * Persons come before companies in an export, and each person's summary names their companies: a person's
 * memberships (and their companies' rows, named as the link names them) are written before the person, so
 * the person's search text, company names included, is indexed once. Reindexing every member when their
 * company came (as CompanyStore.save does) held the event loop ~100 ms per large company. Every method runs
 * its own transactions.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import {
  CONTACT_TYPE_CODES,
  type CompanySummary,
  type DirectoryEntry,
  type DirectoryNumber,
  type ExtensionSummary,
  type PersonSummary,
  type UserSummary,
} from '../../shared/contract';
import { sortKey } from '../database/searchText';
import type { DirectoryCache } from '../directory/directoryCache';
import { writeInSlices } from '../sync/writeInSlices';
import type { NumberingPlan } from './numberKeys';

/** What a finished copy says of itself (in its meta table); a file without it is no finished copy. */
export interface DirectoryCopyInfo {
  /** The stamp of the directory it copies (`directory:export`). */
  stamp: string;
  /** Epoch ms when the copy was completed. */
  copiedAt: number;
  /** How the copied directory reads numbers: the copy is indexed and opened with the same plan. */
  numbering: NumberingPlan;
}

const COPY_INFO_KEY = 'directory_copy';

/** The longest transaction of the copy (see `write`). */
const COPY_SLICE_MS = 10;

export class DirectoryCopyWriter {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(
    db: SqliteDatabase,
    private readonly cache: DirectoryCache,
  ) {
    this.sql = prepareStatements(db);
  }

  /**
   * One export page, in transactions short enough for the event loop to turn between them: COPY_SLICE_MS,
   * shorter than a sync's, because the copy runs on the app's main thread and a slice's commit and the
   * page's arrival come on top of it (25 ms slices held the loop up to 64–74 ms of CPU, 10 ms ones 42–51 ms,
   * the copy's pages read by the server in the same thread; docs/performance.md).
   */
  async write(entries: readonly DirectoryEntry[]): Promise<void> {
    await writeInSlices(
      (fn) => this.cache.write(fn),
      entries,
      (entry) => this.entry(entry),
      { sliceMs: COPY_SLICE_MS },
    );
  }

  /** Marks the copy complete: written last, so a file without it is a copy that never finished. */
  seal(info: DirectoryCopyInfo): void {
    this.cache.write(() => this.sql.setMeta.run(COPY_INFO_KEY, JSON.stringify(info)));
  }

  private entry(entry: DirectoryEntry): void {
    if (entry.kind === 'person') this.person(entry);
    else if (entry.kind === 'company') this.company(entry);
    else if (entry.kind === 'user') this.user(entry);
    else this.extension(entry);
  }

  private person(person: PersonSummary): void {
    for (const { id, name, role } of person.companies) {
      this.sql.companyOfLink.run({ id, name, sort_key: sortKey(name) });
      this.sql.member.run(id, person.id, role);
    }
    this.cache.store.persons.save({
      id: person.id,
      group_id: 0,
      displayname: person.name,
      firstname: '',
      lastname: '',
      note: '',
      external_id: null,
      data: {},
      contacts: [
        ...person.numbers.map(({ raw, label }) => ({ type: CONTACT_TYPE_CODES.phone, contact: raw, label })),
        ...person.emails.map((email) => ({ type: CONTACT_TYPE_CODES.email, contact: email, label: '' })),
      ],
    });
  }

  private company(company: CompanySummary): void {
    this.sql.company.run({ id: company.id, name: company.name, sort_key: sortKey(company.name) });
    const { indexes } = this.cache.store;
    indexes.setNumbers('company', company.id, labelled(company.numbers));
    indexes.setSearchText('company', company.id, company.name, '');
  }

  private user(user: UserSummary): void {
    this.sql.insertUser.run({
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      active: user.active === null ? null : Number(user.active),
      sort_key: sortKey(user.name),
    });
    const { indexes } = this.cache.store;
    indexes.setNumbers('user', user.id, labelled(user.numbers));
    indexes.setSearchText('user', user.id, user.name, [user.username ?? '', user.email ?? ''].join(' '));
  }

  private extension(extension: ExtensionSummary): void {
    this.sql.insertExtension.run({
      id: extension.id,
      number: extension.numbers[0]?.raw ?? '',
      name: extension.name,
      type: extension.type,
    });
    const { indexes } = this.cache.store;
    indexes.setNumbers('extension', extension.id, labelled(extension.numbers));
    indexes.setSearchText('extension', extension.id, extension.name, '');
  }
}

/** A finished copy's info; null for a file no copy was completed in. */
export function directoryCopyInfo(db: SqliteDatabase): DirectoryCopyInfo | null {
  const value = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(COPY_INFO_KEY);
  return typeof value === 'string' ? (JSON.parse(value) as DirectoryCopyInfo) : null;
}

const labelled = (numbers: readonly DirectoryNumber[]) => numbers.map(({ raw, label }) => ({ raw, label }));

function prepareStatements(db: SqliteDatabase) {
  return {
    setMeta: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
    companyOfLink: db.prepare(`INSERT OR IGNORE INTO companies (id, group_id, name, sort_key)
      VALUES (@id, 0, @name, @sort_key)`),
    company:
      db.prepare(`INSERT INTO companies (id, group_id, name, sort_key) VALUES (@id, 0, @name, @sort_key)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, sort_key = excluded.sort_key`),
    member: db.prepare(
      'INSERT OR REPLACE INTO company_persons (company_id, person_id, role) VALUES (?, ?, ?)',
    ),
    insertUser: db.prepare(`INSERT OR REPLACE INTO users (id, name, username, email, active, sort_key)
      VALUES (@id, @name, @username, @email, @active, @sort_key)`),
    // raw: the column is NOT NULL; the copy keeps no record as the PBX sent it.
    insertExtension: db.prepare(`INSERT OR REPLACE INTO extensions (id, group_id, number, name, type, raw)
      VALUES (@id, 0, @number, @name, @type, '{}')`),
  };
}
