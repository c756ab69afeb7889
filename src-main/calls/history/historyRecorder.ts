/**
 * Feeds the call history from the monitor: a call is written the first time it is seen, marked when it
 * rings the agent's phone and when it connects, and finalised with its outcome when it ends (`call:ended`).
 * The outcome is corrected later from the PBX's record (see `refineFromRecord`). Calls left `ongoing` by a
 * previous run (Ringside closed during a call) are settled by the first snapshot of a monitor session that
 * no longer lists them.
 */
import type { CallRecordV1 } from '../../api/schemas';
import type { HistoryStore } from '../../cache';
import type { CallDirection, CallOutcome } from '../../shared/contract';
import { owningCompany } from '../../shared/numberOwner';
import { analyseNumber } from '../../shared/numbers';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { CallerLookup } from '../callerLookup';
import type { MonitorSnapshot } from '../monitor/callMonitor';
import type { ObservedCall } from '../monitor/observedCall';
import type { HistoryEmitter } from './historyEmitter';

export interface HistoryRecorderDeps {
  store: HistoryStore;
  lookup: CallerLookup;
  defaultCountry(): string;
  emit: HistoryEmitter;
  /** A call ended (the review fetch starts). */
  onEnded(uniqueid: string): void;
  clock: Clock;
  logger: Logger;
}

/** The outcome of a call that just ended, from what the monitor saw. */
export function outcomeOnEnd(direction: CallDirection, answered: boolean, rang: boolean): CallOutcome {
  if (answered) return 'answered';
  if (direction === 'outbound') return 'unanswered';
  return rang ? 'missed' : 'abandoned';
}

export class HistoryRecorder {
  /** Calls of this run already in the store: later polls need not normalise and look up their number again. */
  private readonly stored = new Set<string>();

  constructor(private readonly deps: HistoryRecorderDeps) {}

  /** One monitor snapshot; `firstOfSession` for the first good poll of a (re)started monitor. */
  record(snapshot: MonitorSnapshot, firstOfSession: boolean): void {
    const changed = new Set<string>();
    const ended: string[] = [];
    for (const call of snapshot.calls) {
      if (this.insert(call)) changed.add(call.uniqueid);
    }
    for (const event of snapshot.events) {
      const { call } = event;
      if (event.type === 'ended') {
        this.insert(call);
        this.stored.delete(call.uniqueid);
        if (this.finish(call.uniqueid, call.connectedAt)) {
          changed.add(call.uniqueid);
          ended.push(call.uniqueid);
        }
      } else if (event.type === 'inbound-ringing' && this.markRang(call)) {
        changed.add(call.uniqueid);
      } else if (event.type === 'connected' && this.markAnswered(call)) {
        changed.add(call.uniqueid);
      }
    }
    if (firstOfSession) {
      const listed = new Set(snapshot.calls.map((call) => call.uniqueid));
      for (const uniqueid of this.deps.store.ongoing()) {
        if (listed.has(uniqueid) || ended.includes(uniqueid)) continue;
        // Ended while Ringside was not watching: when is unknown; the record fills in the rest.
        if (this.finish(uniqueid, null, null)) {
          changed.add(uniqueid);
          this.deps.onEnded(uniqueid);
        }
      }
    }
    if (changed.size > 0) this.announce([...changed]);
    for (const uniqueid of ended) {
      const item = this.deps.store.get(uniqueid);
      if (item) this.deps.emit('call:ended', { uniqueid, call: item });
      this.deps.onEnded(uniqueid);
    }
  }

  /** Corrects the outcome (and the answer time) from the PBX's record of the call. */
  refineFromRecord(uniqueid: string, record: CallRecordV1): void {
    const progress = this.deps.store.progress(uniqueid);
    if (!progress || progress.outcome === 'ongoing') return;
    const answered = record.connected !== null;
    const rang = progress.rang || record.ring_time > 0;
    const outcome = outcomeOnEnd(progress.direction, answered, rang);
    if (outcome === progress.outcome) return;
    this.deps.store.update(uniqueid, { outcome, rang, seen: outcome !== 'missed' });
    this.announce([uniqueid]);
  }

  announce(uniqueids: string[]): void {
    this.deps.emit('history:changed', { uniqueids, missedUnseen: this.deps.store.missedUnseen() });
  }

  private insert(call: ObservedCall): boolean {
    if (this.stored.has(call.uniqueid)) return false;
    this.stored.add(call.uniqueid);
    const { lookup } = this.deps;
    const raw = call.remote.lookupNumber || call.remote.number;
    const number = lookup.read(raw);
    const matches = lookup.matches(number);
    const digitForms = number.dial ? (analyseNumber(raw, this.deps.defaultCountry())?.digitForms ?? []) : [];
    return this.deps.store.insert({
      uniqueid: call.uniqueid,
      direction: call.direction,
      remote: {
        number: call.remote.number,
        display: number.dial ? number.display : call.remote.number,
        dial: number.dial,
        pbxName: call.remote.pbxName,
      },
      match: matches[0] ?? null,
      company: owningCompany(matches),
      queue: call.queue,
      startedAt: call.createdAt ?? this.deps.clock.now(),
      digitForms,
    });
  }

  private markRang(call: ObservedCall): boolean {
    const progress = this.deps.store.progress(call.uniqueid);
    if (!progress || progress.rang) return false;
    return this.deps.store.update(call.uniqueid, { rang: true });
  }

  private markAnswered(call: ObservedCall): boolean {
    const progress = this.deps.store.progress(call.uniqueid);
    if (!progress || progress.answeredAt !== null) return false;
    return this.deps.store.update(call.uniqueid, { answeredAt: call.connectedAt ?? this.deps.clock.now() });
  }

  /** Finalises an ongoing call; false when it was already final. */
  private finish(
    uniqueid: string,
    connectedAt: number | null,
    endedAt: number | null = this.deps.clock.now(),
  ) {
    const progress = this.deps.store.progress(uniqueid);
    if (!progress || progress.outcome !== 'ongoing') return false;
    const answeredAt = progress.answeredAt ?? connectedAt;
    const outcome = outcomeOnEnd(progress.direction, answeredAt !== null, progress.rang);
    return this.deps.store.update(uniqueid, { outcome, answeredAt, endedAt, seen: outcome !== 'missed' });
  }
}
