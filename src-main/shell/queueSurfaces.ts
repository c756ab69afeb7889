/**
 * The agent's queues outside the window: calls must not ring an empty desk. When Ringside quits it pauses
 * the agent's active queues (or asks first, or leaves them, as the setting says); when the computer shuts
 * down it pauses them without asking (nobody could answer); when it sleeps or the screen locks it pauses
 * them if the agent chose so. On return (the next start, a wake, an unlock) a notification offers resuming
 * them. Also: a notification when a caller waits too long in an active queue (a click opens the board),
 * and the callers waiting as the app's badge where the OS shows one (macOS dock, Unity launchers).
 *
 * The decisions are pure functions; `installQueueSurfaces` applies them to Electron's events.
 */
import type { QueuesService } from '../calls/queues';
import {
  errorMessage,
  type AwayReason,
  type CommandHandlers,
  type QueueChangeOutcome,
  type QueueLongWait,
  type QueuePauseOnQuit,
  type QueuesView,
  type Settings,
} from '../shared/contract';
import type { EventListener } from '../app/eventHub';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import type { EventSender } from './ipc';
import {
  awayPauseNotificationContent,
  longWaitNotificationContent,
  type CreateNotification,
} from './notifications';
import type { TrayQueueAction } from './trayQueues';

/** Quitting waits this long for the pause to reach the PBX, then goes anyway. */
export const QUIT_PAUSE_LIMIT_MS = 3000;

export type QuitDecision = 'quit' | 'ask' | 'pause';

/** What quitting does about the queues: nothing when none is active, else what the setting says. */
export function quitDecision(setting: QueuePauseOnQuit, hasActiveQueues: boolean): QuitDecision {
  if (!hasActiveQueues || setting === 'never') return 'quit';
  return setting === 'always' ? 'pause' : 'ask';
}

export type QuitAnswer = 'pause' | 'stay' | 'cancel';

type PowerEvent = 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen' | 'shutdown';

export interface QueueSurfacesDeps {
  core: {
    readonly queues: Pick<QueuesService, 'pauseForAway' | 'hasActiveQueues' | 'view'>;
    subscribe(listener: EventListener): () => void;
    readonly desktop: { readonly settings: { readonly current: Settings } };
  };
  app: {
    on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
    removeListener(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
    quit(): void;
    setBadgeCount?(count: number): boolean;
  };
  powerMonitor: {
    on(event: PowerEvent, listener: () => void): unknown;
    removeListener(event: PowerEvent, listener: () => void): unknown;
  };
  /** Asks whether to pause the queues before quitting (a message box). */
  askBeforeQuit(activeQueues: number): Promise<QuitAnswer>;
  createNotification: CreateNotification;
  notificationsSupported(): boolean;
  showMainWindow(): void;
  sendEvent: EventSender;
  logger: Logger;
  quitPauseLimitMs?: number;
}

/** Resolves when `promise` settles or after `ms`, whichever comes first; never rejects. */
function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    promise
      .then(
        () => resolve(),
        () => resolve(),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** Returns the function that undoes it all. */
export function installQueueSurfaces(deps: QueueSurfacesDeps): () => void {
  const { core, logger } = deps;
  const settings = () => core.desktop.settings.current;
  let quitSettled = false;
  let shuttingDown = false;
  /** The agent is (back) at the desk: the next "still paused" offer is worth a notification. */
  let backAtDesk = true;
  let offeredAt: number | undefined;

  const notify = (content: { title: string; body: string }, onClick: () => void): void => {
    if (!deps.notificationsSupported()) return;
    const notification = deps.createNotification(content);
    notification.on('click', onClick);
    notification.show();
  };

  const pause = (reason: AwayReason): Promise<unknown> =>
    core.queues.pauseForAway(reason).catch((error: unknown) => {
      logger.warn(`queues: could not pause them on ${reason}`, error);
    });

  const offerResume = (view: QueuesView): void => {
    const away = view.awayPause;
    if (!away || !backAtDesk || offeredAt === away.at) return;
    offeredAt = away.at;
    notify(awayPauseNotificationContent(away), () => {
      deps.showMainWindow();
      deps.sendEvent('queues:show', null);
    });
  };

  const unsubscribe = core.subscribe((channel, payload) => {
    if (channel === 'queues:longWait') {
      notify(longWaitNotificationContent(payload as QueueLongWait), () => {
        deps.showMainWindow();
        deps.sendEvent('queueBoard:show', null);
      });
    } else if (channel === 'queues:changed') {
      const view = payload as QueuesView;
      deps.app.setBadgeCount?.(view.waiting);
      offerResume(view);
    }
  });

  const onBeforeQuit = (event: { preventDefault(): void }): void => {
    if (quitSettled || shuttingDown) return;
    const decision = quitDecision(settings().queuePauseOnQuit, core.queues.hasActiveQueues);
    if (decision === 'quit') return;
    event.preventDefault();
    void (async () => {
      let answer: QuitAnswer = 'pause';
      if (decision === 'ask') {
        const active = core.queues.view().queues.filter((queue) => !queue.paused).length;
        answer = await deps.askBeforeQuit(active).catch(() => 'stay' as const);
      }
      if (answer === 'cancel') return;
      if (answer === 'pause') await settleWithin(pause('quit'), deps.quitPauseLimitMs ?? QUIT_PAUSE_LIMIT_MS);
      quitSettled = true;
      deps.app.quit();
    })();
  };

  const onShutdown = (): void => {
    shuttingDown = true;
    if (settings().queuePauseOnQuit !== 'never') void pause('shutdown');
  };
  const away = (reason: 'sleep' | 'lock') => (): void => {
    backAtDesk = false;
    if (settings().queuePauseWhenAway) void pause(reason);
  };
  const onReturn = (): void => {
    backAtDesk = true;
    offerResume(core.queues.view());
  };
  const power: [PowerEvent, () => void][] = [
    ['shutdown', onShutdown],
    ['suspend', away('sleep')],
    ['lock-screen', away('lock')],
    ['resume', onReturn],
    ['unlock-screen', onReturn],
  ];

  deps.app.on('before-quit', onBeforeQuit);
  for (const [event, listener] of power) deps.powerMonitor.on(event, listener);
  return () => {
    unsubscribe();
    deps.app.removeListener('before-quit', onBeforeQuit);
    for (const [event, listener] of power) deps.powerMonitor.removeListener(event, listener);
  };
}

export interface QueueTrayActionDeps {
  commands: Pick<CommandHandlers, 'queues:change' | 'queues:resumeAway'>;
  /** Says what went wrong (an OS notification). */
  problem(title: string, body: string): void;
  showMainWindow(): void;
  sendEvent: EventSender;
}

/** Runs a queue item of the tray menu; a change the PBX did not make in full is said, never hidden. */
export function runQueueTrayAction(action: TrayQueueAction, deps: QueueTrayActionDeps): void {
  const failed = (error: unknown) => deps.problem(t('tray.queuesChangeFailed'), errorMessage(error));
  const report = (outcome: QueueChangeOutcome) => {
    if (outcome.ok || outcome.unchanged) return;
    const reasons = [outcome.agentError, ...outcome.failures.map((failure) => failure.message)];
    deps.problem(t('tray.queuesPartlyChanged'), reasons.filter(Boolean).join('; '));
  };
  switch (action.type) {
    case 'queue-change':
      deps.commands['queues:change'](action.change).then(report, failed);
      return;
    case 'queues-resume-away':
      deps.commands['queues:resumeAway']().then(report, failed);
      return;
    case 'show-queue-board':
      deps.showMainWindow();
      deps.sendEvent('queueBoard:show', null);
  }
}

/** The part of Electron's dialog the quit question uses. */
export interface MessageBoxLike {
  showMessageBox(options: {
    type: 'question';
    buttons: string[];
    defaultId: number;
    cancelId: number;
    message: string;
    detail: string;
  }): Promise<{ response: number }>;
}

const QUIT_ANSWERS: readonly QuitAnswer[] = ['pause', 'stay', 'cancel'];

/** "Pause your queues before quitting?": pause and quit (the default), quit and stay in them, or cancel. */
export async function askBeforeQuit(dialog: MessageBoxLike, activeQueues: number): Promise<QuitAnswer> {
  const { response } = await dialog.showMessageBox({
    type: 'question',
    buttons: [t('tray.quitPauseAndQuit'), t('tray.quitStay'), t('common.cancel')],
    defaultId: 0,
    cancelId: 2,
    message: t('tray.quitQuestion'),
    detail: t('tray.quitDetail', { count: activeQueues }),
  });
  return QUIT_ANSWERS[response] ?? 'cancel';
}
