/**
 * The tray's queues section, as data (trayMenu.ts places it): the callers waiting in the agent's active
 * queues, pause and resume per queue, "Pause all" and "Resume all", resuming what Ringside paused while
 * the agent was away, and the queue board. Pure, like the rest of the tray's model.
 */
import type { MyQueue, QueueChange, QueuesView } from '../shared/contract';
import { t } from '../shared/i18n';

/** What the queues section's items do (tray.ts passes them on to callSurfaces.ts). */
export type TrayQueueAction =
  | { type: 'queue-change'; change: QueueChange }
  | { type: 'queues-resume-away' }
  | { type: 'show-queue-board' };

/** A menu item of the section; the same shape as trayMenu.ts's items. */
export type TrayQueueItem =
  | { kind: 'info'; label: string }
  | { kind: 'action'; label: string; action: TrayQueueAction }
  | { kind: 'disabled'; label: string }
  | { kind: 'submenu'; label: string; items: TrayQueueItem[] }
  | { kind: 'separator' };

/** The tray shows this many queues; the rest are on the My queues screen. */
export const TRAY_QUEUE_COUNT = 8;

function name(queue: MyQueue): string {
  return queue.name ?? t('tray.queueName', { id: queue.id });
}

/** The section: nothing while the agent's queues are not known, else a submenu and what needs attention. */
export function queueMenuSection(queues: QueuesView | undefined): TrayQueueItem[] {
  if (!queues || queues.status === 'unavailable' || queues.status === 'loading') return [];
  const items: TrayQueueItem[] = [];
  const list = queues.queues;
  const toggle = (queue: MyQueue): TrayQueueItem => ({
    kind: 'action',
    label: queue.paused
      ? t('tray.resumeQueue', { name: name(queue) })
      : t('tray.pauseQueue', { name: name(queue) }),
    action: {
      type: 'queue-change',
      change: { action: queue.paused ? 'resume' : 'pause', queueId: queue.id },
    },
  });
  const submenu: TrayQueueItem[] = list.slice(0, TRAY_QUEUE_COUNT).map(toggle);
  if (list.length > TRAY_QUEUE_COUNT) {
    submenu.push({
      kind: 'disabled',
      label: t('tray.moreQueues', { count: list.length - TRAY_QUEUE_COUNT }),
    });
  }
  if (list.length === 0) submenu.push({ kind: 'disabled', label: t('tray.noQueues') });
  submenu.push({ kind: 'separator' });
  submenu.push(
    list.some((queue) => !queue.paused)
      ? {
          kind: 'action',
          label: t('tray.pauseAll'),
          action: { type: 'queue-change', change: { action: 'pause-all' } },
        }
      : { kind: 'disabled', label: t('tray.pauseAll') },
    list.some((queue) => queue.paused)
      ? {
          kind: 'action',
          label: t('tray.resumeAll'),
          action: { type: 'queue-change', change: { action: 'resume-all' } },
        }
      : { kind: 'disabled', label: t('tray.resumeAll') },
    { kind: 'action', label: t('tray.showQueueBoard'), action: { type: 'show-queue-board' } },
  );
  const active = list.filter((queue) => !queue.paused).length;
  items.push({
    kind: 'submenu',
    label: t('tray.myQueues', { active, total: list.length, waiting: Math.max(0, queues.waiting) }),
    items: submenu,
  });
  if (queues.awayPause) {
    items.push({
      kind: 'action',
      label: t('tray.resumeAwayPaused', { count: queues.awayPause.queueIds.length }),
      action: { type: 'queues-resume-away' },
    });
  }
  return items;
}
