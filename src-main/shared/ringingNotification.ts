/**
 * The notification of a ringing call, worded once for both hosts: the desktop's OS notification
 * (shell/notifications.ts) and the browser host's Web notification (src-renderer/lib/browser/). Each host
 * passes its own translator (main's, or the renderer's that follows a language switch) and shows the result
 * its own way (the desktop escapes the body where Linux reads markup; the browser has no buttons).
 */
import type { ScreenPop } from './contract';
import type { MessageKey, MessageParams } from './i18n';

export type Translate = (key: MessageKey, params?: MessageParams) => string;

export interface RingingNotification {
  title: string;
  /** Lines: the caller's company, the number (when a name is the title) and the queue, "not in directory". */
  body: string;
  /** No sound unless the agent asked for one (Settings ▸ Calls, `ringSound`): the phone rings already. */
  silent: boolean;
  /** Buttons where the host can show them; a click on the notification itself brings the pop card forward. */
  actions: { action: 'answer'; title: string }[];
}

export interface RingingNotificationOptions {
  t: Translate;
  ringSound: boolean;
  /** The host can answer from a button (the desktop, where the OS shows buttons). */
  canAnswer: boolean;
}

/** "via Support", or "via queue 4" when the PBX gave the queue no name. */
export function viaQueueText(t: Translate, queue: { id: number; name: string | null }): string {
  // The id is a name here, not an amount: no digit grouping.
  return t('calls.viaQueue', { queue: queue.name ?? t('calls.queueNumber', { id: String(queue.id) }) });
}

/** The directory's name (person, company, colleague, as the pop card's title), else the PBX's, else the number. */
export function ringingCallNotification(
  pop: ScreenPop,
  { t, ringSound, canAnswer }: RingingNotificationOptions,
): RingingNotification {
  const directoryName = pop.person?.name ?? pop.company?.name ?? pop.user?.name ?? null;
  const name = directoryName ?? (pop.callerName.trim() || null);
  const numberLine = [name ? pop.number.display : null, pop.queue ? viaQueueText(t, pop.queue) : null]
    .filter(Boolean)
    .join(' · ');
  const lines = [
    // `pop.company` is the owner's (shared/numberOwner.ts); beside a person's name, not repeating a company's.
    pop.person ? (pop.company?.name ?? null) : null,
    numberLine || null,
    directoryName ? null : t('calls.notInDirectory'),
  ];
  return {
    title: t('calls.notificationTitle', { caller: name ?? pop.number.display }),
    body: lines.filter((line): line is string => Boolean(line)).join('\n'),
    silent: !ringSound,
    // No Decline: the API cannot reject a call, and hanging up during call waiting would drop the customer.
    actions: canAnswer ? [{ action: 'answer', title: t('actions.answer') }] : [],
  };
}
