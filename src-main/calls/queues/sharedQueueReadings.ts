/**
 * The queues' live statistics read once for everyone watching them (docs/queues.md, "One reading for all"):
 * a single poller reads `GET /queues` every interval (jittered) while anyone subscribes, with
 * `GET /queue/{id}` once for the union of the queues the subscribers want the detail of, and hands each
 * subscriber that reading with its own queues' details only. A reading asked for between polls (a board
 * opening, the join list, a watch starting) is the last one while it is younger than `freshMs` (below the
 * interval), with only the details it lacks read now; one in flight is joined. The next poll is always one
 * interval after the last full reading began, so asking in between adds no `GET /queues` to the schedule.
 *
 * A team server has one for all its agents (so the PBX's load does not grow with them); the desktop's one
 * agent has one of its own with one subscriber, so both follow the same schedule.
 */
import type { Queue } from '../../api/schemas';
import type { Clock } from '../../shared/clock';
import { failureDetail } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { systemTimers, type Timers } from '../timers';
import {
  detailIds,
  readDetail,
  readQueues,
  type QueueDetailReading,
  type QueueReading,
  type QueuesClient,
} from './queueReading';

export interface QueuePollPolicy {
  everyMs: number;
  /** ± this fraction of `everyMs`. */
  jitter: number;
  /** A reading asked for between polls reuses the last one while it is younger than this. */
  freshMs: number;
}

export const DEFAULT_QUEUE_POLL_POLICY: QueuePollPolicy = { everyMs: 2000, jitter: 0.1, freshMs: 1500 };

/** What one reader wants of a reading. */
export interface ReadingWants {
  /** From the list just read, the queues whose detail it wants. */
  details(queues: ReadonlyMap<number, Queue>): readonly number[];
  /** Whether these are all of the agent's inbound queues (the board's reading). */
  complete: boolean;
}

export interface QueueReadingSubscriber {
  wants(): ReadingWants;
  onReading(reading: QueueReading): void;
  /** The poll failed (the PBX, or no connection): polling goes on. */
  onFailure(error: unknown): void;
}

export interface SharedQueueReadingsDeps {
  client(): Pick<QueuesClient, 'queues' | 'queue'> | undefined;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  random?: () => number;
  policy?: Partial<QueuePollPolicy>;
}

/** One full reading: the list, and the details read for it so far (each queue's once). */
interface FullReading {
  client: Pick<QueuesClient, 'queue'>;
  at: number;
  queues: ReadonlyMap<number, Queue>;
  details: Map<number, Promise<QueueDetailReading>>;
}

export class SharedQueueReadings {
  private readonly policy: QueuePollPolicy;
  private readonly timers: Timers;
  private readonly random: () => number;
  private readonly subscribers = new Set<QueueReadingSubscriber>();
  private latest: FullReading | undefined;
  private inFlight: Promise<FullReading> | undefined;
  private timer: unknown;

  constructor(private readonly deps: SharedQueueReadingsDeps) {
    this.policy = { ...DEFAULT_QUEUE_POLL_POLICY, ...deps.policy };
    this.timers = deps.timers ?? systemTimers;
    this.random = deps.random ?? Math.random;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Readings for `subscriber` at every poll until the returned function is called. */
  subscribe(subscriber: QueueReadingSubscriber): () => void {
    this.subscribers.add(subscriber);
    if (this.timer === undefined) this.schedule();
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stopTimer();
    };
  }

  /** A reading now for `wants`: the last one while fresh, the one in flight, else a new one. */
  async read(wants: ReadingWants): Promise<QueueReading> {
    const client = this.deps.client();
    let reading = this.inFlight ? await this.inFlight : this.latest;
    const stale = !reading || this.deps.clock.now() - reading.at >= this.policy.freshMs;
    if (!reading || stale || reading.client !== client) reading = await this.readAll(wants);
    return this.servedTo(reading, wants);
  }

  /** Stops polling (the subscribers stay; a later `subscribe` starts again). */
  dispose(): void {
    this.subscribers.clear();
    this.stopTimer();
  }

  private async poll(): Promise<void> {
    let reading: FullReading;
    try {
      reading = await this.readAll();
    } catch (error) {
      this.deps.logger.debug(`queue readings: GET /queues failed: ${failureDetail(error)}`);
      for (const subscriber of [...this.subscribers]) subscriber.onFailure(error);
      return;
    } finally {
      // A poll that joined a reading in flight (or failed before one began) still has a next one due.
      if (this.subscribers.size > 0 && this.timer === undefined) this.schedule();
    }
    await Promise.all(
      [...this.subscribers].map(async (subscriber) => {
        const served = await this.servedTo(reading, subscriber.wants());
        if (this.subscribers.has(subscriber)) subscriber.onReading(served);
      }),
    );
  }

  /** `GET /queues` with the details every subscriber (and `extra`) wants; the next poll is due one interval on. */
  private readAll(extra?: ReadingWants): Promise<FullReading> {
    if (this.inFlight) return this.inFlight;
    const client = this.deps.client();
    // i18n-exempt: never shown; the queue service words an unconnected PBX itself (QueuesError.notConnected).
    if (!client) return Promise.reject(new Error('not connected'));
    if (this.subscribers.size > 0) this.schedule();
    const wants = [...this.subscribers].map((subscriber) => subscriber.wants());
    if (extra) wants.push(extra);
    const pending = readQueues(
      client,
      (queues) => wants.flatMap((want) => want.details(queues)),
      () => this.deps.clock.now(),
      false,
    ).then(({ at, queues, details }): FullReading => ({
      client,
      at,
      queues,
      details: new Map([...details].map(([id, detail]) => [id, Promise.resolve(detail)])),
    }));
    this.inFlight = pending;
    const settle = (reading?: FullReading) => {
      if (this.inFlight !== pending) return;
      this.inFlight = undefined;
      if (reading) this.latest = reading;
    };
    pending.then(settle, () => settle());
    return pending;
  }

  /** The reading with `wants`'s details only, those it lacks read now (once, whoever else needs them). */
  private async servedTo(reading: FullReading, wants: ReadingWants): Promise<QueueReading> {
    const ids = detailIds(reading.queues, wants.details(reading.queues));
    const details = await Promise.all(
      ids.map(async (id) => {
        let detail = reading.details.get(id);
        if (!detail) reading.details.set(id, (detail = readDetail(reading.client, id)));
        return [id, await detail] as const;
      }),
    );
    return { at: reading.at, queues: reading.queues, details: new Map(details), complete: wants.complete };
  }

  private schedule(): void {
    const { everyMs, jitter } = this.policy;
    const delay = Math.round(everyMs * (1 - jitter + 2 * jitter * this.random()));
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, delay);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
