/**
 * OS notifications: the screen-pop's (name or number; company; a click brings the window and the pop card
 * forward), a caller waiting too long in the agent's queues, the queues still paused after the agent came
 * back, and short notices about dial requests that could not go ahead (a refused link, an empty
 * selection, a PBX error). The content is built by pure functions; Electron's Notification is passed in.
 */
import { Notification } from 'electron';
import type { AwayPause, CallView, QueueLongWait, ScreenPop } from '../shared/contract';
import type { Logger } from '../shared/logger';

export interface NotificationContent {
  title: string;
  body: string;
}

/** The part of Electron's Notification this module uses. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
  close(): void;
}

export type CreateNotification = (content: NotificationContent) => NotificationLike;

/**
 * Linux notification servers read the body as markup (the freedesktop spec): a caller named `<b>` or
 * `Smith & Co` would be bold text or no text at all. Escaped there, plain elsewhere. Titles are never markup.
 */
export function notificationBody(text: string, platform: NodeJS.Platform): string {
  if (platform !== 'linux') return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Who is calling, as the notification says it: the directory's name, else the PBX's, else the number. */
export function screenPopNotificationContent(pop: ScreenPop): NotificationContent {
  const directoryName = pop.person?.name ?? pop.user?.name ?? pop.company?.name;
  const name = directoryName ?? (pop.callerName.trim() || null);
  const company = pop.person && pop.company ? pop.company.name : null;
  const via = pop.queue ? `via ${pop.queue.name ?? `queue ${pop.queue.id}`}` : null;
  const numberLine = [name ? pop.number.display : null, via].filter(Boolean).join(' · ');
  const lines = [company, numberLine || null, directoryName ? null : 'Not in your directory'];
  return {
    title: name ? `${name} is calling` : `${pop.number.display} is calling`,
    body: lines.filter((line): line is string => Boolean(line)).join('\n'),
  };
}

export interface ScreenPopNotifierDeps {
  create: CreateNotification;
  /** The user clicked the notification: bring the window and this call's pop card forward. */
  onClick(uniqueid: string): void;
}

/**
 * One notification per ringing call. It is withdrawn once the call stops ringing (answered, ended), so the
 * notification centre does not fill with calls that are long over.
 */
export class ScreenPopNotifier {
  private readonly shown = new Map<string, NotificationLike>();

  constructor(private readonly deps: ScreenPopNotifierDeps) {}

  show(pop: ScreenPop): void {
    this.shown.get(pop.uniqueid)?.close();
    const notification = this.deps.create(screenPopNotificationContent(pop));
    notification.on('click', () => this.deps.onClick(pop.uniqueid));
    this.shown.set(pop.uniqueid, notification);
    notification.show();
  }

  /** Follows `calls:changed`: closes the notifications of calls that no longer ring. */
  callsChanged(calls: readonly CallView[]): void {
    for (const [uniqueid, notification] of this.shown) {
      const call = calls.find((candidate) => candidate.uniqueid === uniqueid);
      if (call?.state === 'ringing') continue;
      notification.close();
      this.shown.delete(uniqueid);
    }
  }

  dispose(): void {
    for (const notification of this.shown.values()) notification.close();
    this.shown.clear();
  }
}

/** A caller has waited too long in one of the agent's active queues; a click opens the queue board. */
export function longWaitNotificationContent(wait: QueueLongWait): NotificationContent {
  const queue = wait.queueName ?? `queue ${wait.queueId}`;
  const minutes = Math.floor(wait.waitSeconds / 60);
  const seconds = String(wait.waitSeconds % 60).padStart(2, '0');
  return {
    title: `A caller has waited ${minutes}:${seconds} in ${queue}`,
    body: 'Open the queue board to see your queues.',
  };
}

/** The agent is back and Ringside paused their queues when they left: resuming is one click away. */
export function awayPauseNotificationContent(pause: AwayPause): NotificationContent {
  const count =
    pause.queueIds.length === 1 ? 'One of your queues is' : `${pause.queueIds.length} of your queues are`;
  return {
    title: `${count} still paused`,
    body: 'Ringside paused them while you were away. Open My queues to resume them.',
  };
}

/** Electron's notifications, with the body escaped where the platform reads markup. */
export function osNotifications(platform: NodeJS.Platform): CreateNotification {
  return ({ title, body }) => new Notification({ title, body: notificationBody(body, platform) });
}

/** Notices about dial requests that could not go ahead: logged, and shown when the OS has notifications. */
export function createProblemNotifier(create: CreateNotification, logger: Logger) {
  return (title: string, body: string): void => {
    logger.info(`notice: ${title}: ${body}`);
    if (Notification.isSupported()) create({ title, body }).show();
  };
}
