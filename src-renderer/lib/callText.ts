/** How the call screens word calls, parties and numbers, so the Calls screen and the pop card agree. */
import type { CallPartyView, CallView, NumberMatchView } from '../../src-main/shared/contract';

/** The other party's name: the directory's, the PBX's, else null (then the number is the name). */
export function partyName(remote: CallPartyView): string | null {
  return remote.match?.name || remote.pbxName.trim() || null;
}

/** "Acme s.r.o." for a person's first company; null for anyone else. */
export function companyOf(match: NumberMatchView | null): string | null {
  return match?.kind === 'person' ? (match.companies[0]?.name ?? null) : null;
}

const MATCH_KINDS: Record<NumberMatchView['kind'], string> = {
  person: 'Contact',
  company: 'Company',
  user: 'Colleague',
  extension: 'Extension',
};

/** "Contact · mobile", "Colleague · work". */
export function matchDescription(match: NumberMatchView): string {
  return match.label ? `${MATCH_KINDS[match.kind]} · ${match.label}` : MATCH_KINDS[match.kind];
}

export function directionText(call: Pick<CallView, 'direction'>): string {
  return call.direction === 'inbound' ? 'Incoming' : 'Outgoing';
}

/** 0:07, 12:45, 1:02:03. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A call's data as lines of text: strings as they are, anything else as JSON. Never HTML. */
export function dataEntries(data: Record<string, unknown>): { key: string; value: string }[] {
  return Object.entries(data).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
}
