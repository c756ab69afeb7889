/**
 * The directory cache as the rest of the app sees it: search, number lookup, the person card, and the hooks
 * that put a person or company the app just created or edited into the cache at once.
 */
import type { Clock } from '../../shared/clock';
import { systemClock } from '../../shared/clock';
import type {
  CompanyCard,
  DirectoryCounts,
  DirectorySearchResult,
  NumberMatch,
  PersonCard,
} from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { isSupportedDefaultCountry } from '../../shared/numbers';
import type { EntryKind } from '../database/entryKind';
import type { CacheDatabase } from '../database/openCache';
import type { CompanyDetail } from '../store/companyStore';
import { DirectoryStore } from '../store/directoryStore';
import type { NumberingPlan } from '../store/numberKeys';
import { NumberKeys } from '../store/numberKeys';
import type { PersonDetail } from '../store/personStore';
import type { DetailCollection } from '../sync/detailCollection';
import type { DetailOutcome } from '../sync/detailOutcome';
import { applyDetailOutcome } from '../sync/detailOutcome';
import { SyncLedger } from '../sync/syncLedger';
import { yieldToEventLoop } from '../sync/writeInSlices';
import { CompanyCards } from './companyCards';
import { DirectoryExport, type ExportedEntries, type ExportPosition } from './directoryExport';
import type { SearchOptions } from './directorySearch';
import { DirectorySearch } from './directorySearch';
import { EntryReader } from './entryReader';
import { NumberLookup } from './numberLookup';
import { PersonCards } from './personCards';

export interface DirectoryCacheOptions {
  numbering: NumberingPlan;
  logger: Logger;
  clock?: Clock;
}

const NUMBERING_PLAN_KEY = 'numbering_plan';
const REINDEX_BATCH = 500;

export class DirectoryCache {
  readonly store: DirectoryStore;
  readonly ledger: SyncLedger;
  /** How numbers are read under the numbering plan (also what the sync's writer sends along). */
  readonly numberKeys: NumberKeys;
  private readonly searcher: DirectorySearch;
  private readonly numberLookup: NumberLookup;
  private readonly cards: PersonCards;
  private readonly companyCards: CompanyCards;
  private readonly exporter: DirectoryExport;
  private readonly clock: Clock;
  private readonly sql;

  constructor(
    private readonly database: CacheDatabase,
    private readonly options: DirectoryCacheOptions,
  ) {
    const { defaultCountry } = options.numbering;
    if (!isSupportedDefaultCountry(defaultCountry)) {
      throw new RangeError(
        `Unknown default country "${defaultCountry}": expected an ISO 3166-1 code such as CZ`,
      );
    }
    const { db } = database;
    this.clock = options.clock ?? systemClock;
    this.numberKeys = new NumberKeys(options.numbering);
    this.store = new DirectoryStore(db, this.numberKeys);
    this.ledger = new SyncLedger(db);
    const reader = new EntryReader(db);
    this.searcher = new DirectorySearch(db, reader);
    this.numberLookup = new NumberLookup(db, this.numberKeys);
    this.cards = new PersonCards(db);
    this.companyCards = new CompanyCards(db);
    this.exporter = new DirectoryExport(db, reader);
    this.sql = {
      meta: db.prepare('SELECT value FROM meta WHERE key = ?').pluck(),
      setMeta: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
      ids: {
        person: db.prepare('SELECT id FROM persons ORDER BY id').pluck(),
        company: db.prepare('SELECT id FROM companies ORDER BY id').pluck(),
        user: db.prepare('SELECT id FROM users ORDER BY id').pluck(),
        extension: db.prepare('SELECT id FROM extensions ORDER BY id').pluck(),
      } satisfies Record<EntryKind, unknown>,
      usersWithEmail: db.prepare('SELECT id FROM users WHERE lower(trim(email)) = ? ORDER BY id').pluck(),
      counts: db.prepare(`SELECT (SELECT count(*) FROM persons) AS persons,
        (SELECT count(*) FROM companies) AS companies, (SELECT count(*) FROM users) AS users,
        (SELECT count(*) FROM extensions) AS extensions, (SELECT count(*) FROM numbers) AS numbers`),
    };
    if (this.sql.meta.get(NUMBERING_PLAN_KEY) === undefined) {
      this.write(() => this.sql.setMeta.run(NUMBERING_PLAN_KEY, this.numberKeys.signature));
    }
  }

  /** The cache file, for a second connection (the sync's writer thread); null for an in-memory cache. */
  get databasePath(): string | null {
    return this.database.db.memory ? null : this.database.path;
  }

  get numberingPlan(): NumberingPlan {
    return this.options.numbering;
  }

  /** The sync's writer thread met damage in the file: marked damaged (it is replaced); the error to throw. */
  reportDamage(cause: unknown): Error {
    return this.database.reportDamage(cause);
  }

  /** Runs `fn` in one transaction of the cache database (CacheFullError when the disk is full). */
  write<T>(fn: () => T): T {
    return this.database.write(fn);
  }

  /** Search-as-you-type over names, companies, e-mails and number digits; grouped by kind. */
  searchDirectory(query: string, options?: SearchOptions): DirectorySearchResult {
    return this.searcher.search(query, options);
  }

  /** The directory as search shows it, a page at a time (directoryExport.ts). */
  exportEntries(from: ExportPosition | null, limit: number): ExportedEntries {
    return this.exporter.page(from, limit);
  }

  /**
   * The directory's version for copies of it: when its last sync completed, its counts and numbering plan.
   * A person created or edited between syncs changes it only when the count changes; the next sync does.
   */
  exportStamp(): string {
    const pass = this.ledger.pass('persons');
    const completed = pass?.phase === 'done' ? pass.completedAt : null;
    const counts = this.counts();
    return [
      completed ?? 'never',
      counts.persons,
      counts.companies,
      counts.users,
      counts.extensions,
      counts.numbers,
    ]
      .concat(this.numberKeys.signature)
      .join(':');
  }

  /** Ids of the users whose e-mail is `email` (compared without regard to case), as last synced. */
  usersWithEmail(email: string): number[] {
    return this.sql.usersWithEmail.all(email.trim().toLowerCase()) as number[];
  }

  /** Every owner of a number in any format, ranked: persons, companies, users, extensions. */
  lookupNumber(raw: string): NumberMatch[] {
    return this.numberLookup.lookup(raw);
  }

  personCard(id: number): PersonCard | null {
    return this.cards.card(id);
  }

  companyCard(id: number): CompanyCard | null {
    return this.companyCards.card(id);
  }

  /** After the app created or edited a person on the PBX: the cache shows it at once. */
  upsertPerson(person: PersonDetail): void {
    this.apply('persons', { id: person.id, detail: person });
  }

  removePerson(id: number): void {
    this.apply('persons', { id, gone: true });
  }

  upsertCompany(company: CompanyDetail): void {
    this.apply('companies', { id: company.id, detail: company });
  }

  removeCompany(id: number): void {
    this.apply('companies', { id, gone: true });
  }

  counts(): DirectoryCounts {
    return this.sql.counts.get() as DirectoryCounts;
  }

  /** True when the numbers were indexed under another default country or internal length. */
  get numberIndexOutdated(): boolean {
    return this.sql.meta.get(NUMBERING_PLAN_KEY) !== this.numberKeys.signature;
  }

  /** Recomputes every number key under the current numbering plan, in batches between event-loop turns. */
  async reindexNumbers(signal?: AbortSignal): Promise<void> {
    const started = this.clock.now();
    for (const kind of ['extension', 'user', 'company', 'person'] as const) {
      const ids = this.sql.ids[kind].all() as number[];
      for (let start = 0; start < ids.length; start += REINDEX_BATCH) {
        signal?.throwIfAborted();
        this.write(() => this.store.indexes.reindexNumbersOf(kind, ids.slice(start, start + REINDEX_BATCH)));
        await yieldToEventLoop();
      }
    }
    this.write(() => this.sql.setMeta.run(NUMBERING_PLAN_KEY, this.numberKeys.signature));
    this.options.logger.info(
      `Directory cache: numbers re-indexed for ${this.numberKeys.signature} in ${this.clock.now() - started} ms`,
    );
  }

  /** Saves or removes a record with its sync bookkeeping, as the sync does with a fetched detail. */
  private apply(collection: DetailCollection, outcome: DetailOutcome): void {
    this.write(() => applyDetailOutcome(this, collection, outcome, this.clock.now()));
  }
}
