/**
 * The tray's queues section, as data (trayMenu.ts places it): the callers waiting in the agent's active
 * queues, pause and resume per queue, "Pause all" and "Resume all", resuming what Ringside paused while
 * the agent was away, and the queue board. Pure, like the rest of the tray's model.
 */
import type { MyQueue, QueueChange, QueuesView } from '../shared/contract';

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
  return queue.name ?? `Queue ${queue.id}`;
}

/** "3 callers waiting", "1 caller waiting", or null when none wait. */
export function waitingText(queues: Pick<QueuesView, 'waiting'> | undefined): string | null {
  const waiting = queues?.waiting ?? 0;
  if (waiting <= 0) return null;
  return waiting === 1 ? '1 caller waiting' : `${waiting} callers waiting`;
}

/** The section: nothing while the agent's queues are not known, else a submenu and what needs attention. */
export function queueMenuSection(queues: QueuesView | undefined): TrayQueueItem[] {
  if (!queues || queues.status === 'unavailable' || queues.status === 'loading') return [];
  const items: TrayQueueItem[] = [];
  const waiting = waitingText(queues);
  const list = queues.queues;
  const toggle = (queue: MyQueue): TrayQueueItem => ({
    kind: 'action',
    label: `${queue.paused ? 'Resume' : 'Pause'} ${name(queue)}`,
    action: {
      type: 'queue-change',
      change: { action: queue.paused ? 'resume' : 'pause', queueId: queue.id },
    },
  });
  const submenu: TrayQueueItem[] = list.slice(0, TRAY_QUEUE_COUNT).map(toggle);
  if (list.length > TRAY_QUEUE_COUNT) {
    submenu.push({
      kind: 'disabled',
      label: `${list.length - TRAY_QUEUE_COUNT} more on the My queues screen`,
    });
  }
  if (list.length === 0) submenu.push({ kind: 'disabled', label: 'You are in no queue' });
  submenu.push({ kind: 'separator' });
  submenu.push(
    list.some((queue) => !queue.paused)
      ? {
          kind: 'action',
          label: 'Pause all',
          action: { type: 'queue-change', change: { action: 'pause-all' } },
        }
      : { kind: 'disabled', label: 'Pause all' },
    list.some((queue) => queue.paused)
      ? {
          kind: 'action',
          label: 'Resume all',
          action: { type: 'queue-change', change: { action: 'resume-all' } },
        }
      : { kind: 'disabled', label: 'Resume all' },
    { kind: 'action', label: 'Show the queue board', action: { type: 'show-queue-board' } },
  );
  const active = list.filter((queue) => !queue.paused).length;
  items.push({
    kind: 'submenu',
    label: `My queues: ${active} of ${list.length} active${waiting ? ` · ${waiting}` : ''}`,
    items: submenu,
  });
  if (queues.awayPause) {
    const count = queues.awayPause.queueIds.length;
    items.push({
      kind: 'action',
      label: `Resume the ${count === 1 ? 'queue' : `${count} queues`} paused while you were away`,
      action: { type: 'queues-resume-away' },
    });
  }
  return items;
}
