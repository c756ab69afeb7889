/**
 * CallMonitor: polls GET /call for the agent's phone and turns the answers into call events.
 *
 * - Every `intervalMs` (default 1 s) ±10 % jitter, measured from the end of the previous poll, so two polls
 *   never overlap and a slow PBX slows the polling down instead of piling requests up.
 * - Each poll is bounded by a deadline below the interval (80 % of it, at least 200 ms) that covers the
 *   client's own GET retries too: the poll is aborted and counts as a timeout.
 * - On failure it backs off exponentially (from twice the interval, doubling, capped at 30 s, jittered down
 *   by up to 20 % so many clients spread out), reports its health, and recovers on the first good answer.
 *   Whatever throws while a poll's answer is handled (reading a call, a listener) fails that poll the same
 *   way, so the polling never stops silently.
 * - `pollNow()` polls at once (after the computer resumes from sleep); during a poll it asks for another
 *   right after it.
 * - `setCadence('fast')` polls every `fastIntervalMs` (250 ms) instead, while a call is likely to come (a
 *   caller waits in one of the agent's queues); `'normal'` goes back to `intervalMs`. Backoff is unchanged.
 */
import { ServerError, Timeout, isPbxError, retryAfterOf } from '../../api/errors';
import type { ActiveCall } from '../../api/schemas';
import type { CallsApi } from '../../api/endpoints/calls';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { diffCalls, type CallEvent, type TrackedCalls } from './diffCalls';
import { errorMessage } from '../../shared/contract';
import { t } from '../../shared/i18n';
import { observeCall, type AgentPhone, type ObservedCall } from './observedCall';
import { systemTimers, type Timers } from '../timers';

/** The one method of the PBX client the monitor needs. */
export type CallListSource = Pick<CallsApi, 'listCalls'>;

export interface MonitorPolicy {
  intervalMs: number;
  /** The interval at the fast cadence (never slower than `intervalMs`). */
  fastIntervalMs: number;
  /** ± this fraction of the interval. */
  jitter: number;
  /** Each poll's deadline as a fraction of the interval, never below `minTimeoutMs`. */
  timeoutRatio: number;
  minTimeoutMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_MONITOR_POLICY: MonitorPolicy = {
  intervalMs: 1000,
  fastIntervalMs: 250,
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

export type PollCadence = 'normal' | 'fast';

/** The longest pause a PBX's Retry-After may impose on the call monitor. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** A failure while handling an answer, as the PbxError a failed GET /call reports (the original is logged). */
function unhandledAnswer(error: unknown): unknown {
  if (isPbxError(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return ServerError.unexpected({ method: 'GET', path: '/call' }, t('pbx.callsNotHandled', { reason }));
}

export class CallMonitor {
  private readonly policy: MonitorPolicy;
  private pollCadence: PollCadence = 'normal';
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

  get cadence(): PollCadence {
    return this.pollCadence;
  }

  /**
   * Polls at the fast or the normal interval from now on. Going fast while waiting for the next poll
   * brings that poll forward to within the fast interval; a backoff after failures is left as it is.
   */
  setCadence(cadence: PollCadence): void {
    if (cadence === this.pollCadence) return;
    this.pollCadence = cadence;
    if (cadence === 'fast' && this.running && !this.inFlight && this.failures === 0) {
      this.schedule(nextPollDelayMs(this.currentPolicy(), this.random));
    }
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
    const timeoutMs = pollTimeoutMs(this.currentPolicy());
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
    const delay = items ? this.handle(items, pollId) : this.failed(failure);
    const again = this.pollAgain;
    this.pollAgain = false;
    this.schedule(again ? 0 : delay);
  }

  /** The delay before the next poll: the interval when the answer was handled, else the backoff. */
  private handle(items: ActiveCall[], pollId: number): number {
    try {
      this.deliver(items, pollId);
    } catch (error) {
      // With its stack, once per run of failures (failed() logs each poll in one line).
      if (this.failures === 0) {
        this.deps.logger.error('call monitor: the answer to GET /call could not be handled', error);
      }
      return this.failed(unhandledAnswer(error));
    }
    if (this.failures > 0) {
      this.deps.logger.info(`call monitor: GET /call answers again after ${this.failures} failed polls`);
      this.failures = 0;
      this.report({ status: 'ok' });
    }
    return nextPollDelayMs(this.currentPolicy(), this.random);
  }

  private deliver(items: ActiveCall[], pollId: number): void {
    const now = this.deps.clock.now();
    const observed = items.map((item) =>
      observeCall(item, this.deps.agent, now, this.tracked.get(item.uniqueid)?.call.direction),
    );
    const { tracked, events } = diffCalls(this.tracked, observed);
    this.tracked = tracked;
    this.deps.onSnapshot({ pollId, calls: this.calls, events });
  }

  /** The policy at the current cadence: the fast one polls (and times out) at `fastIntervalMs`. */
  private currentPolicy(): MonitorPolicy {
    if (this.pollCadence === 'normal') return this.policy;
    return { ...this.policy, intervalMs: Math.min(this.policy.fastIntervalMs, this.policy.intervalMs) };
  }

  private failed(error: unknown): number {
    this.failures++;
    // The PBX's own Retry-After (429, 503) when it asks for longer, capped; the backoff is the floor.
    const retryAfterMs = retryAfterOf(error, MAX_RETRY_AFTER_MS) ?? 0;
    const retryInMs = Math.max(backoffDelayMs(this.policy, this.failures, this.random), retryAfterMs);
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
