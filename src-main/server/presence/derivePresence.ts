/**
 * What a colleague's presence is, read from what their own session already knows (docs/team-server.md,
 * "Colleagues' presence"): their ongoing calls (`calls:changed`) and their queue membership
 * (`queues:changed`). Nothing here asks the PBX.
 */
import type { CallStateView, CallView, PresenceState, QueuesView } from '../../shared/contract';

/** Call states in which the phone is in use: talking, held, or placing a call (click-to-dial answered). */
const BUSY_STATES: ReadonlySet<CallStateView> = new Set(['connected', 'held', 'dialing']);

/** Busy if any call is in use, else ringing if any rings, else free (queued, idle and ended calls). */
export function presenceStateOf(calls: readonly Pick<CallView, 'state'>[]): PresenceState {
  if (calls.some((call) => BUSY_STATES.has(call.state))) return 'busy';
  if (calls.some((call) => call.state === 'ringing')) return 'ringing';
  return 'free';
}

/** They serve at least one queue and every one of them is paused. */
export function pausedInAllQueues(view: Pick<QueuesView, 'queues'>): boolean {
  return view.queues.length > 0 && view.queues.every((queue) => queue.paused);
}
