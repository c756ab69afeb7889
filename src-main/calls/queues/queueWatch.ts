/**
 * The agent's share of the queues' live statistics (sharedQueueReadings.ts reads them, every 2 s jittered,
 * on its own timer: never in the call poll's path): subscribed while the agent serves at least one active
 * queue or the board is being looked at. Each reading is one `GET /queues`, plus `GET /queue/{id}` for the
 * agent's inbound queues: all of them while the board is open, else only the active ones with callers
 * waiting (the others have no current wait to report). The board, the tray's count, the long-wait alert
 * and the call poll's cadence all use the same reading.
 */
import type { QueueMembership } from '../../api/schemas';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { failureDetail } from '../../shared/contract';
import type { QueueReading } from './queueReading';
import { inboundQueues, waitingInboundQueues } from './queueViews';
import {
  DEFAULT_QUEUE_POLL_POLICY,
  type QueuePollPolicy,
  type ReadingWants,
  type SharedQueueReadings,
} from './sharedQueueReadings';

export interface QueueWatchPolicy extends QueuePollPolicy {
  /** The board counts as open this long after it last asked for a reading. */
  boardOpenMs: number;
}

export const DEFAULT_QUEUE_WATCH_POLICY: QueueWatchPolicy = {
  ...DEFAULT_QUEUE_POLL_POLICY,
  boardOpenMs: 10_000,
};

export interface QueueWatchDeps {
  /** Where the readings come from (one poller for every agent of a team server). */
  readings: SharedQueueReadings;
  /** The agent's membership as last read. */
  membership(): readonly QueueMembership[];
  onReading(reading: QueueReading): void;
  onFailure(error: unknown): void;
  /** The watch stopped (no active queue, no board): nothing is known about waiting callers any more. */
  onStopped(): void;
  clock: Clock;
  logger: Logger;
  policy?: Partial<Pick<QueueWatchPolicy, 'boardOpenMs'>>;
}

export class QueueWatch {
  private readonly boardOpenMs: number;
  private unsubscribe: (() => void) | undefined;
  private boardViewedAt = Number.NEGATIVE_INFINITY;
  /** Bumped by reset(): a reading of an earlier PBX or agent changes nothing. */
  private generation = 0;
  latest: QueueReading | undefined;

  constructor(private readonly deps: QueueWatchDeps) {
    this.boardOpenMs = deps.policy?.boardOpenMs ?? DEFAULT_QUEUE_WATCH_POLICY.boardOpenMs;
  }

  get isRunning(): boolean {
    return this.unsubscribe !== undefined;
  }

  get boardOpen(): boolean {
    return this.deps.clock.now() - this.boardViewedAt < this.boardOpenMs;
  }

  /** The board asked for a reading: it stays open (with every inbound queue's detail) for a while. */
  boardViewed(): void {
    this.boardViewedAt = this.deps.clock.now();
    this.update();
  }

  /** Starts or stops to match the membership and the board (after each membership read). */
  update(): void {
    const wanted = this.boardOpen || this.deps.membership().some((queue) => queue.suspended !== true);
    if (wanted && !this.unsubscribe) {
      const generation = this.generation;
      const current = () => generation === this.generation;
      this.unsubscribe = this.deps.readings.subscribe({
        wants: () => this.wants(),
        onReading: (reading) => {
          if (!current()) return;
          this.take(reading);
          this.update();
        },
        onFailure: (error) => {
          if (!current()) return;
          this.failed(error);
          this.update();
        },
      });
      // The first reading now (the last one of another agent's while fresh), the next with the poll.
      this.readNow().then(
        () => current() && this.update(),
        (error: unknown) => current() && this.failed(error),
      );
    } else if (!wanted && this.unsubscribe) {
      this.stop();
      this.deps.onStopped();
    }
  }

  /** A reading now (fresh, or the one in flight): for the board and the join list when none is fresh. */
  readNow(): Promise<QueueReading> {
    const generation = this.generation;
    return this.deps.readings.read(this.wants()).then((reading) => {
      if (generation === this.generation) this.take(reading);
      return reading;
    });
  }

  /** Forgets everything (another PBX or agent); stops until `update()`. */
  reset(): void {
    this.generation++;
    this.latest = undefined;
    this.boardViewedAt = Number.NEGATIVE_INFINITY;
    if (this.unsubscribe) {
      this.stop();
      this.deps.onStopped();
    }
  }

  dispose(): void {
    this.generation++;
    this.stop();
  }

  private wants(): ReadingWants {
    const board = this.boardOpen;
    const membership = this.deps.membership();
    return {
      details: (queues) =>
        board ? inboundQueues(membership, { queues }) : waitingInboundQueues(membership, { queues }),
      complete: board,
    };
  }

  /** A reading older than the one shown (a slow one asked for between polls) changes nothing. */
  private take(reading: QueueReading): void {
    if (this.latest && reading.at < this.latest.at) return;
    this.latest = reading;
    this.deps.onReading(reading);
  }

  private failed(error: unknown): void {
    this.deps.logger.debug(`queue watch: GET /queues failed: ${failureDetail(error)}`);
    this.deps.onFailure(error);
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
