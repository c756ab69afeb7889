/**
 * Which call a phone-wide request acts on. The API controls a phone, not a call: PATCH /call answers, holds
 * or resumes "the" call in the right state and DELETE /call hangs up "the active call". With two calls on the
 * phone, a button on one of them must not act on the other, so a call offers an action only when it is the
 * call the PBX will pick (the rule docs/calls.md records; the demo PBX behaves this way):
 *
 *   answer   the oldest ringing inbound call, else the oldest ringing outbound leg
 *   hold     the oldest connected call
 *   resume   the call held most recently
 *   hang up  connected, else being set up (outbound ringing or dialling), else held, else ringing inbound;
 *            the oldest first within each
 */
import type { CallAction } from '../../shared/contract';
import type { ObservedCall } from '../monitor/observedCall';
import { CALL_STATE_TABLE } from '../callStateTable';

export interface TargetedCall {
  call: ObservedCall;
  /** Local epoch ms when the monitor saw it become held; for "resume the most recently held". */
  heldSince: number | null;
}

const byAge = (a: TargetedCall, b: TargetedCall) =>
  (a.call.createdAt ?? Infinity) - (b.call.createdAt ?? Infinity) ||
  a.call.uniqueid.localeCompare(b.call.uniqueid);

function hangupRank({ call }: TargetedCall): number {
  if (call.state === 'connected') return 0;
  if (call.state === 'dialing' || (call.state === 'ringing' && call.direction === 'outbound')) return 1;
  if (call.state === 'held') return 2;
  if (call.state === 'ringing') return 3;
  return 4;
}

function answerRank({ call }: TargetedCall): number {
  if (call.state !== 'ringing') return Infinity;
  return call.direction === 'inbound' ? 0 : 1;
}

function targetOf(calls: TargetedCall[], rank: (call: TargetedCall) => number): string | undefined {
  const ranked = calls
    .filter((call) => rank(call) < Infinity)
    .sort((a, b) => rank(a) - rank(b) || byAge(a, b));
  return ranked[0]?.call.uniqueid;
}

/** The uniqueid each action would act on now (undefined: no call for it). */
export function actionTargets(calls: TargetedCall[]): Record<CallAction, string | undefined> {
  const possible = (action: CallAction) =>
    calls.filter(({ call }) => CALL_STATE_TABLE[call.state].actions[call.direction].includes(action));
  return {
    answer: targetOf(possible('answer'), answerRank),
    hold: targetOf(possible('hold'), () => 0),
    resume: targetOf(possible('resume'), (held) => -(held.heldSince ?? 0)),
    hangup: targetOf(possible('hangup'), hangupRank),
  };
}

/** The actions a call offers: those its state allows and for which it is the call the PBX would pick. */
export function actionsOf(uniqueid: string, calls: TargetedCall[]): CallAction[] {
  const targets = actionTargets(calls);
  return (Object.keys(targets) as CallAction[]).filter((action) => targets[action] === uniqueid);
}
