/**
 * Background callers in the demo's inbound queues, so the queues live: now and then (every `everySeconds`
 * per active inbound queue on average) a caller enters, waits, and is answered by another agent of the
 * queue who is ready and free, or gives up when nobody is. They never ring the demo agent's phone (its
 * queue calls come from the call engine) and they move the queue's counters like any queue call.
 *
 * `setWaiting` is the control interface's switch: it makes a queue's background callers exactly `count`
 * callers who wait (for `waitedSeconds` already) until the switch changes them again.
 */
import type { SimClock, TimerId } from '../clock';
import type { Random } from '../random';
import type { QueueActivity, QueueConfig } from './queueStatistics';

export interface QueueTrafficOptions {
  /** Mean seconds between callers entering each active inbound queue; 0 turns the traffic off. */
  everySeconds: number;
  /** [min, max] seconds before a free agent takes a caller. */
  answerAfterSeconds: readonly [number, number];
  talkSeconds: readonly [number, number];
  /** [min, max] seconds a caller waits for a free agent before hanging up. */
  patienceSeconds: readonly [number, number];
}

export const DEFAULT_QUEUE_TRAFFIC_OPTIONS: Omit<QueueTrafficOptions, 'everySeconds'> = {
  answerAfterSeconds: [3, 30],
  talkSeconds: [30, 240],
  patienceSeconds: [40, 240],
};

/** A waiting caller looks for a free agent this often. */
const RETRY_SECONDS = 5;
const RING_SECONDS = 3;

export interface QueueTrafficDeps {
  clock: SimClock;
  random: Random;
  activity: QueueActivity;
  queues(): QueueConfig[];
  /** Ready, not suspended members of the queue. */
  readyMembers(queueId: number): number[];
  /** Agents busy now: on a phone call, or on another queue call. */
  busyAgents(): ReadonlySet<number>;
  /** The demo agent takes queue calls on its phone only, through the call engine. */
  demoAgentUserId: number;
  options: QueueTrafficOptions;
}

interface BackgroundCaller {
  uniqueid: string;
  queueId: number;
  phase: 'waiting' | 'ringing' | 'talking';
  /** Set by the switch: waits until the switch changes it, is never answered and never gives up. */
  held: boolean;
  timer: TimerId | null;
}

export class QueueTraffic {
  private readonly callers = new Map<string, BackgroundCaller>();
  private readonly arrivals = new Map<number, TimerId>();
  private sequence = 0;

  constructor(private readonly deps: QueueTrafficDeps) {}

  start(): void {
    if (this.deps.options.everySeconds <= 0) return;
    for (const queue of this.deps.queues()) {
      if (queue.type === 1 && queue.active) this.scheduleArrival(queue.id);
    }
  }

  stop(): void {
    for (const timer of this.arrivals.values()) this.deps.clock.cancel(timer);
    this.arrivals.clear();
    for (const caller of this.callers.values()) this.deps.clock.cancel(caller.timer);
  }

  /**
   * Makes the queue's waiting background callers exactly `count` held callers who entered `waitedSeconds`
   * ago: the other waiting ones leave (as abandoned calls), the newest first. Returns the count.
   */
  setWaiting(queueId: number, count: number, waitedSeconds: number): number {
    const nowMs = this.deps.clock.now();
    const waiting = [...this.callers.values()].filter(
      (caller) => caller.queueId === queueId && caller.phase === 'waiting',
    );
    const held = waiting.filter((caller) => caller.held);
    for (const caller of waiting.filter((candidate) => !candidate.held))
      this.leave(caller, nowMs, 'abandoned');
    for (const caller of held.slice(count).reverse()) this.leave(caller, nowMs, 'abandoned');
    for (let index = held.length; index < count; index++)
      this.enter(queueId, nowMs - waitedSeconds * 1000, true);
    return count;
  }

  private scheduleArrival(queueId: number): void {
    const { clock, random, options } = this.deps;
    // Exponential gaps: arrivals of a Poisson process with the given mean.
    const gapMs = -Math.log(1 - random.next()) * options.everySeconds * 1000;
    this.arrivals.set(
      queueId,
      clock.setTimer(gapMs, () => {
        this.arrive(queueId);
        this.scheduleArrival(queueId);
      }),
    );
  }

  private arrive(queueId: number): void {
    const { clock, activity, options } = this.deps;
    const queue = this.deps.queues().find((candidate) => candidate.id === queueId);
    if (!queue?.active) return;
    const caller = this.enter(queueId, clock.now(), false);
    const giveUpAtMs = clock.now() + this.between(options.patienceSeconds) * 1000;
    const tryAnswer = (): void => {
      caller.timer = null;
      const agent = this.freeAgent(queueId);
      const nowMs = clock.now();
      if (agent === undefined) {
        if (nowMs >= giveUpAtMs) this.leave(caller, nowMs, 'abandoned');
        else caller.timer = clock.setTimer(RETRY_SECONDS * 1000, tryAnswer);
        return;
      }
      caller.phase = 'ringing';
      activity.callRinging(caller.uniqueid, agent);
      caller.timer = clock.setTimer(RING_SECONDS * 1000, () => {
        caller.phase = 'talking';
        activity.callAnswered(caller.uniqueid, agent, clock.now());
        caller.timer = clock.setTimer(this.between(options.talkSeconds) * 1000, () =>
          this.leave(caller, clock.now(), 'ended'),
        );
      });
    };
    caller.timer = clock.setTimer(this.between(options.answerAfterSeconds) * 1000, tryAnswer);
  }

  private freeAgent(queueId: number): number | undefined {
    const busy = this.deps.busyAgents();
    const free = this.deps
      .readyMembers(queueId)
      .filter((id) => id !== this.deps.demoAgentUserId && !busy.has(id));
    return free.length > 0 ? this.deps.random.pick(free) : undefined;
  }

  private enter(queueId: number, atMs: number, held: boolean): BackgroundCaller {
    const sequence = ++this.sequence;
    const caller: BackgroundCaller = {
      uniqueid: `bg-${sequence}`,
      queueId,
      phase: 'waiting',
      held,
      timer: null,
    };
    this.callers.set(caller.uniqueid, caller);
    // A made-up Czech mobile number per caller: background callers are nobody in the directory.
    const number = `+420 7${String(10_000_000 + ((sequence * 7919) % 89_999_999)).padStart(8, '0')}`;
    this.deps.activity.callEntered({ queueId, uniqueid: caller.uniqueid, number, name: '', atMs });
    return caller;
  }

  private leave(caller: BackgroundCaller, atMs: number, outcome: 'abandoned' | 'ended'): void {
    this.deps.clock.cancel(caller.timer);
    this.callers.delete(caller.uniqueid);
    this.deps.activity.callLeft(caller.uniqueid, atMs, outcome);
  }

  private between([min, max]: readonly [number, number]): number {
    return this.deps.random.int(min, max);
  }
}
