/**
 * What a missed-call notification says and what its "Call back" dials, the same on the desktop (an OS
 * notification, shell/missedCallSurfaces.ts) and in the browser host (a Web Notification,
 * src-renderer/lib/browser/missedCallNotifications.ts).
 */
import type { CallsDialArgs, HistoryItem } from './contract';
import { t } from './i18n';
import { personCallData } from './personCallData';

/** Who called: the directory's name, else the PBX's, else the number. */
function callerOf(call: HistoryItem): string {
  return call.match?.name || call.remote.pbxName.trim() || call.remote.display;
}

export function missedCallNotice(call: HistoryItem): { title: string; body: string } {
  const caller = callerOf(call);
  const title = t('actions.missedTitle', { caller });
  // Separate facts, one per line part: the number (when the title names someone), the queue, the action.
  const parts = [
    caller === call.remote.display ? null : call.remote.display,
    call.queue ? t('actions.missedViaQueue', { queue: call.queue.name ?? String(call.queue.id) }) : null,
    call.remote.dial ? t('actions.missedClickToCallBack') : null,
  ];
  return { title, body: parts.filter(Boolean).join(' · ') };
}

/** The dial "Call back" makes (naming the person, when the directory knew them); null: no number to dial. */
export function callBackArgs(call: HistoryItem): CallsDialArgs | null {
  if (!call.remote.dial) return null;
  const person = call.match?.kind === 'person' ? personCallData({ id: call.match.id }) : undefined;
  return { number: call.remote.dial, source: 'history', ...(person ? { data: person } : {}) };
}
