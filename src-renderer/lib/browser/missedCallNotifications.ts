/**
 * Missed calls in the browser host: a Web Notification per missed call (once the agent allowed notifications,
 * as for the screen-pop), whose click calls back through the one dial path and brings the tab forward. Every
 * open tab shows it under the same tag, so the browser keeps one.
 */
import { callBackArgs, missedCallNotice } from '../../../src-main/shared/missedCall';
import { invoke, subscribe } from '../ringside';
import { notificationAbility } from './callNotifications';

export interface MissedCallNotificationsDeps {
  create?: (title: string, options: NotificationOptions) => Notification;
  /** A call back could not start: said where the agent sees it. */
  onDialFailed(error: unknown): void;
}

/** Follows `call:missed`; returns the function that stops. */
export function notifyMissedCalls({
  create = (title, options) => new Notification(title, options),
  onDialFailed,
}: MissedCallNotificationsDeps): () => void {
  return subscribe('call:missed', (call) => {
    if (notificationAbility() !== 'granted') return;
    const { title, body } = missedCallNotice(call);
    const notification = create(title, { body, tag: `ringside-missed-${call.uniqueid}` });
    notification.addEventListener('click', () => {
      notification.close();
      window.focus();
      const args = callBackArgs(call);
      if (args) invoke('calls:dial', args).catch(onDialFailed);
    });
  });
}
