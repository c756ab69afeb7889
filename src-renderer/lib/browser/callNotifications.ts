/**
 * The screen-pop's notification in the browser host: the Web Notifications API, once the agent has allowed
 * it (a button in Settings). One notification per ringing call, withdrawn once the call stops ringing; a
 * click brings the tab forward with that call's card (as the desktop's OS notification does). Every open
 * tab shows it under the same tag, so the browser keeps one. Its words and its sound are the desktop's
 * (shared/ringingNotification.ts); a Web notification has no buttons outside a service worker.
 */
import type { SettingsView } from '../../../src-main/shared/contract';
import { ringingCallNotification } from '../../../src-main/shared/ringingNotification';
import { t } from '../i18n.svelte';
import { invoke, subscribe } from '../ringside';
import { Followed } from '../state/followed.svelte';

export type NotificationAbility = NotificationPermission | 'unsupported';

export function notificationAbility(): NotificationAbility {
  return typeof Notification === 'function' ? Notification.permission : 'unsupported';
}

/** Asks the browser (which asks the agent); resolves to the answer. */
export async function askForNotifications(): Promise<NotificationAbility> {
  if (typeof Notification !== 'function') return 'unsupported';
  return Notification.requestPermission();
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
  // Settings ▸ Calls ▸ "Play a sound": followed, so a ring does not wait for the settings.
  const settings = new Followed<SettingsView>({
    read: () => invoke('settings:get'),
    follow: (update) => subscribe('settings:changed', update),
  });
  const stops = [
    settings.start(),
    subscribe('screenpop:show', (pop) => {
      if (notificationAbility() !== 'granted') return;
      const ringSound = settings.value?.settings.ringSound ?? false;
      const { title, body, silent } = ringingCallNotification(pop, { t, ringSound, canAnswer: false });
      shown.get(pop.uniqueid)?.close();
      const notification = create(title, { body, silent, tag: `ringside-call-${pop.uniqueid}` });
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
