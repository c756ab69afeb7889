/**
 * `POST /_sim/calls/{uniqueid}/taken`: another member of the queue answers a queue call while it rings the
 * agent's phone. The call leaves the agent's phone and goes on on the colleague's, and its records say it was
 * answered, so a client can tell it from a missed call.
 */
import type { Random } from '../random';
import type { CallTransitions } from './callTransitions';
import type { CallDirectory } from './directory';
import { CallError } from './errors';
import type { LiveCall } from './liveCall';
import { snapshotPhone } from './phoneSnapshot';
import { stateName } from './stateMachine';

export function colleagueTakes(
  call: LiveCall,
  directory: CallDirectory,
  random: Random,
  transitions: CallTransitions,
): string {
  if (call.direction !== 'inbound' || !call.queue || stateName(call) !== 'ringing') {
    throw CallError.business(
      `call ${call.uniqueid} is not a queue call ringing a phone; no colleague can take it`,
    );
  }
  const colleagues = directory
    .phones()
    .filter((phone) => phone.user && phone.identifier !== call.phone.identifier);
  if (colleagues.length === 0) throw CallError.business('there is no colleague to take the call');
  call.phone = snapshotPhone(random.pick(colleagues));
  transitions.apply(call, { type: 'answer' });
  return `Call ${call.uniqueid} taken by ${call.phone.extension}`;
}
