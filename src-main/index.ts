/**
 * Composition root of the main process: the only place that builds services and wires them to Electron.
 * Order matters: sandbox and single-instance lock first, logging before anything can fail, then the
 * core, the IPC binding, the window.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain } from 'electron';
import log from 'electron-log/main';
import Store from 'electron-store';
import { AppCore } from './app/AppCore';
import { systemClock } from './shared/clock';
import type { Logger } from './shared/logger';
import { bindIpc, createEventSender } from './shell/ipc';
import { createLogger } from './shell/logging';
import { installApplicationMenu } from './shell/menu';
import { createAppUrlMatcher, resolveRendererEntry, type RendererEntry } from './shell/rendererEntry';
import { claimSingleInstance } from './shell/singleInstance';
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

let mainWindow: BrowserWindow | undefined;

function startLogging(): Logger {
  const logger = createLogger(log, {
    directory: join(app.getPath('userData'), 'logs'),
    fileLevel: isDev ? 'debug' : 'info',
    consoleLevel: isDev ? 'debug' : 'warn',
  });
  log.errorHandler.startCatching({ showDialog: false });
  return logger;
}

function buildCore(logger: Logger): AppCore {
  return new AppCore({
    clock: systemClock,
    logger,
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
    mode: 'unconfigured',
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
  loadRenderer(window, entry).catch((error: unknown) => logger.error('could not load the renderer', error));
  return window;
}

async function start(logger: Logger): Promise<void> {
  await app.whenReady();
  const core = buildCore(logger);
  const getMainWindow = () => mainWindow;
  const unbindIpc = bindIpc({ ipcMain, getMainWindow, core, logger, isAppUrl });
  const sendEvent = createEventSender({ getMainWindow, isAppUrl, logger });

  installApplicationMenu({
    appName: app.getName(),
    platform: process.platform,
    isDev,
    onAbout: () => sendEvent('about:requested', null),
  });
  mainWindow = openMainWindow(rendererEntry, logger);
  logger.info(`Ringside ${app.getVersion()} started`, { platform: process.platform, mode: 'unconfigured' });

  // macOS keeps the app running without windows; clicking the dock icon brings one back.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = openMainWindow(rendererEntry, logger);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    unbindIpc();
    void core.dispose();
  });
}

// Every renderer sandboxed, whatever a window's own options say; must precede 'ready'.
app.enableSandbox();

if (claimSingleInstance(() => mainWindow && focusWindow(mainWindow))) {
  const logger = startLogging();
  start(logger).catch((error: unknown) => {
    logger.error('Ringside failed to start', error);
    app.exit(1);
  });
}
