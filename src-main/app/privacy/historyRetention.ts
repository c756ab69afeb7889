/**
 * Settings ▸ Privacy's retention period: calls older than it leave the local history, with their reviews,
 * transcripts and notes (a wrap-up still waiting for the PBX stays until it is sent). Applied when the
 * core starts, once a day after that, and at once when the setting changes. "Forever" (null) keeps all.
 */
import type { Timers } from '../../calls';
import { systemTimers } from '../../calls';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';

export const DAY_MS = 24 * 60 * 60_000;

export interface HistoryRetentionDeps {
  /** The retention period in force, in days; null keeps everything. */
  retentionDays(): number | null;
  /** Removes the calls that started before this instant from the active history; how many went. */
  purgeOlderThan(epochMs: number): number;
  /** Told when calls were removed, so that the screens reload. */
  onPurged(removed: number): void;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
}

export class HistoryRetention {
  private timer: unknown;
  private readonly timers: Timers;

  constructor(private readonly deps: HistoryRetentionDeps) {
    this.timers = deps.timers ?? systemTimers;
  }

  /** Applies the period now and then every day. */
  start(): void {
    this.apply();
    this.scheduleNext();
  }

  /** Removes what is older than the period now (at start, daily, after the setting changed). */
  apply(): void {
    const days = this.deps.retentionDays();
    if (days === null) return;
    try {
      const removed = this.deps.purgeOlderThan(this.deps.clock.now() - days * DAY_MS);
      if (removed === 0) return;
      this.deps.logger.info(`history: removed ${removed} calls older than ${days} days`);
      this.deps.onPurged(removed);
    } catch (error) {
      // A full disk or a busy file: the next day (or the next start) tries again.
      this.deps.logger.warn('history: the retention period could not be applied', error);
    }
  }

  dispose(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private scheduleNext(): void {
    this.dispose();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.apply();
      this.scheduleNext();
    }, DAY_MS);
  }
}
