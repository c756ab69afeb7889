/**
 * OS notifications: the screen-pop's (name or number; company; a click brings the window and the pop card
 * forward), a caller waiting too long in the agent's queues, the queues still paused after the agent came
 * back, and short notices about dial requests that could not go ahead (a refused link, an empty
 * selection, a PBX error). The content is built by pure functions; Electron's Notification is passed in.
 */
import { Notification } from 'electron';
import type { AwayPause, CallView, QueueLongWait, ScreenPop } from '../shared/contract';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import { ringingCallNotification } from '../shared/ringingNotification';

export interface NotificationContent {
  title: string;
  body: string;
  /** Buttons, where the OS shows them (`actionsSupported`); a click on the notification itself does the first. */
  actions?: string[];
  /** Without the system's sound; absent: the OS's default. */
  silent?: boolean;
}

/** The part of Electron's Notification this module uses. */
export interface NotificationLike {
  /** `action`: a button was pressed (this module's notifications have one at most). */
  on(event: 'click' | 'action', listener: () => void): unknown;
  show(): void;
  close(): void;
}

/**
 * Whether notifications show buttons: Electron offers them on macOS only (Windows would need a toast XML of
 * its own, Linux servers differ); elsewhere the notification's own click does the main action.
 */
export function actionsSupported(platform: NodeJS.Platform): boolean {
  return platform === 'darwin';
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

/** Who is calling, as both hosts word it (shared/ringingNotification.ts), in main's language. */
export function screenPopNotificationContent(
  pop: ScreenPop,
  options: { ringSound: boolean; canAnswer: boolean } = { ringSound: false, canAnswer: false },
): NotificationContent {
  const { title, body, silent, actions } = ringingCallNotification(pop, { t, ...options });
  return {
    title,
    body,
    silent,
    ...(actions.length > 0 ? { actions: actions.map((action) => action.title) } : {}),
  };
}

export interface ScreenPopNotifierDeps {
  create: CreateNotification;
  /** The user clicked the notification: bring the window and this call's pop card forward. */
  onClick(uniqueid: string): void;
  /** The notification's Answer button (where the OS shows buttons); absent: no button. */
  onAnswer?(uniqueid: string): void;
  /** Settings ▸ Calls: play the system's sound with it; absent: silent. */
  ringSound?(): boolean;
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
    const { onAnswer, ringSound } = this.deps;
    const notification = this.deps.create(
      screenPopNotificationContent(pop, { ringSound: ringSound?.() ?? false, canAnswer: Boolean(onAnswer) }),
    );
    notification.on('click', () => this.deps.onClick(pop.uniqueid));
    if (onAnswer) notification.on('action', () => onAnswer(pop.uniqueid));
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
  // m:ss, as a wallboard shows a wait, in every language.
  const minutes = Math.floor(wait.waitSeconds / 60);
  const seconds = String(wait.waitSeconds % 60).padStart(2, '0');
  return {
    title: wait.queueName
      ? t('tray.longWaitTitle', { minutes, seconds, queue: wait.queueName })
      : t('tray.longWaitTitleQueueId', { minutes, seconds, id: wait.queueId }),
    body: t('tray.longWaitBody'),
  };
}

/** The agent is back and Ringside paused their queues when they left: resuming is one click away. */
export function awayPauseNotificationContent(pause: AwayPause): NotificationContent {
  return {
    title: t('tray.awayPauseTitle', { count: pause.queueIds.length }),
    body: t('tray.awayPauseBody'),
  };
}

/** Electron's notifications, with the body escaped where the platform reads markup; buttons where shown. */
export function osNotifications(platform: NodeJS.Platform): CreateNotification {
  return ({ title, body, actions, silent }) =>
    new Notification({
      title,
      body: notificationBody(body, platform),
      ...(silent === undefined ? {} : { silent }),
      ...(actions && actionsSupported(platform)
        ? { actions: actions.map((text) => ({ type: 'button' as const, text })) }
        : {}),
    });
}

/** Notices about dial requests that could not go ahead: logged, and shown when the OS has notifications. */
export function createProblemNotifier(create: CreateNotification, logger: Logger) {
  return (title: string, body: string): void => {
    logger.info(`notice: ${title}: ${body}`);
    if (Notification.isSupported()) create({ title, body }).show();
  };
}
