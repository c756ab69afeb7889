/**
 * The one state-mapping table of the calls layer: for each call state (the PBX's codes, named by
 * `describeCallState` in api/schemas), the label people see, the monitor event a call entering it causes,
 * and the actions the phone's API can apply to it. The monitor, the view models and call control all read
 * this table; nothing else decides what a state means.
 */
import type { CallAction, CallDirection, CallStateView } from '../shared/contract';
import { t, type MessageKey } from '../shared/i18n';

export type CallEventType =
  'inbound-ringing' | 'outbound-dialling' | 'connected' | 'held' | 'resumed' | 'ended';

/** Events a call causes at most once: the first ringing of an inbound call, the start of an outbound one. */
export const ONCE_PER_CALL: ReadonlySet<CallEventType> = new Set(['inbound-ringing', 'outbound-dialling']);

interface StateRow {
  /** The label's message: a window's call list is rebuilt on every change, so it is worded there. */
  label: Record<CallDirection, MessageKey>;
  /** The event of a call entering this state from `previous` (undefined: the call is new). */
  entered(direction: CallDirection, previous: CallStateView | undefined): CallEventType | null;
  actions: Record<CallDirection, readonly CallAction[]>;
}

const both = <T>(value: T): Record<CallDirection, T> => ({ inbound: value, outbound: value });
const none = () => null;

export const CALL_STATE_TABLE: Record<CallStateView, StateRow> = {
  idle: { label: both('control.stateIdle'), entered: none, actions: both([]) },
  // Waiting in an inbound queue that will ring this phone: nothing to do yet, no pop until it rings.
  queued: { label: both('control.stateQueued'), entered: none, actions: both([]) },
  ringing: {
    // Click-to-dial rings the agent's own phone first; answering it makes the PBX dial the number.
    label: { inbound: 'control.stateRinging', outbound: 'control.stateRingingToDial' },
    entered: (direction) => (direction === 'inbound' ? 'inbound-ringing' : 'outbound-dialling'),
    actions: both(['answer', 'hangup']),
  },
  dialing: {
    label: both('control.stateDialling'),
    entered: (direction) => (direction === 'inbound' ? null : 'outbound-dialling'),
    actions: both(['hangup']),
  },
  connected: {
    label: both('control.stateConnected'),
    entered: (_direction, previous) => (previous === 'held' ? 'resumed' : 'connected'),
    actions: both(['hold', 'hangup']),
  },
  held: { label: both('control.stateHeld'), entered: () => 'held', actions: both(['resume', 'hangup']) },
  ended: { label: both('control.stateEnded'), entered: () => 'ended', actions: both([]) },
  // A code this version does not know: shown as "unknown (N)"; hanging up is still possible.
  unknown: { label: both('control.stateUnknown'), entered: none, actions: both(['hangup']) },
};

/** What a call shows while an action is on its way to the PBX. */
export const PENDING_LABELS: Record<CallAction, MessageKey> = {
  answer: 'control.pendingAnswer',
  hold: 'control.pendingHold',
  resume: 'control.pendingResume',
  hangup: 'control.pendingHangup',
};

/** What a call's state reads as now, in the language in use; a code outside the table keeps its number. */
export function stateLabel(call: {
  state: CallStateView;
  direction: CallDirection;
  stateName: string;
}): string {
  if (call.state !== 'unknown') return t(CALL_STATE_TABLE[call.state].label[call.direction]);
  // stateName is describeCallState's "unknown (9)": the number is all a person can act on.
  const code = /\((.*)\)$/.exec(call.stateName)?.[1] ?? '?';
  return t('control.stateUnknownCode', { code });
}

/** The PATCH /call state of each action; hang-up is DELETE /call. */
export const CONTROL_STATES = { answer: 'answer', hold: 'held', resume: 'resumed' } as const;
