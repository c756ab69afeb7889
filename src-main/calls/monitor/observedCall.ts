/**
 * An item of GET /call as the calls layer reads it: its state through the state table's names, its
 * direction relative to the agent's phone, the other party, and its times on the local clock.
 *
 * Direction rule (docs/calls.md): a call is outbound when its calling party is the agent's own phone, that
 * is when the caller block names the configured extension (`caller_extension`), the configured identifier
 * (the endpoint of `caller_channel`, `TECH/<identifier>-<suffix>`), or the agent's user (`caller_username`);
 * failing those, when the PBX rings the caller's own phone (`caller_ringing`) or auto-answers the agent's leg
 * (`autoanswer`), which only click-to-dial does. Everything else is inbound: the other party called the agent.
 */
import { describeCallState, type ActiveCall, type PhoneSelector } from '../../api/schemas';
import type { CallDirection, CallStateView } from '../../shared/contract';

export interface AgentPhone {
  selector: PhoneSelector;
  /** The agent's PBX user name, when configured. */
  username?: string;
}

export interface ObservedCall {
  uniqueid: string;
  state: CallStateView;
  /** "unknown (9)" for codes outside the table, else the state's name. */
  stateName: string;
  direction: CallDirection;
  /** The other party: the caller of an inbound call, the dialled party of an outbound one. */
  remote: { number: string; lookupNumber: string; pbxName: string };
  queue: { id: number; name: string | null } | null;
  /** Local epoch ms; null when the PBX did not say. */
  createdAt: number | null;
  connectedAt: number | null;
  data: Record<string, unknown>;
}

/** `PJSIP/ab-12-0000002a` → `ab-12`: the endpoint part of an Asterisk-style channel name. */
export function channelEndpoint(channel: string | undefined): string | undefined {
  const match = channel ? /^[^/]+\/(.+)-[0-9a-f]+$/i.exec(channel) : null;
  return match?.[1];
}

export function isOutbound(item: ActiveCall, agent: AgentPhone): boolean {
  const { selector } = agent;
  if ('extension' in selector && item.caller_extension !== undefined) {
    if (item.caller_extension === selector.extension) return true;
  }
  if ('identifier' in selector && channelEndpoint(item.caller_channel) === selector.identifier) return true;
  if (agent.username && item.caller_username === agent.username) return true;
  return item.caller_ringing === true || item.autoanswer === true;
}

const text = (value: string | null | undefined): string => value?.trim() ?? '';
const firstText = (...values: (string | null | undefined)[]): string => values.map(text).find(Boolean) ?? '';

/**
 * Reads one item. `localNowMs` maps the PBX's UNIX times onto the local clock through the item's `now`, so a
 * call timer is right even when the PBX's clock is off.
 */
export function observeCall(
  item: ActiveCall,
  agent: AgentPhone,
  localNowMs: number,
  knownDirection?: CallDirection,
): ObservedCall {
  const described = describeCallState(item.state);
  const direction = knownDirection ?? (isOutbound(item, agent) ? 'outbound' : 'inbound');
  const remote =
    direction === 'inbound'
      ? {
          number: firstText(item.caller_number, item.caller_number_norm),
          lookupNumber: firstText(item.caller_number_norm, item.caller_number),
          pbxName: text(item.caller_name),
        }
      : {
          number: firstText(item.called_number_original, item.called_number, item.called_number_norm),
          lookupNumber: firstText(
            item.called_number_norm,
            item.called_number_original_norm,
            item.called_number,
          ),
          pbxName: firstText(item.connected_name, item.called_name),
        };
  const offsetMs = typeof item.now === 'number' ? localNowMs - item.now * 1000 : 0;
  const localTime = (unix: number | null | undefined) =>
    typeof unix === 'number' ? unix * 1000 + offsetMs : null;
  const queueId = item.queue_id ?? null;
  return {
    uniqueid: item.uniqueid,
    state: described.name,
    stateName: described.label,
    direction,
    remote,
    queue:
      queueId === null
        ? null
        : { id: queueId, name: direction === 'inbound' ? text(item.called_name) || null : null },
    createdAt: localTime(item.created),
    connectedAt: localTime(item.connected),
    data: item.data ?? {},
  };
}
