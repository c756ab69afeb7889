/** One run of the directory sync: its signal, progress reporting and per-collection counts. */
import type { DirectoryCache } from '../directory/directoryCache';
import type { DetailCollection } from './detailCollection';
import { KIND_OF_COLLECTION } from './detailOutcome';
import { faultReason, isRecordFault } from './recordFault';
import type { SyncSettings } from './syncSettings';
import type { SyncQuarantined } from './syncLedger';
import { writeInSlices } from './writeInSlices';

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

/** A record the sync could not store and set aside; the next sync fetches and tries it again. */
export interface SyncReport {
  durationMs: number;
  collections: Partial<Record<SyncCollection, CollectionReport>>;
  /** The records set aside by this run. */
  quarantined: SyncQuarantined[];
  /** The paged lists the PBX sent without a `total` in this run (read until an empty page). */
  listsWithoutTotal: DetailCollection[];
}

export interface SyncRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** A record was set aside (also when the run fails or is cancelled later). */
  onQuarantine?: (record: SyncQuarantined) => void;
}

/** Set-aside records logged one by one in a run; the rest are counted in its summary. */
const QUARANTINE_LOGGED = 100;

export interface PhaseTracker {
  update(done: number, total: number): void;
}

export class SyncRun {
  readonly reports: Partial<Record<SyncCollection, CollectionReport>> = {};
  readonly quarantined: SyncQuarantined[] = [];
  readonly listsWithoutTotal = new Set<DetailCollection>();
  private readonly quarantinedKeys = new Set<string>();
  /** The `limit` paged lists are asked for: the setting, lowered for the whole run once the PBX refused it. */
  pageLimit: number;

  constructor(
    readonly cache: DirectoryCache,
    readonly settings: SyncSettings,
    readonly signal: AbortSignal | undefined,
    private readonly options: Pick<SyncRunOptions, 'onProgress' | 'onQuarantine'> = {},
  ) {
    this.pageLimit = settings.pageSize;
  }

  /** A page of this list came without `total`: said once in the log, and in the run's report. */
  noteListWithoutTotal(collection: DetailCollection): void {
    if (this.listsWithoutTotal.has(collection)) return;
    this.listsWithoutTotal.add(collection);
    this.settings.logger.warn(
      `Directory sync: the PBX sent no total for the ${collection} list; reading its pages until an empty one`,
    );
  }

  report(collection: SyncCollection): CollectionReport {
    return (this.reports[collection] ??= { added: 0, changed: 0, removed: 0, fetched: 0 });
  }

  phase(phase: SyncPhase): PhaseTracker {
    const started = this.settings.clock.now();
    return {
      update: (done, total) => {
        const seconds = (this.settings.clock.now() - started) / 1000;
        this.options.onProgress?.({ phase, done, total, rate: seconds > 0 ? done / seconds : 0 });
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

  /**
   * Fetches a collection too large to write in one short transaction and applies the writes `changes`
   * plans for it in slices between event-loop turns (writeInSlices.ts).
   */
  async wholeInSlices<T>(
    collection: SyncCollection,
    fetch: () => Promise<T[]>,
    changes: (items: T[]) => { writes: (() => void)[] },
  ) {
    this.signal?.throwIfAborted();
    const tracker = this.phase(collection);
    tracker.update(0, 1);
    const items = await fetch();
    await this.writeSliced(changes(items).writes, (write) => write());
    this.report(collection).fetched = items.length;
    tracker.update(1, 1);
  }

  /**
   * Applies `items` in short transactions between event-loop turns; `finish` runs in the last one. With
   * `setAside`, an item that fails alone is handed to it instead of failing the rest (writeInSlices.ts).
   */
  writeSliced<T>(
    items: readonly T[],
    apply: (item: T) => void,
    finish?: () => void,
    setAside?: (item: T, error: unknown) => boolean,
  ): Promise<void> {
    return writeInSlices((fn) => this.cache.write(fn), items, apply, { finish, setAside });
  }

  /**
   * Sets a record the cache refused aside: logged with its id, counted, kept in the ledger (so a restart
   * still shows it), and left for the next sync.
   */
  quarantine(collection: DetailCollection, id: number, reason: string): void {
    // Its list item and its detail may both be refused in one run: it is one record set aside.
    const key = `${collection}:${id}`;
    if (this.quarantinedKeys.has(key)) return;
    this.quarantinedKeys.add(key);
    const record = { collection, id, reason };
    this.quarantined.push(record);
    this.cache.write(() => this.cache.ledger.setAside(record));
    // Each one by its id, up to a point: a cause that meets every record would flood the log otherwise.
    if (this.quarantined.length <= QUARANTINE_LOGGED) {
      this.settings.logger.warn(
        `Directory sync: ${KIND_OF_COLLECTION[collection]} ${id} could not be stored (${reason}); ` +
          'set aside, the next sync tries it again' +
          (this.quarantined.length === QUARANTINE_LOGGED ? ' (further ones are only counted)' : ''),
      );
    }
    this.options.onQuarantine?.(record);
  }

  /** A record that failed to be stored: set aside when it was its own fault; false (throw it) when not. */
  setAside(collection: DetailCollection, id: number, error: unknown): boolean {
    if (!isRecordFault(error)) return false;
    this.quarantine(collection, id, faultReason(error));
    return true;
  }

  /** The counts per collection, one line each, for the log. */
  summary(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.reports).map(([name, r]) => [
        name,
        `+${r.added} ~${r.changed} -${r.removed} fetched ${r.fetched}` +
          `${this.quarantinedIn(name) ? ` set aside ${this.quarantinedIn(name)}` : ''}`,
      ]),
    );
  }

  private quarantinedIn(collection: string): number {
    return this.quarantined.filter((record) => record.collection === collection).length;
  }
}
