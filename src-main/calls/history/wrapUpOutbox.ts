/**
 * Sends the wrap-up outbox to the PBX: `POST /metadata/{uniqueid}` with each entry's differential changes,
 * one entry at a time, oldest first. Failures that may pass (network, timeout, 5xx) are retried with backoff
 * until the PBX accepts; a refusal (business or validation error, no permission, unknown call) marks the
 * entry `rejected` with the PBX's message and keeps it for the user. Entries live in SQLite: `drain()` at
 * start and on every new PBX client picks up what a crash, a restart or an outage left behind.
 */
import type { CallMetadataApi, CallPermissionsApi } from '../../api/endpoints/calls';
import type { OutboxEntry, WrapUpStore } from '../../cache';
import type { PendingSave } from '../../shared/contract';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { errorMessage } from '../../shared/contract';
import type { HistoryEmitter } from './historyEmitter';
import { backoffMs, isTransient, type BackoffPolicy } from './historyRetry';
import { systemTimers, type Timers } from '../timers';
import { storedFailure, storedNotice, wordNotice } from './storedNotice';

export interface OutboxClient {
  metadata: Pick<CallMetadataApi, 'update'>;
  permissions: Pick<CallPermissionsApi, 'byUsername'>;
}

export interface OutboxPolicy extends BackoffPolicy {
  requestTimeoutMs: number;
}

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
  jitter: 0.2,
  requestTimeoutMs: 10_000,
};

export interface WrapUpOutboxDeps {
  store: WrapUpStore;
  client(): OutboxClient | undefined;
  agent(): string | undefined;
  emit: HistoryEmitter;
  /** The PBX accepted a save (the history shows the wrap-up as written). */
  onWritten?(uniqueid: string): void;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  random?: () => number;
  policy?: Partial<OutboxPolicy>;
}

/** Stored with the entry and worded when a window gets it (storedNotice.ts). */
const NOT_PERMITTED = storedNotice('control.wrapUpNotPermitted');

export class WrapUpOutbox {
  private readonly policy: OutboxPolicy;
  private readonly timers: Timers;
  private timer: unknown;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Counts "Clear local data"s: a send started before one records nothing of its answer. */
  private generation = 0;

  constructor(private readonly deps: WrapUpOutboxDeps) {
    this.policy = { ...DEFAULT_OUTBOX_POLICY, ...deps.policy };
    this.timers = deps.timers ?? systemTimers;
    // A save that was on its way when the app stopped is sent again (metadata writes are idempotent).
    for (const entry of deps.store.entries()) {
      if (entry.state === 'sending')
        this.setState(entry, 'queued', entry.attempts, entry.message, null, false);
    }
  }

  /** Sends what is due now; resolves when the outbox has nothing more to send at the moment. */
  drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.clearTimer();
    this.draining = this.run()
      .catch((error: unknown) => this.deps.logger.error('wrap-up outbox: sending stopped', error))
      .finally(() => {
        this.draining = undefined;
        if (this.again) {
          this.again = false;
          void this.drain();
        } else {
          this.scheduleNext();
        }
      });
    return this.draining;
  }

  pending(): PendingSave[] {
    return this.deps.store.entries().map(publicEntry);
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  /**
   * The local data was cleared: a send on its way records nothing when its answer comes (the metadata the
   * PBX returns, the note among it, would go back into the emptied file). The outbox itself is empty now.
   */
  forgetInFlight(): void {
    this.generation++;
    this.clearTimer();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const client = this.deps.client();
      const entry = client && this.deps.store.due(this.deps.clock.now());
      if (!client || !entry) return;
      await this.send(client, entry);
    }
  }

  private async send(client: OutboxClient, entry: OutboxEntry): Promise<void> {
    const generation = this.generation;
    const discarded = () => this.stopped || generation !== this.generation;
    const attempts = entry.attempts + 1;
    this.setState(entry, 'sending', attempts, entry.message, null);
    const options = { timeoutMs: this.policy.requestTimeoutMs };
    try {
      const agent = this.deps.agent();
      if (agent) {
        const permissions = await client.permissions.byUsername(entry.uniqueid, agent, options);
        if (discarded()) return;
        if (!permissions.metadata) {
          this.setState(entry, 'rejected', attempts, NOT_PERMITTED, null);
          return;
        }
      }
      const metadata = await client.metadata.update(entry.uniqueid, entry.changes, options);
      // An answer that arrives after stop() (the app quitting) is not recorded: the entry is sent again.
      if (discarded()) return;
      const removed = this.deps.store.accepted(
        entry.uniqueid,
        entry.revision,
        metadata,
        this.deps.clock.now(),
      );
      this.deps.logger.info(`wrap-up of ${entry.uniqueid} written to the PBX after ${attempts} attempt(s)`);
      this.announce(entry.uniqueid);
      if (removed) this.deps.onWritten?.(entry.uniqueid);
    } catch (error) {
      if (discarded()) return;
      const message = errorMessage(error);
      const notice = storedFailure(error);
      if (isTransient(error)) {
        const nextAttemptAt = this.deps.clock.now() + backoffMs(this.policy, attempts, this.deps.random);
        this.deps.logger[attempts === 1 ? 'warn' : 'debug'](
          `wrap-up of ${entry.uniqueid} not written (attempt ${attempts}), retrying: ${message}`,
        );
        this.setState(entry, 'retrying', attempts, notice, nextAttemptAt);
      } else {
        this.deps.logger.warn(`wrap-up of ${entry.uniqueid} refused by the PBX: ${message}`);
        this.setState(entry, 'rejected', attempts, notice, null);
      }
    }
  }

  private setState(
    entry: OutboxEntry,
    state: PendingSave['state'],
    attempts: number,
    message: string | null,
    nextAttemptAt: number | null,
    announce = true,
  ): void {
    this.deps.store.setState(entry.uniqueid, state, { attempts, message, nextAttemptAt });
    if (announce) this.announce(entry.uniqueid);
  }

  /** `wrapup:changed` with the entry as stored now (null once it left the outbox). */
  announce(uniqueid: string): void {
    const entry = this.deps.store.entry(uniqueid);
    this.deps.emit('wrapup:changed', {
      uniqueid,
      pending: entry ? publicEntry(entry) : null,
      pendingCount: this.deps.store.count(),
    });
  }

  private scheduleNext(): void {
    if (this.stopped || !this.deps.client()) return;
    const next = this.deps.store.nextAttemptAt();
    if (next === null) return;
    this.clearTimer();
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = undefined;
        void this.drain();
      },
      Math.max(0, next - this.deps.clock.now()),
    );
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The entry without the outbox's bookkeeping. */
export function publicEntry(entry: OutboxEntry): PendingSave {
  const { revision: _revision, ...rest } = entry;
  return { ...rest, message: wordNotice(rest.message) };
}
