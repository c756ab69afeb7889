/**
 * Composition root of the main process: the only place that builds services and wires them to Electron.
 * Order matters: sandbox and single-instance lock first, logging before anything can fail, then the
 * core, the IPC binding, the window.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, ipcMain, net, Notification, powerMonitor, session, type BrowserWindow } from 'electron';
import log from 'electron-log/main';
import Store from 'electron-store';
import type { AppCore } from './app/appCore';
import { composeAppCore, demoPbxLogger } from './app/composeAppCore';
import { createLogger } from './app/logging';
import { claimProfileLock, describeLockHolder } from './app/profileLock';
import { loadKeytar } from './app/settings/secretStoreKeytar';
import type { SettingsStore } from './app/settings/settingsRepository';
import type { Logger } from './shared/logger';
import { installCallSurfaces } from './shell/callSurfaces';
import { DialConfirmation } from './shell/confirmWindow';
import { bindIpc, createEventSender } from './shell/ipc';
import { installApplicationMenu } from './shell/menu';
import { osNotifications } from './shell/notifications';
import { createElectronTransport } from './shell/pbxTransport';
import { createAppUrlMatcher, resolveRendererEntry, type RendererEntry } from './shell/rendererEntry';
import { chooseSecretStore } from './shell/secretStore';
import { claimSingleInstance } from './shell/singleInstance';
import { createLoginItem } from './shell/startAtLogin';
import { LinkInbox } from './shell/telLinks';
import { desktopShowsTray, noticeMemory, TrayResidence } from './shell/trayResident';
import { createMainWindow, focusWindow, loadRenderer } from './shell/window';
import { createBoundsStore } from './shell/windowBounds';

const isDev = !app.isPackaged;
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererEntry = resolveRendererEntry({
  isPackaged: app.isPackaged,
  devServerUrl: process.env['ELECTRON_RENDERER_URL'],
  rendererIndexPath: fileURLToPath(new URL('../renderer/index.html', import.meta.url)),
});
const isAppUrl = createAppUrlMatcher(rendererEntry);
const trayIconPath = fileURLToPath(new URL('../../resources/tray.png', import.meta.url));
/** `tel:`/`callto:` links from argv and macOS `open-url`; they wait here until the core is ready. */
const links = new LinkInbox();

/** How long quitting waits for the core's cleanup before it goes anyway. */
const QUIT_CLEANUP_LIMIT_MS = 3000;

let mainWindow: BrowserWindow | undefined;
/** Hides the main window to the tray on close (set once the core and settings exist). */
let residence: TrayResidence | undefined;

function startLogging(): Logger {
  const logger = createLogger(log, {
    directory: join(app.getPath('userData'), 'logs'),
    fileLevel: isDev ? 'debug' : 'info',
    consoleLevel: isDev ? 'debug' : 'warn',
  });
  log.errorHandler.startCatching({ showDialog: false });
  return logger;
}

/** Call when the app is ready (safeStorage and the session need it). */
function buildCore(logger: Logger): Promise<{ core: AppCore; settingsStore: SettingsStore }> {
  return composeAppCore({
    userData: app.getPath('userData'),
    logger,
    transport: createElectronTransport(session.defaultSession, (url, init) => net.fetch(url, init), logger),
    secretStore: (store) => chooseSecretStore({ loadKeytar, store, platform: process.platform, logger }),
    // Loaded only in demo mode: the simulator brings Fastify and faker, which a real PBX's agent never needs.
    demoPbx: {
      start: async () => (await import('./demo-pbx')).startDemoPbx({ logger: demoPbxLogger(logger) }),
    },
    // Built beside this file by electron.vite.config.ts.
    detailWriterWorker: new URL('./detailWriterWorker.js', import.meta.url),
    osRegion: app.getLocaleCountryCode(),
    loginItem: createLoginItem({
      platform: process.platform,
      setLoginItemSettings: (settings) => app.setLoginItemSettings(settings),
      executable: process.env['APPIMAGE'] ?? process.execPath,
      env: process.env,
    }),
    build: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      versions: {
        electron: process.versions.electron,
        chrome: process.versions.chrome,
        node: process.versions.node,
      },
    },
  });
}

function openMainWindow(entry: RendererEntry, logger: Logger): BrowserWindow {
  const window = createMainWindow({
    preloadPath,
    isAppUrl,
    boundsStore: createBoundsStore(new Store({ name: 'window-state', clearInvalidConfig: true })),
    devTools: isDev,
    logger,
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  residence?.attach(window);
  loadRenderer(window, entry).catch((error: unknown) => logger.error('could not load the renderer', error));
  return window;
}

async function start(logger: Logger): Promise<void> {
  await app.whenReady();
  const { core, settingsStore } = await buildCore(logger);
  const getMainWindow = () => mainWindow;
  const confirmation = new DialConfirmation({
    preloadPath,
    devTools: isDev,
    entry: rendererEntry,
    isAppUrl,
    logger,
  });
  const getOtherWindows = () => confirmation.windows();
  const unbindIpc = bindIpc({ ipcMain, getMainWindow, getOtherWindows, core, logger, isAppUrl });
  const sendEvent = createEventSender({ getMainWindow, isAppUrl, logger });

  installApplicationMenu({
    appName: app.getName(),
    platform: process.platform,
    isDev,
    onAbout: () => sendEvent('about:requested', null),
  });
  residence = new TrayResidence({
    app,
    powerMonitor,
    keepRunningInTray: () => core.desktop.settings.current.keepRunningInTray,
    desktopShowsTray: desktopShowsTray(process.platform, process.env),
    notice: noticeMemory(settingsStore),
    createNotification: osNotifications(process.platform),
    notificationsSupported: () => Notification.isSupported(),
    showWindow: () => showMainWindow(),
    platform: process.platform,
    logger,
  });
  mainWindow = openMainWindow(rendererEntry, logger);
  const showMainWindow = () => {
    if (mainWindow && !mainWindow.isDestroyed()) focusWindow(mainWindow);
    else mainWindow = openMainWindow(rendererEntry, logger);
  };
  const callSurfaces = installCallSurfaces({
    core,
    links,
    confirmation,
    showMainWindow,
    sendEvent,
    trayIconPath,
    logger,
  });
  residence.setTrayCreated(callSurfaces.trayCreated);
  logger.info(`Ringside ${app.getVersion()} started`, { platform: process.platform });
  // Connects to the PBX in Settings, or starts the embedded demo PBX; the window follows by events.
  core.start().catch((error: unknown) => logger.error('could not connect to the PBX', error));

  // macOS keeps the app running without windows; clicking the dock icon brings the window back (hidden
  // to the tray, or closed).
  app.on('activate', showMainWindow);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Quitting waits (briefly) for the core to close the SQLite files, stop the outbox and the demo PBX, so a
  // pending wrap-up and the WAL are on disk before the process ends.
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    disposed = true;
    callSurfaces.uninstall();
    unbindIpc();
    const deadline = new Promise((resolve) => setTimeout(resolve, QUIT_CLEANUP_LIMIT_MS));
    Promise.race([core.dispose(), deadline])
      .catch((error: unknown) => logger.error('cleanup before quitting failed', error))
      .finally(() => app.quit());
  });
}

// Every renderer sandboxed, whatever a window's own options say; must precede 'ready'.
app.enableSandbox();

// A second profile (tests, a trainer's demo desk): the same variable the browser host reads. Set before the
// single-instance lock, which is per profile.
const userDataOverride = process.env['RINGSIDE_USER_DATA'];
if (userDataOverride) app.setPath('userData', userDataOverride);

// A second launch brings the window forward, unless it only carried a link to dial (the confirmation shows).
if (claimSingleInstance((argv) => links.receiveArgv(argv) || (mainWindow && focusWindow(mainWindow)))) {
  // The browser host and the desktop app share this profile's files: never both at once (app/profileLock.ts).
  const profileLock = claimProfileLock({ directory: app.getPath('userData'), host: 'desktop' });
  if (!profileLock.claimed) {
    dialog.showErrorBox(
      'Ringside is already running',
      describeLockHolder(profileLock.holder, profileLock.path),
    );
    app.exit(1);
  } else {
    app.on('quit', () => profileLock.release());
    process.on('exit', () => profileLock.release());
    // macOS hands links over by event, possibly before 'ready'; elsewhere they come in argv.
    app.on('open-url', (event, url) => {
      event.preventDefault();
      links.receiveUrl(url);
    });
    links.receiveArgv(process.argv);
    const logger = startLogging();
    start(logger).catch((error: unknown) => {
      logger.error('Ringside failed to start', error);
      app.exit(1);
    });
  }
}
