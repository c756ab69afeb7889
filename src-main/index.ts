/**
 * Composition root of the main process: the only place that builds services and wires them to Electron.
 * Order matters: sandbox, the app:// scheme and the single-instance lock first, logging and the guard of
 * every web contents before anything can fail or open, then the core, the IPC binding, the window.
 */
// Every language's messages, before anything words a message.
import './shared/i18n/allCatalogues';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  dialog,
  ipcMain,
  net,
  Notification,
  powerMonitor,
  protocol,
  session,
  shell,
  webContents,
  type BrowserWindow,
} from 'electron';
// The Node build: electron-log/main would register IPC handlers of its own that no allow-list checks.
import log from 'electron-log/node';
import Store from 'electron-store';
import type { DesktopCore } from './app/appCoreDeps';
import { demoPbxLogger } from './app/composeAppCore';
import { createLogger } from './app/logging';
import { keepNewFilesPrivate, makeUserDataPrivate, PRIVATE_FILE_MODE } from './app/privateFiles';
import { claimProfileLock, describeLockHolder } from './app/profileLock';
import { loadKeytar } from './app/settings/secretStoreKeytar';
import type { SettingsStore } from './app/settings/settingsRepository';
import { composeDesktopCore } from './remote/composeDesktopCore';
import { onLocaleChange, osRegion, t } from './shared/i18n';
import type { Logger } from './shared/logger';
import { APP_ID, appIcons } from './shell/appIdentity';
import { appLaunch, startedAtLogin, startsHidden } from './shell/appLaunch';
import { registerAppScheme, serveAppScheme } from './shell/appProtocol';
import { installCallSurfaces } from './shell/callSurfaces';
import { DialConfirmation } from './shell/confirmWindow';
import { openExternalLink } from './shell/externalLinks';
import { bindIpc, createEventSender } from './shell/ipc';
import { installApplicationMenu } from './shell/menu';
import { osNotifications } from './shell/notifications';
import { createElectronTransport } from './shell/pbxTransport';
import { APP_ENTRY, createAppUrlMatcher, developmentEntry, type RendererEntry } from './shell/rendererEntry';
import { chooseSecretStore } from './shell/secretStore';
import { claimSingleInstance } from './shell/singleInstance';
import { createLoginItem } from './shell/startAtLogin';
import { LinkInbox } from './shell/telLinks';
import { desktopShowsTray, noticeMemory, TrayResidence } from './shell/trayResident';
import { installWebContentsGuard } from './shell/webContentsGuard';
import { createMainWindow, focusWindow, loadRenderer } from './shell/window';
import { createBoundsStore } from './shell/windowBounds';

/**
 * Development mode: true only in the bundle `npm run dev` builds (`electron-vite dev`; see
 * electron.vite.config.ts). A constant: a production build carries no code that reads ELECTRON_RENDERER_URL
 * (removed with the branch that held it), and its windows have DevTools off, its menu no DevTools entry.
 */
declare const __RINGSIDE_DEV__: boolean;
const isDev = __RINGSIDE_DEV__;
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
/** The built renderer, served at app://ringside/ (shell/appProtocol.ts). */
const rendererRoot = fileURLToPath(new URL('../renderer/', import.meta.url));
const rendererEntry = isDev ? developmentEntry(process.env['ELECTRON_RENDERER_URL']) : APP_ENTRY;
const isAppUrl = createAppUrlMatcher(rendererEntry);
const icons = appIcons(fileURLToPath(new URL('../../resources/', import.meta.url)), process.platform);
/** What the OS starts at login and for a link: the installed app (shell/appLaunch.ts). */
const launch = appLaunch({
  execPath: process.execPath,
  argv: process.argv,
  defaultApp: process.defaultApp,
  env: process.env,
});
/** `tel:`/`callto:` links from argv and macOS `open-url`; they wait here until the core is ready. */
const links = new LinkInbox(process.platform);

/** How long quitting waits for the core's cleanup before it goes anyway. */
const QUIT_CLEANUP_LIMIT_MS = 3000;

let mainWindow: BrowserWindow | undefined;
/** Brings the main window forward, opening it again if closed (set once the app is ready). */
let showMainWindow: (() => void) | undefined;
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

/** "Start at login": the installed app, with the argument that says it was started at login. */
const loginItem = createLoginItem({
  platform: process.platform,
  setLoginItemSettings: (settings) => app.setLoginItemSettings(settings),
  launch,
  env: process.env,
});

/**
 * Call when the app is ready (safeStorage and the session need it). The core runs on this computer's PBX
 * connection or on a team server, as Settings ▸ Connection chose (remote/desktopConnection.ts).
 */
function buildCore(logger: Logger): Promise<{ core: DesktopCore; settingsStore: SettingsStore }> {
  const openLink = (url: string) => openExternalLink(url, (checked) => shell.openExternal(checked));
  return composeDesktopCore({
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
    osRegion: osRegion(process.env, process.platform, app.getLocaleCountryCode()),
    systemLanguages: app.getPreferredSystemLanguages(),
    loginItem,
    openExternalLink: openLink,
    openExternal: openLink,
    showWindow: () => showMainWindow?.(),
    // How the team server lists this computer's session (Settings ▸ sessions of its administrators).
    deviceName: hostname(),
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

function openMainWindow(entry: RendererEntry, logger: Logger, showWhenReady?: () => boolean): BrowserWindow {
  const window = createMainWindow({
    preloadPath,
    icon: icons.window,
    showWhenReady,
    boundsStore: createBoundsStore(
      new Store({ name: 'window-state', clearInvalidConfig: true, configFileMode: PRIVATE_FILE_MODE }),
    ),
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
  const stopServing = serveAppScheme(protocol, rendererRoot, logger);
  const { core, settingsStore } = await buildCore(logger);
  const getMainWindow = () => mainWindow;
  const confirmation = new DialConfirmation({
    preloadPath,
    devTools: isDev,
    icon: icons.window,
    entry: rendererEntry,
    logger,
  });
  const getOtherWindows = () => confirmation.windows();
  const unbindIpc = bindIpc({ ipcMain, getMainWindow, getOtherWindows, core, logger, isAppUrl });
  const sendEvent = createEventSender({ getMainWindow, isAppUrl, logger });

  const menu = {
    appName: app.getName(),
    platform: process.platform,
    isDev,
    onAbout: () => sendEvent('about:requested', null),
  };
  installApplicationMenu(menu);
  // The menu's own labels follow a language switch (its roles are worded by the OS).
  onLocaleChange(() => installApplicationMenu(menu));
  residence = new TrayResidence({
    app,
    powerMonitor,
    keepRunningInTray: () => core.desktop.settings.current.keepRunningInTray,
    desktopShowsTray: desktopShowsTray(process.platform, process.env),
    notice: noticeMemory(settingsStore),
    createNotification: osNotifications(process.platform),
    notificationsSupported: () => Notification.isSupported(),
    showWindow: () => showMainWindow?.(),
    platform: process.platform,
    logger,
  });
  // Started at login with "start hidden in the tray": the window stays hidden until asked for (the tray, a
  // second launch, the dock), provided a tray icon is there to ask with.
  const atLogin = startedAtLogin({
    argv: process.argv,
    macOpenedAtLogin: process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin,
  });
  mainWindow = openMainWindow(
    rendererEntry,
    logger,
    () =>
      !startsHidden({
        startedAtLogin: atLogin,
        startHidden: core.desktop.settings.current.startHidden === true,
        trayShown: residence?.trayShown === true,
      }),
  );
  refreshLoginItem(core, logger);
  showMainWindow = () => {
    if (mainWindow && !mainWindow.isDestroyed()) focusWindow(mainWindow);
    else mainWindow = openMainWindow(rendererEntry, logger);
  };
  const callSurfaces = installCallSurfaces({
    core,
    links,
    confirmation,
    showMainWindow: () => showMainWindow?.(),
    sendEvent,
    trayIconPath: icons.tray,
    launch,
    logger,
  });
  residence.setTrayCreated(callSurfaces.trayCreated);
  logger.info(`Ringside ${app.getVersion()} started`, { platform: process.platform });
  // Connects to the PBX in Settings (or starts the embedded demo PBX), or to the team server chosen; the
  // window follows by events.
  core.start().catch((error: unknown) => logger.error('could not connect', error));

  // macOS keeps the app running without windows; clicking the dock icon brings the window back (hidden
  // to the tray, or closed).
  app.on('activate', () => showMainWindow?.());
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
    stopServing();
    const deadline = new Promise((resolve) => setTimeout(resolve, QUIT_CLEANUP_LIMIT_MS));
    Promise.race([core.dispose(), deadline])
      .catch((error: unknown) => logger.error('cleanup before quitting failed', error))
      .finally(() => app.quit());
  });
}

/**
 * An AppImage or an update moves the executable: while "Start at login" is on, each start registers the
 * one that runs now.
 */
function refreshLoginItem(core: DesktopCore, logger: Logger): void {
  if (!core.desktop.settings.current.startAtLogin) return;
  try {
    loginItem.setStartAtLogin(true);
  } catch (error) {
    logger.warn('start at login could not be renewed', error);
  }
}

// Every renderer sandboxed, whatever a window's own options say; must precede 'ready'.
app.enableSandbox();
// The app's own origin, app://ringside (shell/appProtocol.ts): privileged schemes must precede 'ready'.
registerAppScheme(protocol);
// Windows: notifications and the taskbar group by this id, the one the installer's shortcut carries.
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

// A second profile (tests, a trainer's demo desk): the same variable the browser host reads. Set before the
// single-instance lock, which is per profile.
const userDataOverride = process.env['RINGSIDE_USER_DATA'];
if (userDataOverride) app.setPath('userData', userDataOverride);
// Call history, notes and the customer directory: the user's alone (app/privateFiles.ts).
keepNewFilesPrivate();
makeUserDataPrivate(app.getPath('userData'));

// A second launch brings the window forward, unless it only carried a link to dial (the confirmation shows).
if (claimSingleInstance((argv) => links.receiveArgv(argv) || (mainWindow && focusWindow(mainWindow)))) {
  // The browser host and the desktop app share this profile's files: never both at once (app/profileLock.ts).
  const profileLock = claimProfileLock({ directory: app.getPath('userData'), host: 'desktop' });
  if (!profileLock.claimed) {
    dialog.showErrorBox(
      t('tray.alreadyRunningTitle'),
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
    // Before any window exists: one guard for every web contents the app will ever have.
    installWebContentsGuard(
      (guard) => app.on('web-contents-created', (_event, contents) => guard(contents)),
      webContents.getAllWebContents(),
      { isAppUrl, logger },
    );
    start(logger).catch((error: unknown) => {
      logger.error('Ringside failed to start', error);
      app.exit(1);
    });
  }
}
