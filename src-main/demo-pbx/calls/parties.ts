/** The parties of a call as the records name them: who called, who was called, who answered. */
import type { LiveCall } from './liveCall';
import { phonePartyIdentity, type PhoneSnapshot } from './phoneSnapshot';

export interface PartyView {
  type: 'phone' | 'trunk' | 'queue';
  number: string;
  numberNorm: string;
  name: string;
  internal: boolean;
  extension: string;
  extensionId: number | null;
  userId: number | null;
  username: string | null;
  groupId: number;
  /** The technology channel of the party's leg, or null for a queue. */
  channel: string | null;
}

const channelSuffix = (call: LiveCall, leg: number) => (call.seq * 2 + leg).toString(16).padStart(8, '0');

export function phoneParty(call: LiveCall, phone: PhoneSnapshot, leg: number): PartyView {
  return {
    type: 'phone',
    ...phonePartyIdentity(phone),
    internal: true,
    extension: phone.extension,
    extensionId: phone.extensionId,
    userId: phone.user?.id ?? null,
    username: phone.user?.username ?? null,
    groupId: phone.groupId,
    channel: `PJSIP/${phone.identifier}-${channelSuffix(call, leg)}`,
  };
}

/** The far side of the call: another phone of this PBX, or an outside number through the trunk. */
export function remoteParty(call: LiveCall, trunkId: number): PartyView {
  const { remote } = call;
  if (remote.phone) return phoneParty(call, remote.phone, 1);
  return {
    type: 'trunk',
    number: remote.number,
    numberNorm: remote.numberNorm,
    name: remote.name,
    internal: false,
    extension: '',
    extensionId: null,
    userId: null,
    username: null,
    // An outside party has no group of its own; the call belongs to the phone's group.
    groupId: call.phone.groupId,
    channel: `PJSIP/trunk${trunkId}-${channelSuffix(call, 1)}`,
  };
}

/** The calling party: the outside caller of an inbound call, the agent's phone of a click-to-dial. */
export function sourceParty(call: LiveCall, trunkId: number): PartyView {
  return call.direction === 'inbound' ? remoteParty(call, trunkId) : phoneParty(call, call.phone, 0);
}

/**
 * The final destination: the phone an inbound call rang (or the queue, if it never rang one), the dialled
 * party of an outbound call.
 */
export function destinationParty(call: LiveCall, trunkId: number): PartyView {
  if (call.direction === 'outbound') return remoteParty(call, trunkId);
  if (call.ringingMs === null && call.queue) {
    const { queue } = call;
    return {
      type: 'queue',
      number: queue.number,
      numberNorm: queue.number,
      name: queue.name,
      internal: true,
      extension: queue.number,
      extensionId: null,
      userId: null,
      username: null,
      groupId: queue.groupId,
      channel: null,
    };
  }
  return phoneParty(call, call.phone, 0);
}

/** The party that answered, once someone has. */
export function answeringParty(call: LiveCall, trunkId: number): PartyView | null {
  if (call.connectedMs === null) return null;
  return call.direction === 'inbound' ? phoneParty(call, call.phone, 0) : remoteParty(call, trunkId);
}
