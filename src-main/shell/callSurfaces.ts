/**
 * Wires the call surfaces outside the window to AppCore: the tray, the global dial shortcut, `tel:` and
 * `callto:` links, the dial confirmation window, the screen-pop notification and polling after sleep.
 * Every dial they start goes through the one dial path (`calls:dial`, or `calls.requestDial` for text from
 * outside the app). Called by the composition root once the app is ready; returns whether a tray icon
 * exists and the function that undoes it all. The shortcut follows the `dialShortcut` setting.
 */
import { app, clipboard, dialog, globalShortcut, Notification, powerMonitor } from 'electron';
import type { DesktopCore } from '../app/appCoreDeps';
import { systemClock } from '../shared/clock';
import type { CallView, DialRequest, ScreenPop } from '../shared/contract';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import type { AppLaunch } from './appLaunch';
import type { DialConfirmation } from './confirmWindow';
import type { EventSender } from './ipc';
import { installCallShortcuts } from './callShortcuts';
import { installMissedCallSurfaces } from './missedCallSurfaces';
import { createProblemNotifier, osNotifications, ScreenPopNotifier } from './notifications';
import { pollOnWake } from './power';
import { askBeforeQuit, installQueueSurfaces, runQueueTrayAction } from './queueSurfaces';
import { registerLinkSchemes } from './protocol';
import { describeAccelerator, dialFromShortcut, DialShortcut, readShortcutText } from './shortcut';
import { errorMessage } from '../shared/contract';
import { LinkRateLimit, type LinkInbox } from './telLinks';
import { TrayController, type TrayDeps } from './tray';
import type { TrayAction } from './trayMenu';

export interface CallSurfacesDeps {
  core: DesktopCore;
  links: LinkInbox;
  confirmation: DialConfirmation;
  /** Shows the main window, opening it again if it was closed. */
  showMainWindow(): void;
  sendEvent: EventSender;
  trayIconPath: string;
  /** How the OS starts Ringside for a link (appLaunch.ts). */
  launch: AppLaunch;
  logger: Logger;
}

export interface CallSurfaces {
  /** Whether the tray icon exists (Electron may fail to create one, e.g. on a desktop without a tray). */
  trayCreated: boolean;
  /** Undoes everything installed. */
  uninstall(): void;
}

/** A tray icon, or undefined (logged) when Electron cannot create one: Ringside works on without it. */
function createTray(deps: TrayDeps): TrayController | undefined {
  try {
    return new TrayController(deps);
  } catch (error) {
    deps.logger.warn('the tray icon could not be created; closing the window will quit Ringside', error);
    return undefined;
  }
}

export function installCallSurfaces(deps: CallSurfacesDeps): CallSurfaces {
  const { core, logger } = deps;
  const createNotification = osNotifications(process.platform);
  const problem = createProblemNotifier(createNotification, logger);
  const popNotifier = new ScreenPopNotifier({
    create: createNotification,
    onClick: (uniqueid) => {
      deps.showMainWindow();
      deps.sendEvent('screenpop:focus', { uniqueid });
    },
    onAnswer: (uniqueid) =>
      void core.commands['calls:control']({ uniqueid, action: 'answer' }).catch((error: unknown) =>
        problem(t('actions.answerFailed'), errorMessage(error)),
      ),
    ringSound: () => core.desktop.settings.current.ringSound,
  });
  const unsubscribe = core.subscribe((channel, payload) => {
    if (channel === 'dial:requested') deps.confirmation.show(payload as DialRequest);
    else if (channel === 'screenpop:show' && Notification.isSupported())
      popNotifier.show(payload as ScreenPop);
    else if (channel === 'calls:changed') popNotifier.callsChanged(payload as CallView[]);
  });

  const runTrayAction = (action: TrayAction): void => {
    const failed = (title: string) => (error: unknown) => problem(title, errorMessage(error));
    switch (action.type) {
      case 'dial':
        core.commands['calls:dial']({ number: action.number, source: 'tray' }).catch(
          failed(t('tray.dialFailed')),
        );
        return;
      case 'answer':
        core.commands['calls:control']({ uniqueid: action.uniqueid, action: 'answer' }).catch(
          failed(t('actions.answerFailed')),
        );
        return;
      case 'hangup':
        core.commands['calls:control']({ uniqueid: action.uniqueid, action: 'hangup' }).catch(
          failed(t('tray.hangUpFailed')),
        );
        return;
      case 'show-history':
        deps.showMainWindow();
        deps.sendEvent('screen:show', { screen: 'history', filter: 'missed' });
        return;
      case 'show-window':
        deps.showMainWindow();
        return;
      case 'quit':
        app.quit();
        return;
      default:
        runQueueTrayAction(action, {
          commands: core.commands,
          problem,
          showMainWindow: deps.showMainWindow,
          sendEvent: deps.sendEvent,
        });
    }
  };
  const tray = createTray({
    iconPath: deps.trayIconPath,
    core,
    readClipboard: () => clipboard.readText().catch(() => ''),
    run: runTrayAction,
    problem,
    logger,
  });

  const shortcut = new DialShortcut({
    globalShortcut,
    onPressed: (accelerator) =>
      void dialFromShortcut({
        readText: () => readShortcutText(clipboard, process.platform),
        requestDial: (text, source) => core.desktop.requestDial(text, source),
        problem,
        shortcutName: describeAccelerator(accelerator, process.platform),
      }),
    report: (status) => core.desktop.reportShortcut('dialShortcut', status),
    logger,
    platform: process.platform,
  });
  // The three global shortcuts follow the settings together (callShortcuts.ts).
  const uninstallCallShortcuts = installCallShortcuts({
    commands: core.commands,
    desktop: core.desktop,
    globalShortcut,
    problem,
    logger,
    platform: process.platform,
    dial: shortcut,
  });
  const uninstallMissedCalls = installMissedCallSurfaces({
    core,
    create: createNotification,
    notificationsSupported: () => Notification.isSupported(),
    problem,
  });

  registerLinkSchemes({ app, platform: process.platform, launch: deps.launch, env: process.env, logger });
  deps.links.attach({
    requestDial: (number, source) => core.desktop.requestDial(number, source),
    offerTeamServerLink: (link) => core.desktop.offerTeamServerLink?.(link),
    feedback: { problem },
    limit: new LinkRateLimit({ clock: systemClock, logger }),
  });
  const stopWatchingPower = pollOnWake(powerMonitor, () => core.desktop.pollNow());
  // The agent's queues: paused on quit, sleep or lock as the settings say; long waits; the badge.
  const uninstallQueueSurfaces = installQueueSurfaces({
    core,
    app,
    powerMonitor,
    askBeforeQuit: (active) => askBeforeQuit(dialog, active),
    createNotification,
    notificationsSupported: () => Notification.isSupported(),
    showMainWindow: deps.showMainWindow,
    sendEvent: deps.sendEvent,
    logger,
  });

  return {
    trayCreated: tray !== undefined,
    uninstall: () => {
      uninstallQueueSurfaces();
      uninstallMissedCalls();
      uninstallCallShortcuts();
      stopWatchingPower();
      shortcut.dispose();
      tray?.dispose();
      popNotifier.dispose();
      unsubscribe();
      deps.confirmation.close();
    },
  };
}
