/**
 * CallMonitor: polls GET /call for the agent's phone and turns the answers into call events.
 *
 * - Every `intervalMs` (default 1 s) ±10 % jitter, measured from the end of the previous poll, so two polls
 *   never overlap and a slow PBX slows the polling down instead of piling requests up.
 * - Each poll is bounded by a deadline below the interval (80 % of it, at least 200 ms) that covers the
 *   client's own GET retries too: the poll is aborted and counts as a timeout.
 * - On failure it backs off exponentially (from twice the interval, doubling, capped at 30 s, jittered down
 *   by up to 20 % so many clients spread out), reports its health, and recovers on the first good answer.
 * - `pollNow()` polls at once (after the computer resumes from sleep); during a poll it asks for another
 *   right after it.
 */
import { Timeout } from '../../api/errors';
import type { ActiveCall } from '../../api/schemas';
import type { CallsApi } from '../../api/endpoints/calls';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { diffCalls, type CallEvent, type TrackedCalls } from './diffCalls';
import { errorMessage } from '../../shared/contract';
import { observeCall, type AgentPhone, type ObservedCall } from './observedCall';
import { systemTimers, type Timers } from '../timers';

/** The one method of the PBX client the monitor needs. */
export type CallListSource = Pick<CallsApi, 'listCalls'>;

export interface MonitorPolicy {
  intervalMs: number;
  /** ± this fraction of the interval. */
  jitter: number;
  /** Each poll's deadline as a fraction of the interval, never below `minTimeoutMs`. */
  timeoutRatio: number;
  minTimeoutMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_MONITOR_POLICY: MonitorPolicy = {
  intervalMs: 1000,
  jitter: 0.1,
  timeoutRatio: 0.8,
  minTimeoutMs: 200,
  maxBackoffMs: 30_000,
};

export interface MonitorSnapshot {
  /** Increases with every poll started; a snapshot belongs to the poll that started as number `pollId`. */
  pollId: number;
  calls: ObservedCall[];
  events: CallEvent[];
}

export type MonitorHealth =
  | { status: 'ok' }
  | { status: 'failing'; error: unknown; failures: number; retryInMs: number; message: string };

export interface CallMonitorDeps {
  source: CallListSource;
  agent: AgentPhone;
  /** The PBX's host, for the timeout message. */
  host: string;
  clock: Clock;
  logger: Logger;
  policy?: Partial<MonitorPolicy>;
  timers?: Timers;
  random?: () => number;
  /** After every successful poll, with the events since the previous one. */
  onSnapshot(snapshot: MonitorSnapshot): void;
  /** On every failed poll, and on the first good one after failures. */
  onHealth?(health: MonitorHealth): void;
}

export function pollTimeoutMs(policy: MonitorPolicy): number {
  return Math.max(policy.minTimeoutMs, Math.round(policy.intervalMs * policy.timeoutRatio));
}

/** The pause before the next poll: the interval, jittered ±`jitter`. */
export function nextPollDelayMs(policy: MonitorPolicy, random: () => number): number {
  return Math.round(policy.intervalMs * (1 - policy.jitter + 2 * policy.jitter * random()));
}

/** The pause after the `failures`-th failure in a row: 2× interval doubling, capped, jittered downwards. */
export function backoffDelayMs(policy: MonitorPolicy, failures: number, random: () => number): number {
  const ceiling = Math.min(policy.maxBackoffMs, 2 * policy.intervalMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.8 + 0.2 * random()));
}

export class CallMonitor {
  private readonly policy: MonitorPolicy;
  private readonly timers: Timers;
  private readonly random: () => number;
  private tracked: TrackedCalls = new Map();
  private timer: unknown;
  private running = false;
  private inFlight: AbortController | undefined;
  private pollAgain = false;
  private pollCount = 0;
  private failures = 0;
  /** Bumped by stop(), so a poll that outlives its monitor's run changes nothing. */
  private generation = 0;

  constructor(private readonly deps: CallMonitorDeps) {
    this.policy = { ...DEFAULT_MONITOR_POLICY, ...deps.policy };
    this.timers = deps.timers ?? systemTimers;
    this.random = deps.random ?? Math.random;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** The ongoing calls of the last good poll. */
  get calls(): ObservedCall[] {
    return [...this.tracked.values()].map((tracked) => tracked.call);
  }

  /** The number of the last poll started (see MonitorSnapshot.pollId). */
  get lastPollId(): number {
    return this.pollCount;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.poll();
  }

  /** Stops polling and forgets the calls; a poll in flight is aborted and its answer ignored. */
  stop(): void {
    this.running = false;
    this.generation++;
    this.clearTimer();
    this.inFlight?.abort(new Error('the call monitor stopped'));
    this.inFlight = undefined;
    this.tracked = new Map();
    this.failures = 0;
  }

  /** Polls now (resume from sleep, after a call-control request), or right after the poll in flight. */
  pollNow(): void {
    if (!this.running) return;
    if (this.inFlight) {
      this.pollAgain = true;
      return;
    }
    this.clearTimer();
    void this.poll();
  }

  private async poll(): Promise<void> {
    const generation = this.generation;
    const pollId = ++this.pollCount;
    const timeoutMs = pollTimeoutMs(this.policy);
    const controller = new AbortController();
    this.inFlight = controller;
    const deadline = this.timers.setTimeout(
      () => controller.abort(new Timeout(timeoutMs, this.deps.host, { method: 'GET', path: '/call' })),
      timeoutMs,
    );
    let items: ActiveCall[] | undefined;
    let failure: unknown;
    try {
      // The client's retries stay within the deadline too: a 503 asking for a long pause fails the poll now.
      items = await this.deps.source.listCalls(this.deps.agent.selector, {
        signal: controller.signal,
        timeoutMs,
        retryWithinMs: timeoutMs,
      });
    } catch (error) {
      failure = controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      this.timers.clearTimeout(deadline);
    }
    if (generation !== this.generation) return;
    this.inFlight = undefined;
    const delay = items ? this.succeeded(items, pollId) : this.failed(failure);
    const again = this.pollAgain;
    this.pollAgain = false;
    this.schedule(again ? 0 : delay);
  }

  private succeeded(items: ActiveCall[], pollId: number): number {
    const now = this.deps.clock.now();
    const observed = items.map((item) =>
      observeCall(item, this.deps.agent, now, this.tracked.get(item.uniqueid)?.call.direction),
    );
    const { tracked, events } = diffCalls(this.tracked, observed);
    this.tracked = tracked;
    if (this.failures > 0) {
      this.deps.logger.info(`call monitor: GET /call answers again after ${this.failures} failed polls`);
      this.failures = 0;
      this.report({ status: 'ok' });
    }
    try {
      this.deps.onSnapshot({ pollId, calls: this.calls, events });
    } catch (error) {
      this.deps.logger.error('call monitor: a listener failed', error);
    }
    return nextPollDelayMs(this.policy, this.random);
  }

  private failed(error: unknown): number {
    this.failures++;
    const retryInMs = backoffDelayMs(this.policy, this.failures, this.random);
    const message = errorMessage(error);
    const log = this.failures === 1 ? 'warn' : 'debug';
    this.deps.logger[log](
      `call monitor: poll failed (${this.failures} in a row), next in ${retryInMs} ms: ${message}`,
    );
    this.report({ status: 'failing', error, failures: this.failures, retryInMs, message });
    return retryInMs;
  }

  private report(health: MonitorHealth): void {
    try {
      this.deps.onHealth?.(health);
    } catch (error) {
      this.deps.logger.error('call monitor: a health listener failed', error);
    }
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    this.clearTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
