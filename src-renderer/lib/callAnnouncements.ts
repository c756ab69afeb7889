/**
 * What a screen reader is told when one of the agent's calls changes state (ringing → connected → on hold →
 * ended): one sentence per change, worked out from the call list before and after an update. The list is
 * sent again on every poll, so a call whose state did not change says nothing. An incoming call ringing is
 * left to its pop card, which announces it at once (ScreenPopLayer.svelte).
 */
import type { CallView } from '../../src-main/shared/contract';
import { partyName } from './callText';
import { t } from './i18n.svelte';

type Phase = 'ringing' | 'dialling' | 'connected' | 'held' | 'ended';

const PHASES: Partial<Record<CallView['state'], Phase>> = {
  ringing: 'ringing',
  dialing: 'dialling',
  connected: 'connected',
  held: 'held',
  ended: 'ended',
};

const nameOf = (call: CallView): string => partyName(call.remote) ?? call.remote.display;

function sentenceFor(call: CallView, phase: Phase, before: Phase | undefined): string | null {
  const name = nameOf(call);
  switch (phase) {
    case 'ringing':
      return call.direction === 'inbound' ? null : t('calls.announceOutboundRinging', { name });
    case 'dialling':
      return t('calls.announceDialling', { name });
    case 'connected':
      return before === 'held'
        ? t('calls.announceResumed', { name })
        : t('calls.announceConnected', { name });
    case 'held':
      return t('calls.announceHeld', { name });
    case 'ended':
      return t('calls.announceEnded', { name });
  }
}

/** The sentences for what changed; none for the first list (those calls were there before Ringside looked). */
export function callStateAnnouncements(
  previous: readonly CallView[] | null,
  next: readonly CallView[],
): string[] {
  if (previous === null) return [];
  const sentences: string[] = [];
  for (const call of next) {
    const phase = PHASES[call.state];
    const earlier = previous.find((shown) => shown.uniqueid === call.uniqueid);
    const before = earlier ? PHASES[earlier.state] : undefined;
    if (!phase || phase === before) continue;
    const sentence = sentenceFor(call, phase, before);
    if (sentence) sentences.push(sentence);
  }
  for (const gone of previous) {
    if (PHASES[gone.state] === 'ended' || next.some((call) => call.uniqueid === gone.uniqueid)) continue;
    sentences.push(t('calls.announceEnded', { name: nameOf(gone) }));
  }
  return sentences;
}
