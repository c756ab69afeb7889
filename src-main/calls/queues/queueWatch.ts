/**
 * Reads the queues' live statistics every 2 s (jittered) while the agent serves at least one active queue
 * or the board is being looked at, on its own timer: never in the call poll's path. Each reading is one
 * `GET /queues`, plus `GET /queue/{id}` for the agent's inbound queues: all of them while the board is open,
 * else only the active ones with callers waiting (the others have no current wait to report). The board,
 * the tray's count, the long-wait alert and the call poll's cadence all use the same reading.
 */
import type { QueueMembership } from '../../api/schemas';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { failureDetail } from '../../shared/contract';
import { systemTimers, type Timers } from '../timers';
import { readQueues, type QueueReading, type QueuesClient } from './queueReading';
import { inboundQueues, waitingInboundQueues } from './queueViews';

export interface QueueWatchPolicy {
  everyMs: number;
  /** ± this fraction of `everyMs`. */
  jitter: number;
  /** The board counts as open this long after it last asked for a reading. */
  boardOpenMs: number;
}

export const DEFAULT_QUEUE_WATCH_POLICY: QueueWatchPolicy = {
  everyMs: 2000,
  jitter: 0.1,
  boardOpenMs: 10_000,
};

export interface QueueWatchDeps {
  client(): QueuesClient | undefined;
  /** The agent's membership as last read. */
  membership(): readonly QueueMembership[];
  onReading(reading: QueueReading): void;
  onFailure(error: unknown): void;
  /** The watch stopped (no active queue, no board): nothing is known about waiting callers any more. */
  onStopped(): void;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  random?: () => number;
  policy?: Partial<QueueWatchPolicy>;
}

export class QueueWatch {
  private readonly policy: QueueWatchPolicy;
  private readonly timers: Timers;
  private readonly random: () => number;
  private timer: unknown;
  private running = false;
  private inFlight: Promise<QueueReading> | undefined;
  private inFlightComplete = false;
  private boardViewedAt = Number.NEGATIVE_INFINITY;
  /** Bumped by reset(): a reading of an earlier PBX or agent changes nothing. */
  private generation = 0;
  latest: QueueReading | undefined;

  constructor(private readonly deps: QueueWatchDeps) {
    this.policy = { ...DEFAULT_QUEUE_WATCH_POLICY, ...deps.policy };
    this.timers = deps.timers ?? systemTimers;
    this.random = deps.random ?? Math.random;
  }

  get isRunning(): boolean {
    return this.running;
  }

  get boardOpen(): boolean {
    return this.deps.clock.now() - this.boardViewedAt < this.policy.boardOpenMs;
  }

  /** The board asked for a reading: it stays open (with every inbound queue's detail) for a while. */
  boardViewed(): void {
    this.boardViewedAt = this.deps.clock.now();
    this.update();
  }

  /** Starts or stops to match the membership and the board (after each membership read). */
  update(): void {
    const wanted = this.boardOpen || this.deps.membership().some((queue) => queue.suspended !== true);
    if (wanted && !this.running) {
      this.running = true;
      this.schedule(0);
    } else if (!wanted && this.running) {
      this.stopTimer();
      this.deps.onStopped();
    }
  }

  /** A reading now (the one in flight, if any): for the board and the join list when none is fresh. */
  readNow(): Promise<QueueReading> {
    const board = this.boardOpen;
    if (this.inFlight) {
      // A reading without the board's details does not serve the board: one more follows it.
      if (!board || this.inFlightComplete) return this.inFlight;
      const after = () => this.readNow();
      return this.inFlight.then(after, after);
    }
    const client = this.deps.client();
    if (!client) return Promise.reject(new Error('not connected'));
    const generation = this.generation;
    const reading = readQueues(
      client,
      (queues) =>
        board
          ? inboundQueues(this.deps.membership(), { queues })
          : waitingInboundQueues(this.deps.membership(), { queues }),
      () => this.deps.clock.now(),
      board,
    ).then((result) => {
      if (generation === this.generation) {
        this.latest = result;
        this.deps.onReading(result);
      }
      return result;
    });
    this.inFlight = reading;
    this.inFlightComplete = board;
    const clear = () => {
      if (this.inFlight === reading) this.inFlight = undefined;
    };
    reading.then(clear, clear);
    return reading;
  }

  /** Forgets everything (another PBX or agent); stops until `update()`. */
  reset(): void {
    this.generation++;
    this.inFlight = undefined;
    this.latest = undefined;
    this.boardViewedAt = Number.NEGATIVE_INFINITY;
    if (this.running) {
      this.stopTimer();
      this.deps.onStopped();
    }
  }

  dispose(): void {
    this.generation++;
    this.stopTimer();
  }

  private async tick(): Promise<void> {
    const generation = this.generation;
    try {
      await this.readNow();
    } catch (error) {
      if (generation !== this.generation) return;
      this.deps.logger.debug(`queue watch: GET /queues failed: ${failureDetail(error)}`);
      this.deps.onFailure(error);
    }
    if (generation !== this.generation || !this.running) return;
    this.update();
    if (this.running) this.schedule(this.nextDelayMs());
  }

  private nextDelayMs(): number {
    const { everyMs, jitter } = this.policy;
    return Math.round(everyMs * (1 - jitter + 2 * jitter * this.random()));
  }

  private schedule(delayMs: number): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, delayMs);
  }

  private stopTimer(): void {
    this.running = false;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
