/** One run of the directory sync: its signal, progress reporting and per-collection counts. */
import type { DirectoryCache } from '../directory/directoryCache';
import type { DetailCollection } from './detailOutcome';
import type { SyncSettings } from './syncSettings';
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

export interface SyncReport {
  durationMs: number;
  collections: Partial<Record<SyncCollection, CollectionReport>>;
}

export interface SyncRunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
}

export interface PhaseTracker {
  update(done: number, total: number): void;
}

export class SyncRun {
  readonly reports: Partial<Record<SyncCollection, CollectionReport>> = {};

  constructor(
    readonly cache: DirectoryCache,
    readonly settings: SyncSettings,
    readonly signal: AbortSignal | undefined,
    private readonly onProgress: ((progress: SyncProgress) => void) | undefined,
  ) {}

  report(collection: SyncCollection): CollectionReport {
    return (this.reports[collection] ??= { added: 0, changed: 0, removed: 0, fetched: 0 });
  }

  phase(phase: SyncPhase): PhaseTracker {
    const started = this.settings.clock.now();
    return {
      update: (done, total) => {
        const seconds = (this.settings.clock.now() - started) / 1000;
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

  /** Applies `items` in short transactions between event-loop turns; `finish` runs in the last one. */
  writeSliced<T>(items: readonly T[], apply: (item: T) => void, finish?: () => void): Promise<void> {
    return writeInSlices((fn) => this.cache.write(fn), items, apply, finish);
  }

  /** The counts per collection, one line each, for the log. */
  summary(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.reports).map(([name, r]) => [
        name,
        `+${r.added} ~${r.changed} -${r.removed} fetched ${r.fetched}`,
      ]),
    );
  }
}
