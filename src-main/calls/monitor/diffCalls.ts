/**
 * Turns two successive lists of ongoing calls into events, by uniqueid, through the state table: a call that
 * is new or changed state fires the event of the state it entered; a call that is gone (or reported ended)
 * fires `ended`. Pure: the monitor keeps the tracked calls between polls.
 */
import type { CallStateView } from '../../shared/contract';
import type { ObservedCall } from './observedCall';
import { CALL_STATE_TABLE, ONCE_PER_CALL, type CallEventType } from '../callStateTable';

export interface CallEvent {
  type: CallEventType;
  call: ObservedCall;
  /** The state before; undefined for a call seen for the first time. */
  previous: CallStateView | undefined;
}

export interface TrackedCall {
  call: ObservedCall;
  /** Once-per-call events already fired (a call ringing again after a transfer pops no second card). */
  fired: ReadonlySet<CallEventType>;
}

export type TrackedCalls = ReadonlyMap<string, TrackedCall>;

export function diffCalls(tracked: TrackedCalls, observed: readonly ObservedCall[]) {
  const next = new Map<string, TrackedCall>();
  const events: CallEvent[] = [];
  for (const call of observed) {
    const before = tracked.get(call.uniqueid);
    if (call.state === 'ended') {
      if (before) events.push({ type: 'ended', call, previous: before.call.state });
      continue;
    }
    let fired = before?.fired ?? new Set<CallEventType>();
    const previous = before?.call.state;
    if (previous !== call.state) {
      const type = CALL_STATE_TABLE[call.state].entered(call.direction, previous);
      if (type && !(ONCE_PER_CALL.has(type) && fired.has(type))) {
        events.push({ type, call, previous });
        if (ONCE_PER_CALL.has(type)) fired = new Set([...fired, type]);
      }
    }
    next.set(call.uniqueid, { call, fired });
  }
  const reported = new Set(observed.map((call) => call.uniqueid));
  for (const [uniqueid, before] of tracked) {
    if (!reported.has(uniqueid))
      events.push({ type: 'ended', call: before.call, previous: before.call.state });
  }
  return { tracked: next as TrackedCalls, events };
}
