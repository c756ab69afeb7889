/**
 * The call state machine: which event may happen in which state, and what it does to the call's times,
 * hold accounting and path. Pure apart from mutating the call it is given.
 */
import { CALL_STATE_CODES, CALL_STATES, type CallStateName } from '../../api/schemas';
import type { CallDirection } from './callDirection';
import { CAUSES, PATH_TYPES, type LiveCall, type PathEvent } from './liveCall';

export type HangupParty = 'agent' | 'remote' | 'timeout';

export type CallEvent =
  | { type: 'enqueue' }
  | { type: 'originate' }
  | { type: 'ring' }
  | { type: 'pickup' }
  | { type: 'answer' }
  | { type: 'remote-answer' }
  | { type: 'hold' }
  | { type: 'resume' }
  | { type: 'hangup'; by: HangupParty };

interface Transition {
  from: readonly CallStateName[];
  to: CallStateName;
  direction?: CallDirection;
}

const ONGOING: readonly CallStateName[] = ['queued', 'ringing', 'dialing', 'connected', 'held'];

const TRANSITIONS: Record<CallEvent['type'], Transition> = {
  /** A new inbound call enters a queue and waits. */
  enqueue: { from: ['idle'], to: 'queued', direction: 'inbound' },
  /** Click-to-dial: the PBX first rings the agent's own phone. */
  originate: { from: ['idle'], to: 'ringing', direction: 'outbound' },
  /** An inbound call reaches the phone, directly or from its queue. */
  ring: { from: ['idle', 'queued'], to: 'ringing', direction: 'inbound' },
  /** Click-to-dial: the agent's phone takes its own leg, the PBX dials the destination. */
  pickup: { from: ['ringing'], to: 'dialing', direction: 'outbound' },
  answer: { from: ['ringing'], to: 'connected', direction: 'inbound' },
  'remote-answer': { from: ['dialing'], to: 'connected', direction: 'outbound' },
  hold: { from: ['connected'], to: 'held' },
  resume: { from: ['held'], to: 'connected' },
  hangup: { from: ONGOING, to: 'ended' },
};

export class CallTransitionError extends Error {}

export const stateName = (call: LiveCall): CallStateName => CALL_STATES[call.state];

export function canApply(call: LiveCall, event: CallEvent['type']): boolean {
  const transition = TRANSITIONS[event];
  return (
    transition.from.includes(stateName(call)) &&
    (transition.direction === undefined || transition.direction === call.direction)
  );
}

/** Applies `event` at `nowMs`, or throws CallTransitionError saying why it cannot happen now. */
export function applyEvent(call: LiveCall, event: CallEvent, nowMs: number): void {
  if (!canApply(call, event.type)) {
    throw new CallTransitionError(
      `call ${call.uniqueid} is ${stateName(call)} (${call.direction}); "${event.type}" is not possible now`,
    );
  }
  const agent = { number: call.phone.extension, name: call.phone.user?.displayname ?? '' };
  const remote = { number: call.remote.number, name: call.remote.name };
  const addPath = (type: PathEvent['type'], party: { number: string; name: string }) =>
    call.path.push({ atMs: nowMs, type, ...party });

  switch (event.type) {
    case 'enqueue':
      call.queueEnteredMs = nowMs;
      if (call.queue) addPath(PATH_TYPES.queued, { number: call.queue.number, name: call.queue.name });
      break;
    case 'originate':
      addPath(PATH_TYPES.ringing, agent);
      break;
    case 'ring':
      call.ringingMs = nowMs;
      addPath(PATH_TYPES.ringing, agent);
      break;
    case 'pickup':
      call.ringingMs = nowMs; // from here the destination rings
      addPath(PATH_TYPES.dialled, remote);
      break;
    case 'answer':
      call.connectedMs = nowMs;
      addPath(PATH_TYPES.answered, agent);
      break;
    case 'remote-answer':
      call.connectedMs = nowMs;
      addPath(PATH_TYPES.answered, remote);
      break;
    case 'hold':
      call.heldSinceMs = nowMs;
      addPath(PATH_TYPES.held, agent);
      break;
    case 'resume':
      endHold(call, nowMs);
      addPath(PATH_TYPES.resumed, agent);
      break;
    case 'hangup':
      endHold(call, nowMs);
      call.endedMs = nowMs;
      call.cause = hangupCause(call, event.by);
      call.abandoned = call.connectedMs === null && call.direction === 'inbound' && event.by !== 'agent';
      addPath(PATH_TYPES.hungUp, event.by === 'remote' ? remote : agent);
      break;
  }
  call.previousState = call.state;
  call.state = CALL_STATE_CODES[TRANSITIONS[event.type].to];
}

function endHold(call: LiveCall, nowMs: number): void {
  if (call.heldSinceMs === null) return;
  call.holdMs += nowMs - call.heldSinceMs;
  call.heldSinceMs = null;
}

function hangupCause(call: LiveCall, by: HangupParty): number {
  if (call.connectedMs !== null) return CAUSES.normalClearing;
  if (by === 'timeout') return CAUSES.noAnswer;
  // Declining a ringing inbound call is a rejection; any other hang-up before an answer is unremarkable.
  return by === 'agent' && call.direction === 'inbound' ? CAUSES.rejected : CAUSES.normalUnspecified;
}
