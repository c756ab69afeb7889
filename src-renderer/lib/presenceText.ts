/**
 * How the Directory and the Dial screen show a colleague's presence: always words ("On a call"), which a
 * colour may accent but never replaces. Read when called, so the words follow a language switch.
 */
import type {
  ColleaguePresence,
  DirectoryEntry,
  NumberMatch,
  PresenceState,
} from '../../src-main/shared/contract';
import type { MessageKey } from '../../src-main/shared/i18n';
import { t } from './i18n.svelte';
import type { Tone } from './labels';
import type { PresenceState as PresenceStore } from './state/presence.svelte';

/** Each state's label key (worded where shown, so it follows a language switch) and tone. */
export const presenceStateText: Record<PresenceState, { labelKey: MessageKey; tone: Tone }> = {
  free: { labelKey: 'presence.free', tone: 'positive' },
  ringing: { labelKey: 'presence.ringing', tone: 'progress' },
  busy: { labelKey: 'presence.busy', tone: 'warning' },
};

/**
 * The colleague a Directory entry is: a user by their PBX user id, else whoever's phone is one of the
 * entry's numbers (an extension, or a person's number that is a colleague's extension).
 */
export function colleagueOfEntry(
  entry: Pick<DirectoryEntry, 'kind' | 'id' | 'numbers'>,
  presence: Pick<PresenceStore, 'byUserId' | 'byExtension'>,
): ColleaguePresence | undefined {
  const byId = entry.kind === 'user' ? presence.byUserId(entry.id) : undefined;
  if (byId) return byId;
  for (const number of entry.numbers) {
    const colleague = presence.byExtension(number.dial);
    if (colleague) return colleague;
  }
  return undefined;
}

/** "Jana is on a call": the name the directory gives the colleague's user, else their username. */
export function dialPresenceText(colleague: ColleaguePresence, matches: readonly NumberMatch[]): string[] {
  const name =
    matches.find((match) => match.kind === 'user' && match.id === colleague.userId)?.name ??
    colleague.username;
  const sentences = [t('presence.dialState', { state: colleague.state, name })];
  if (colleague.pausedInAllQueues) sentences.push(t('presence.dialPaused', { name }));
  return sentences;
}
