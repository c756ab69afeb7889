/**
 * Keeps the cache in step with the PBX, which can neither search by number nor list changes since a time.
 *
 * Small collections (groups, roles, teams, queues, extensions) are replaced whole. Users, companies and
 * persons are read from their lists (persons and companies in pages of 500): an id the cache lacks is new,
 * a list item whose fields differ is changed, an id the complete list lacks is deleted. Details are fetched
 * only for new and changed records plus a rolling refresh of the least recently fetched ones (list items
 * do not show contact changes), at bounded concurrency. Writes go in short transactions that carry the
 * sync's own progress with them, so after a crash the next run resumes where this one stopped. Cancellable
 * through an AbortSignal; yields to the event loop between transactions, so the call monitor keeps polling.
 */
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { forEachConcurrently, writeInSlices } from './concurrency';
import type { DetailWriter, DetailWriterFactory } from './detailWriter';
import { inlineDetailWriter } from './detailWriter';
import type { DetailCollection, DetailOutcome } from './detailWrites';
import { KIND_OF_COLLECTION, removeRecord } from './detailWrites';
import type { DirectoryCache } from './directory';
import type { SyncPass } from './ledger';
import type { DirectorySource, SourcePage } from './source';
import { isNotFound } from './source';
import type { ListChange } from './store';

export type SyncCollection = 'groups' | 'roles' | 'teams' | 'queues' | 'extensions' | DetailCollection;

export type SyncPhase = SyncCollection | `${DetailCollection}:list` | `${DetailCollection}:details`;

export interface SyncProgress {
  phase: SyncPhase;
  done: number;
  total: number;
  /** Items per second in this phase so far. */
  rate: number;
}

export interface CollectionReport {
  added: number;
  changed: number;
  removed: number;
  /** Details fetched (new, changed and refreshed records). */
  fetched: number;
}

export interface SyncReport {
  durationMs: number;
  collections: Partial<Record<SyncCollection, CollectionReport>>;
}

export interface SyncRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
}

export interface DirectorySyncOptions {
  logger: Logger;
  clock: Clock;
  /** Detail requests in flight; default 8. */
  concurrency?: number;
  /** List page size for persons and companies; default 500. */
  pageSize?: number;
  /** List pages in flight; default 4. */
  listConcurrency?: number;
  /** Fetched details collected before they are handed to the writer; default 500. */
  batchSize?: number;
  /** Where details are written; default: on this thread, in short transactions between event-loop turns. */
  detailWriter?: DetailWriterFactory;
  /** Least recently fetched details refreshed per run; default persons 1000, companies 200, users 200. */
  rollingRefresh?: Partial<Record<DetailCollection, number>>;
}

const DEFAULT_ROLLING_REFRESH: Record<DetailCollection, number> = {
  persons: 1000,
  companies: 200,
  users: 200,
};

/** How one kind of detailed record is listed and fetched (storing it: detailWrites.ts). */
interface RecordCollection<ListItem extends { id: number }, Detail> {
  name: DetailCollection;
  /** Overrides the sync's page size; the unpaged user list is one page of any size. */
  pageSize?: number;
  list(offset: number, limit: number, signal?: AbortSignal): Promise<SourcePage<ListItem>>;
  get(id: number, signal?: AbortSignal): Promise<Detail>;
  /** What each list item means for the cache (read-only). */
  compare(items: readonly ListItem[]): ListChange[];
  /** Writes a new or changed list item. */
  writeListItem(item: ListItem, change: Exclude<ListChange, 'unchanged'>): void;
}

export class DirectorySync {
  private running: Promise<SyncReport> | null = null;
  private readonly concurrency: number;
  private readonly pageSize: number;
  private readonly listConcurrency: number;
  private readonly batchSize: number;
  private readonly rollingRefresh: Record<DetailCollection, number>;

  constructor(
    private readonly cache: DirectoryCache,
    private readonly source: DirectorySource,
    private readonly options: DirectorySyncOptions,
  ) {
    this.concurrency = positive(options.concurrency ?? 8, 'concurrency');
    this.pageSize = positive(options.pageSize ?? 500, 'pageSize');
    if (this.pageSize < 2)
      throw new RangeError('pageSize must be at least 2: consecutive pages overlap by one');
    this.listConcurrency = positive(options.listConcurrency ?? 4, 'listConcurrency');
    this.batchSize = positive(options.batchSize ?? 500, 'batchSize');
    this.rollingRefresh = { ...DEFAULT_ROLLING_REFRESH, ...options.rollingRefresh };
  }

  /** Runs a sync; while one runs, further calls share it (and its progress goes to the first caller). */
  run(options: SyncRunOptions = {}): Promise<SyncReport> {
    this.running ??= this.runOnce(options).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  private async runOnce({ signal, onProgress }: SyncRunOptions): Promise<SyncReport> {
    const started = this.options.clock.now();
    const run = new SyncRun(this.cache, this.options.clock, signal, onProgress);
    if (this.cache.numberIndexOutdated) await this.cache.reindexNumbers(signal);
    const writer = (this.options.detailWriter ?? inlineDetailWriter)(this.cache);
    try {
      await this.syncAll(run, writer);
    } finally {
      await writer.close();
    }
    const report = { durationMs: this.options.clock.now() - started, collections: run.reports };
    this.options.logger.info(`Directory sync finished in ${report.durationMs} ms`, summarise(run.reports));
    return report;
  }

  private async syncAll(run: SyncRun, writer: DetailWriter): Promise<void> {
    const { signal } = run;
    const { source } = this;
    const call = { signal };

    await run.whole(
      'groups',
      () => source.groups(call),
      (items) => this.cache.store.replaceGroups(items),
    );
    await run.whole(
      'roles',
      () => source.roles(call),
      (items) => this.cache.store.replaceRoles(items),
    );
    await run.whole(
      'teams',
      () => source.teams(call),
      (items) => this.cache.store.replaceTeams(items),
    );
    await run.whole(
      'queues',
      () => source.queues(call),
      (items) => this.cache.store.replaceQueues(items),
    );
    await run.whole(
      'extensions',
      () => source.extensions(undefined, call),
      (items) => this.cache.store.replaceExtensions(items),
    );
    await this.records(run, writer, {
      name: 'users',
      pageSize: Number.POSITIVE_INFINITY,
      list: async (_offset, _limit, signal) => {
        const items = await source.users.list({ signal });
        return { items, total: items.length };
      },
      get: (id, signal) => source.users.get(id, { signal }),
      compare: (items) => this.cache.store.compareUserList(items),
      writeListItem: (item) => this.cache.store.writeUserListItem(item),
    });
    await this.records(run, writer, {
      name: 'companies',
      list: (offset, limit, signal) => source.companies.list({ offset, limit }, { signal }),
      get: (id, signal) => source.companies.get(id, { signal }),
      compare: (items) => this.cache.store.compareCompanyList(items),
      writeListItem: (item) => this.cache.store.writeCompanyListItem(item),
    });
    await this.records(run, writer, {
      name: 'persons',
      list: (offset, limit, signal) => source.persons.list({ offset, limit }, { signal }),
      get: (id, signal) => source.persons.get(id, { signal }),
      compare: (items) => this.cache.store.comparePersonList(items),
      writeListItem: (item, change) => this.cache.store.writePersonListItem(item, change),
    });
  }

  /** One pass over a detailed collection, resuming an unfinished pass if there is one. */
  private async records<L extends { id: number }, D>(
    run: SyncRun,
    writer: DetailWriter,
    collection: RecordCollection<L, D>,
  ) {
    const { ledger } = this.cache;
    let pass = ledger.pass(collection.name);
    if (!pass || pass.phase === 'done') {
      pass = this.cache.write(() => ledger.beginPass(collection.name, this.options.clock.now()));
    }
    const report = run.report(collection.name);
    if (pass.phase === 'list') await this.listPhase(run, collection, pass, report);
    await this.detailsPhase(run, writer, collection, report);
    this.cache.write(() => ledger.setPhase(collection.name, 'done', this.options.clock.now()));
  }

  private async listPhase<L extends { id: number }, D>(
    run: SyncRun,
    collection: RecordCollection<L, D>,
    pass: SyncPass,
    report: CollectionReport,
  ): Promise<void> {
    const { ledger } = this.cache;
    const limit = collection.pageSize ?? this.pageSize;
    // Consecutive pages overlap by one record. Had records before a page been deleted since the previous
    // page was read, later ones would have moved to lower offsets and one would be skipped unseen; the
    // overlap shows it (the page's first record was not seen yet), and the pass then deletes nothing.
    const step = limit - 1;
    const tracker = run.phase(`${collection.name}:list`);
    let total = Number.POSITIVE_INFINITY;
    let nextOffset = pass.listOffset;
    // Pages are fetched a few at a time but applied in offset order, so the saved offset is always exact.
    const inFlight: { offset: number; page: Promise<SourcePage<L>> }[] = [];
    const request = () => {
      const page = collection.list(nextOffset, limit, run.signal);
      page.catch(() => {}); // awaited below in order; this only keeps an early rejection from going unhandled
      inFlight.push({ offset: nextOffset, page });
      nextOffset += step;
    };
    request();
    while (inFlight.length > 0) {
      const { offset, page: pending } = inFlight.shift()!;
      const page = await pending;
      total = page.total;
      const first = page.items[0];
      const shifted =
        offset > 0 &&
        first !== undefined &&
        !ledger.seenIn(KIND_OF_COLLECTION[collection.name], first.id, pass.generation);
      const changes = collection.compare(page.items);
      const unchanged = page.items
        .filter((_, index) => changes[index] === 'unchanged')
        .map((item) => item.id);
      const writes = page.items.flatMap((item, index) => {
        const change = changes[index]!;
        return change === 'unchanged' ? [] : [{ item, change }];
      });
      this.cache.write(() => {
        if (shifted) ledger.markListShifted(collection.name);
        ledger.markSeenUnchanged(KIND_OF_COLLECTION[collection.name], unchanged, pass.generation);
      });
      // Writing a list item is idempotent, so a crash between slices only means the page is read again.
      await this.writeSliced(
        writes,
        ({ item, change }) => {
          collection.writeListItem(item, change);
          report[change === 'new' ? 'added' : 'changed'] += 1;
          ledger.markSeen(KIND_OF_COLLECTION[collection.name], item.id, pass.generation, true);
        },
        () => ledger.saveListOffset(collection.name, offset + Math.max(0, page.items.length - 1)),
      );
      tracker.update(Math.min(offset + page.items.length, total), total);
      if (page.items.length < limit || offset + limit >= total) break;
      while (inFlight.length < this.listConcurrency && nextOffset < total) request();
    }
    await this.removeUnseen(collection, pass, total, report);
    this.cache.write(() => {
      ledger.scheduleRollingRefresh(
        KIND_OF_COLLECTION[collection.name],
        this.rollingRefresh[collection.name],
      );
      ledger.setPhase(collection.name, 'details', this.options.clock.now());
    });
  }

  /** Deletes what the complete list lacked, in batches; skipped when the list shifted while being read. */
  private async removeUnseen<L extends { id: number }, D>(
    collection: RecordCollection<L, D>,
    pass: SyncPass,
    total: number,
    report: CollectionReport,
  ): Promise<void> {
    const { ledger } = this.cache;
    const seen = ledger.seenCount(KIND_OF_COLLECTION[collection.name], pass.generation);
    const shifted = ledger.pass(collection.name)?.listShifted ?? false;
    if (shifted || seen < total) {
      // Deleting "unseen" records now could drop live ones that the shift hid; the next pass will know.
      this.options.logger.warn(
        `Directory sync: the ${collection.name} list changed while being read (${seen} of ${total} seen); ` +
          'removals wait for the next sync',
      );
      return;
    }
    const unseen = ledger.unseenIds(KIND_OF_COLLECTION[collection.name], pass.generation, pass.startedAt);
    await this.writeSliced(unseen, (id) => {
      removeRecord(this.cache.store, collection.name, id);
      ledger.forget(KIND_OF_COLLECTION[collection.name], id);
    });
    report.removed += unseen.length;
  }

  /**
   * Fetches the due details at bounded concurrency and hands them to the writer in batches. The writer has
   * up to WRITES_IN_FLIGHT batches at a time (one being committed, the next waiting), so it never idles
   * while the next batch is fetched; a lane that fills a batch waits only when that many are outstanding.
   */
  private async detailsPhase<L extends { id: number }, D>(
    run: SyncRun,
    writer: DetailWriter,
    collection: RecordCollection<L, D>,
    report: CollectionReport,
  ): Promise<void> {
    const due = this.cache.ledger.dueIds(KIND_OF_COLLECTION[collection.name]);
    const tracker = run.phase(`${collection.name}:details`);
    tracker.update(0, due.length);
    let done = 0;
    let buffer: DetailOutcome[] = [];
    const writing: Promise<void>[] = [];
    const flush = async () => {
      const batch = buffer;
      buffer = [];
      if (batch.length > 0) {
        const written = writer.write(collection.name, batch, this.options.clock.now()).then((counts) => {
          report.fetched += counts.fetched;
          report.removed += counts.removed;
          done += batch.length;
          tracker.update(done, due.length);
        });
        // Awaited below in order; this only keeps a failure from being reported as unhandled meanwhile.
        written.catch(() => {});
        writing.push(written);
      }
      while (writing.length >= WRITES_IN_FLIGHT) await writing.shift();
    };
    try {
      await forEachConcurrently(
        due,
        this.concurrency,
        async (id) => {
          let outcome: DetailOutcome;
          try {
            outcome = { id, detail: await collection.get(id, run.signal) };
          } catch (error) {
            if (!isNotFound(error)) throw error;
            outcome = { id, gone: true };
          }
          writer.prepare(collection.name, outcome);
          // Pushed only now: `flush` replaces the buffer while this fetch was awaited.
          buffer.push(outcome);
          if (buffer.length >= this.batchSize) await flush();
        },
        run.signal,
      );
    } finally {
      // What completed before a failure or a cancel is kept, so the next run does not fetch it again.
      await flush();
      while (writing.length > 0) await writing.shift();
    }
  }

  private writeSliced<T>(items: readonly T[], apply: (item: T) => void, finish?: () => void) {
    return writeInSlices((fn) => this.cache.write(fn), items, apply, finish);
  }
}

/** Batches handed to the writer and not yet committed, at most. */
const WRITES_IN_FLIGHT = 2;

/** The state of one sync run: its signal, progress reporting and per-collection counts. */
class SyncRun {
  readonly reports: Partial<Record<SyncCollection, CollectionReport>> = {};

  constructor(
    private readonly cache: DirectoryCache,
    private readonly clock: Clock,
    readonly signal: AbortSignal | undefined,
    private readonly onProgress: ((progress: SyncProgress) => void) | undefined,
  ) {}

  report(collection: SyncCollection): CollectionReport {
    return (this.reports[collection] ??= { added: 0, changed: 0, removed: 0, fetched: 0 });
  }

  phase(phase: SyncPhase): { update(done: number, total: number): void } {
    const started = this.clock.now();
    return {
      update: (done, total) => {
        const seconds = (this.clock.now() - started) / 1000;
        this.onProgress?.({ phase, done, total, rate: seconds > 0 ? done / seconds : 0 });
      },
    };
  }

  /** Fetches a small collection and replaces it in one transaction. */
  async whole<T>(collection: SyncCollection, fetch: () => Promise<T[]>, replace: (items: T[]) => unknown) {
    this.signal?.throwIfAborted();
    const tracker = this.phase(collection);
    tracker.update(0, 1);
    const items = await fetch();
    this.cache.write(() => replace(items));
    this.report(collection).fetched = items.length;
    tracker.update(1, 1);
  }
}

function positive(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, not ${value}`);
  return value;
}

function summarise(reports: Partial<Record<SyncCollection, CollectionReport>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(reports).map(([name, r]) => [
      name,
      `+${r.added} ~${r.changed} -${r.removed} fetched ${r.fetched}`,
    ]),
  );
}
