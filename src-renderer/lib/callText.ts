/** How the call screens word calls, parties and numbers, so the Calls screen and the pop card agree. */
import type { CallPartyView, CallView, NumberMatch } from '../../src-main/shared/contract';
import { viaQueueText } from '../../src-main/shared/ringingNotification';
import { numberLabelText } from './directoryText';
import { t } from './i18n.svelte';

/** The other party's name: the directory's, the PBX's, else null (then the number is the name). */
export function partyName(remote: CallPartyView): string | null {
  return remote.match?.name || remote.pbxName.trim() || null;
}

/** "Contact", "Colleague": what kind of directory record owns a number. */
export function matchKindText(kind: NumberMatch['kind']): string {
  return t('calls.matchKind', { kind });
}

/** "Contact · mobile", "Colleague · extension": the label in the agent's language. */
export function matchDescription(match: NumberMatch): string {
  const kind = matchKindText(match.kind);
  return match.label ? t('calls.matchWithLabel', { kind, label: numberLabelText(match.label) }) : kind;
}

export function directionText(call: Pick<CallView, 'direction'>): string {
  return call.direction === 'inbound' ? t('calls.directionInbound') : t('calls.directionOutbound');
}

/** "via Support", or "via queue 4" when the PBX gave the queue no name. */
export function queueText(queue: { id: number; name: string | null }): string {
  return viaQueueText(t, queue);
}

/** Whole seconds from milliseconds, for the duration formatter (a timer never shows a second early). */
export function wholeSeconds(ms: number): number {
  return Math.max(0, Math.floor(ms / 1000));
}

/** A call's data as lines of text: strings as they are, anything else as JSON. Never HTML. */
export function dataEntries(data: Record<string, unknown>): { key: string; value: string }[] {
  return Object.entries(data).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
}
