/**
 * A missed call on the desktop (`call:missed`, once per call: calls/history/missedCallAlerts.ts): an OS
 * notification whose click, or its "Call back" button where the OS shows buttons, calls the number back through
 * the one dial path, naming the person when the directory knew them. The tray counts the missed calls the
 * agent has not seen (tray.ts).
 */
import type { EventListener } from '../app/eventHub';
import type { CommandHandlers, HistoryItem } from '../shared/contract';
import { errorMessage } from '../shared/contract';
import { t } from '../shared/i18n';
import { callBackArgs, missedCallNotice } from '../shared/missedCall';
import type { CreateNotification, NotificationLike } from './notifications';

export interface MissedCallSurfacesDeps {
  core: { commands: Pick<CommandHandlers, 'calls:dial'>; subscribe(listener: EventListener): () => void };
  create: CreateNotification;
  notificationsSupported(): boolean;
  problem(title: string, body: string): void;
}

export function callBack(call: HistoryItem, deps: Pick<MissedCallSurfacesDeps, 'core' | 'problem'>): void {
  const args = callBackArgs(call);
  if (!args) return;
  deps.core.commands['calls:dial'](args).catch((error: unknown) =>
    deps.problem(t('actions.callBackFailed'), errorMessage(error)),
  );
}

/** Missed-call notifications kept referenced (the newest), so a late click still calls back. */
const KEPT_NOTIFICATIONS = 20;

/** Follows the missed calls; returns the function that stops. */
export function installMissedCallSurfaces(deps: MissedCallSurfacesDeps): () => void {
  const kept = new Set<NotificationLike>();
  const stop = deps.core.subscribe((channel, payload) => {
    if (channel !== 'call:missed' || !deps.notificationsSupported()) return;
    const call = payload as HistoryItem;
    const content = missedCallNotice(call);
    const notification = deps.create(
      call.remote.dial ? { ...content, actions: [t('actions.callBack')] } : content,
    );
    const use = () => {
      kept.delete(notification);
      callBack(call, deps);
    };
    notification.on('click', use);
    notification.on('action', use);
    // Kept referenced until used: a notification the garbage collector took would answer no click.
    kept.add(notification);
    if (kept.size > KEPT_NOTIFICATIONS) kept.delete(kept.values().next().value!);
    notification.show();
  });
  return () => {
    stop();
    kept.clear();
  };
}
