/**
 * When the directory sync runs, and what the user sees of it (docs/directory-and-sync.md):
 * - once the PBX connects (at start, and after every switch of PBX), then every `intervalMs` after the
 *   previous run ended (15 minutes by default), and on demand (`sync:run`);
 * - never two at once: a request while one runs is that run; a run asked for while a cancelled one is still
 *   winding down starts when it has;
 * - cancellable; switching PBX (or the numbering plan) cancels the running sync of the old cache;
 * - a failure is shown, reported to the connection (a PBX that stopped answering goes offline at once), and
 *   retried when the PBX is back, or at the next interval;
 * - progress reaches the window at most five times a second (`sync:progress`), plus at start and end;
 * - records the sync set aside (it could not store them) are counted in the status until the next run.
 */
import {
  KIND_OF_COLLECTION,
  CacheFullError,
  CacheOpenError,
  DirectorySync,
  type DirectorySource,
  type DirectorySyncOptions,
  type SyncProgress,
  type SyncQuarantined,
  type SyncReport,
} from '../../cache';
import { sqliteCode } from '../../cache';
import { systemTimers, type Timers } from '../../calls';
import type { Clock } from '../../shared/clock';
import type { ConnectionStatus, DirectoryCounts, SyncQuarantine, SyncStatus } from '../../shared/contract';
import { onLocaleChange, t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import type { OpenedCache } from './directoryCaches';
import { returnMemoryToSystem } from './returnMemoryToSystem';
import { throttle, type Throttled } from './throttle';
import { failureDetail } from '../../shared/contract';

export const DEFAULT_SYNC_INTERVAL_MS = 15 * 60_000;
/** Five progress events a second at most. */
export const PROGRESS_EVENT_INTERVAL_MS = 200;
/** A run that fetched this many details was bulk work: the memory it left behind is returned afterwards. */
export const BULK_SYNC_DETAILS = 1_000;
/** Counting the cached records costs a few milliseconds at 100,000 persons: at most once a second. */
const COUNTS_INTERVAL_MS = 1_000;
/** Set-aside records listed in the status (all are counted). */
const QUARANTINE_LISTED = 20;

export interface SyncSchedulerDeps {
  /** The cache of the active PBX. */
  cache(): OpenedCache | undefined;
  /** Why there is no cache although a PBX is set up (it could not be opened). */
  cacheProblem(): string | undefined;
  /** The PBX client. */
  source(): DirectorySource | undefined;
  /** A sync failed: the connection decides whether the PBX is offline. */
  onFailure(error: unknown): void;
  emit(status: SyncStatus): void;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  intervalMs?: number;
  progressIntervalMs?: number;
  /** Called after a bulk sync; default `returnMemoryToSystem` (memory.ts). */
  returnMemory?: () => void;
  /** Passed to every DirectorySync (tests use small pages). */
  syncOptions?: Omit<DirectorySyncOptions, 'logger' | 'clock'>;
}

interface ActiveRun {
  generation: number;
  controller: AbortController;
  settled: Promise<void>;
}

export class SyncScheduler {
  private readonly timers: Timers;
  private readonly intervalMs: number;
  private readonly progressEvents: Throttled;
  /** Bumped by `reset`: a run of an older generation no longer speaks for the cache in use. */
  private generation = 0;
  private active: ActiveRun | undefined;
  /** A run was asked for while a cancelled one was still winding down. */
  private startWhenSettled = false;
  /** A sync is owed as soon as the PBX is connected (a new PBX, or the last one failed). */
  private owed = true;
  private connected = false;
  private timer: unknown;
  private nextRunAt: number | null = null;
  private progress: SyncProgress | null = null;
  /** Why the last sync failed, worded when asked (in the language in use then). */
  private lastError: (() => string) | undefined;
  private lastCompletedAt: number | null = null;
  /** What the running or last run set aside. */
  private quarantined: SyncQuarantined[] = [];
  /** The paged lists the last completed run got without a `total` from the PBX. */
  private listsWithoutTotal: SyncStatus['listsWithoutTotal'] = [];
  private counts: DirectoryCounts | null = null;
  private countedAt = Number.NEGATIVE_INFINITY;
  private disposed = false;
  private readonly stopWording: () => void;

  constructor(private readonly deps: SyncSchedulerDeps) {
    this.timers = deps.timers ?? systemTimers;
    this.intervalMs = deps.intervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
    this.progressEvents = throttle(
      () => this.deps.emit(this.status()),
      deps.progressIntervalMs ?? PROGRESS_EVENT_INTERVAL_MS,
      this.timers,
      deps.clock,
    );
    this.readCache();
    // A shown failure follows a language switch.
    this.stopWording = onLocaleChange(() => {
      if (this.lastError || this.missingReason() !== undefined) this.publish();
    });
  }

  get running(): boolean {
    return this.active !== undefined;
  }

  status(): SyncStatus {
    const cache = this.deps.cache();
    const now = this.deps.clock.now();
    if (cache && now - this.countedAt >= COUNTS_INTERVAL_MS) {
      this.counts = cache.directory.counts();
      this.countedAt = now;
    }
    const error = this.errorText();
    return {
      running: this.active !== undefined,
      phase: this.progress?.phase ?? null,
      done: this.progress?.done ?? 0,
      total: this.progress?.total ?? 0,
      rate: this.progress?.rate ?? 0,
      lastCompletedAt: this.lastCompletedAt,
      nextRunAt: this.active ? null : this.nextRunAt,
      ...(error === undefined ? {} : { error }),
      counts: cache ? this.counts : null,
      quarantined: this.quarantine(),
      ...(this.listsWithoutTotal?.length ? { listsWithoutTotal: this.listsWithoutTotal } : {}),
    };
  }

  /** Why the sync failed or cannot run, worded in the language of the work that asks; undefined when fine. */
  errorText(): string | undefined {
    return this.lastError?.() ?? this.missingReason();
  }

  /** Follows the connection: the sync owed to this PBX runs once it is connected. */
  connectionChanged(status: ConnectionStatus): void {
    this.connected = status === 'connected';
    if (this.connected && this.owed) this.start();
  }

  /**
   * The PBX or its cache changed: the running sync (of the old cache) is cancelled, what is shown starts
   * over from the new cache, and a sync is owed to it.
   */
  reset(): void {
    this.generation++;
    this.active?.controller.abort();
    this.clearTimer();
    this.owed = true;
    this.progress = null;
    this.lastError = undefined;
    this.quarantined = [];
    this.listsWithoutTotal = [];
    this.readCache();
    this.publish();
    if (this.connected) this.start();
  }

  /** On demand: starts a sync unless one runs (then that one is the answer). */
  run(): SyncStatus {
    this.start();
    return this.status();
  }

  cancel(): SyncStatus {
    if (this.active && !this.active.controller.signal.aborted) {
      this.deps.logger.info('Directory sync cancelled by the user');
      this.active.controller.abort();
    }
    this.startWhenSettled = false;
    return this.status();
  }

  /** The cache changed outside a sync (a person created or edited): the counts shown follow. */
  cacheChanged(): void {
    this.countedAt = Number.NEGATIVE_INFINITY;
    this.publish();
  }

  /** Resolves once no sync runs (for the harness and tests: `await core.directorySync.idle()`). */
  async idle(): Promise<void> {
    while (this.active) await this.active.settled;
  }

  dispose(): void {
    this.stopWording();
    this.disposed = true;
    this.active?.controller.abort();
    this.clearTimer();
    this.progressEvents.cancel();
  }

  private start(): void {
    if (this.disposed) return;
    if (this.active) {
      // One at a time: a cancelled run is still finishing its last write; this one follows it.
      if (this.active.controller.signal.aborted) this.startWhenSettled = true;
      return;
    }
    const cache = this.deps.cache();
    const source = this.deps.source();
    if (!cache || !source) return;
    this.clearTimer();
    this.owed = false;
    this.lastError = undefined;
    this.progress = null;
    this.quarantined = [];
    const generation = this.generation;
    const controller = new AbortController();
    const sync = new DirectorySync(cache.directory, source, {
      ...this.deps.syncOptions,
      logger: this.deps.logger,
      clock: this.deps.clock,
    });
    const settled = sync
      .run({
        signal: controller.signal,
        onProgress: (progress) => {
          if (generation !== this.generation) return;
          this.progress = progress;
          this.progressEvents.request();
        },
        onQuarantine: (record) => {
          if (generation !== this.generation) return;
          this.quarantined.push(record);
          this.progressEvents.request();
        },
      })
      .then(
        (report) => {
          if (generation === this.generation) {
            this.lastCompletedAt = this.deps.clock.now();
            this.listsWithoutTotal = report.listsWithoutTotal;
          }
          if (detailsFetched(report) >= BULK_SYNC_DETAILS) (this.deps.returnMemory ?? returnMemoryToSystem)();
        },
        (error: unknown) => this.failed(generation, controller.signal, error),
      )
      .finally(() => this.settled(generation));
    this.active = { generation, controller, settled };
    this.publish();
  }

  private failed(generation: number, signal: AbortSignal, error: unknown): void {
    if (signal.aborted || generation !== this.generation) {
      this.deps.logger.info('Directory sync stopped; the next one resumes where it ended');
      return;
    }
    const reason = failureDetail(error);
    this.lastError = () => t('connection.directorySyncFailed', { reason });
    this.owed = true;
    this.deps.logger.warn(
      'Directory sync failed; it is retried when the PBX is back or at the next interval',
      error,
    );
    // A cache that cannot be written is no news about the PBX.
    if (!isCacheError(error)) this.deps.onFailure(error);
  }

  private settled(generation: number): void {
    this.active = undefined;
    if (this.disposed) return;
    this.countedAt = Number.NEGATIVE_INFINITY;
    if (generation === this.generation) this.scheduleNext();
    this.publish();
    if (this.startWhenSettled) {
      this.startWhenSettled = false;
      this.start();
    } else if (this.owed && this.connected && generation !== this.generation) {
      // The PBX changed while the old run was winding down.
      this.start();
    }
  }

  private scheduleNext(): void {
    this.clearTimer();
    this.nextRunAt = this.deps.clock.now() + this.intervalMs;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.nextRunAt = null;
      // Offline, the sync would only fail: it is owed until the PBX answers again.
      if (this.connected) this.start();
      else this.owed = true;
    }, this.intervalMs);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.nextRunAt = null;
  }

  /**
   * What the cache itself remembers: when a sync of it last completed (the persons pass ends every sync), and
   * what the last sync set aside.
   */
  private readCache(): void {
    const cache = this.deps.cache();
    const pass = cache?.directory.ledger.pass('persons');
    this.lastCompletedAt = pass?.phase === 'done' ? pass.completedAt : null;
    this.quarantined = cache?.directory.ledger.setAsideRecords() ?? [];
    this.countedAt = Number.NEGATIVE_INFINITY;
  }

  private quarantine(): SyncQuarantine {
    return {
      count: this.quarantined.length,
      records: this.quarantined.slice(0, QUARANTINE_LISTED).map(({ collection, id, reason }) => ({
        kind: KIND_OF_COLLECTION[collection],
        id,
        reason,
      })),
    };
  }

  private missingReason(): string | undefined {
    if (this.deps.cache()) return undefined;
    return this.deps.cacheProblem() ?? (this.deps.source() ? undefined : t('connection.noPbxSetUp'));
  }

  private publish(): void {
    if (!this.disposed) this.progressEvents.flush();
  }
}

/** SQLite's own errors (a full disk, a file gone bad) and the cache's: not the PBX's doing. */
function isCacheError(error: unknown): boolean {
  return (
    sqliteCode(error) !== undefined || error instanceof CacheFullError || error instanceof CacheOpenError
  );
}

function detailsFetched(report: SyncReport): number {
  return Object.values(report.collections).reduce((sum, collection) => sum + collection.fetched, 0);
}
