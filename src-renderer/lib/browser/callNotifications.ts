/**
 * The screen-pop's notification in the browser host: the Web Notifications API, once the agent has allowed
 * it (a button in Settings). One notification per ringing call, withdrawn once the call stops ringing; a
 * click brings the tab forward with that call's card (as the desktop's OS notification does). Every open
 * tab shows it under the same tag, so the browser keeps one.
 */
import type { ScreenPop } from '../../../src-main/shared/contract';
import { queueText } from '../callText';
import { t } from '../i18n.svelte';
import { subscribe } from '../ringside';

export type NotificationAbility = NotificationPermission | 'unsupported';

export function notificationAbility(): NotificationAbility {
  return typeof Notification === 'function' ? Notification.permission : 'unsupported';
}

/** Asks the browser (which asks the agent); resolves to the answer. */
export async function askForNotifications(): Promise<NotificationAbility> {
  if (typeof Notification !== 'function') return 'unsupported';
  return Notification.requestPermission();
}

/** Who is calling: the directory's name, else the PBX's, else the number; then the number and the queue. */
export function callNotificationContent(pop: ScreenPop): { title: string; body: string } {
  const known = pop.person?.name ?? pop.company?.name ?? pop.user?.name ?? null;
  const caller = known ?? (pop.callerName.trim() || pop.number.display);
  const parts = [
    caller === pop.number.display ? null : pop.number.display,
    pop.queue ? queueText(pop.queue) : null,
    known ? null : t('calls.notInDirectory'),
  ];
  return { title: t('calls.notificationTitle', { caller }), body: parts.filter(Boolean).join(' · ') };
}

export interface CallNotificationsDeps {
  /** The agent clicked the notification of this call. */
  onClick(uniqueid: string): void;
  create?: (title: string, options: NotificationOptions) => Notification;
}

/** Follows the pops and the calls; returns the function that stops (and withdraws what it showed). */
export function notifyRingingCalls({
  onClick,
  create = (title, options) => new Notification(title, options),
}: CallNotificationsDeps): () => void {
  const shown = new Map<string, Notification>();
  const stops = [
    subscribe('screenpop:show', (pop) => {
      if (notificationAbility() !== 'granted') return;
      const { title, body } = callNotificationContent(pop);
      shown.get(pop.uniqueid)?.close();
      const notification = create(title, { body, tag: `ringside-call-${pop.uniqueid}` });
      notification.addEventListener('click', () => {
        notification.close();
        onClick(pop.uniqueid);
      });
      shown.set(pop.uniqueid, notification);
    }),
    subscribe('calls:changed', (calls) => {
      for (const [uniqueid, notification] of shown) {
        if (calls.some((call) => call.uniqueid === uniqueid && call.state === 'ringing')) continue;
        notification.close();
        shown.delete(uniqueid);
      }
    }),
  ];
  return () => {
    stops.forEach((stop) => stop());
    for (const notification of shown.values()) notification.close();
    shown.clear();
  };
}
