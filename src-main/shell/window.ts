/**
 * The main window: locked-down web preferences, navigation and permission guards, remembered bounds.
 * The renderer is treated as untrusted content: it gets no Node, no new windows, no foreign pages, no
 * permissions, and talks to the app only through the preload's allow-listed channels.
 */
import {
  BrowserWindow,
  screen,
  type BrowserWindowConstructorOptions,
  type Session,
  type WebContents,
} from 'electron';
import type { Logger } from '../shared/logger';
import type { RendererEntry } from './rendererEntry';
import { restorableBounds, type BoundsStore, type WindowBounds } from './windowBounds';

export const MINIMUM_WINDOW_SIZE = { width: 720, height: 480 };
export const DEFAULT_WINDOW_SIZE = { width: 1120, height: 760 };

export interface MainWindowOptionsInput {
  /** Absolute path of the bundled preload (out/preload/index.cjs). */
  preloadPath: string;
  /** Restored bounds, already checked to be on a display; undefined lets the OS place the window. */
  bounds?: WindowBounds | undefined;
  /** DevTools only in development: in production nothing should be able to open them. */
  devTools: boolean;
}

/** Every Ringside window's web preferences: the page is untrusted content behind the preload's bridge. */
export function secureWebPreferences(input: Pick<MainWindowOptionsInput, 'preloadPath' | 'devTools'>) {
  return {
    preload: input.preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    devTools: input.devTools,
  } satisfies BrowserWindowConstructorOptions['webPreferences'];
}

export function mainWindowOptions(input: MainWindowOptionsInput): BrowserWindowConstructorOptions {
  const { bounds } = input;
  return {
    title: 'Ringside',
    ...(bounds
      ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }
      : DEFAULT_WINDOW_SIZE),
    minWidth: MINIMUM_WINDOW_SIZE.width,
    minHeight: MINIMUM_WINDOW_SIZE.height,
    // Shown on 'ready-to-show', so the user never sees an empty frame.
    show: false,
    webPreferences: secureWebPreferences(input),
  };
}

/** Denies every permission (camera, notifications, clipboard-read, …): Ringside's page needs none. */
export function denyAllPermissions(session: Session, logger: Logger): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    logger.warn(`permission request denied: ${permission}`, { url: details.requestingUrl });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** Keeps a web contents on the app's own page: no popups, no foreign navigation, no webviews. */
export function guardWebContents(contents: WebContents, isAppUrl: (url: string) => boolean, logger: Logger) {
  contents.setWindowOpenHandler(({ url }) => {
    logger.warn('window.open denied', { url });
    return { action: 'deny' };
  });
  const stayOnAppPages = (event: { url: string; preventDefault(): void }) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    logger.warn('navigation away from Ringside prevented', { url: event.url });
  };
  contents.on('will-navigate', stayOnAppPages);
  contents.on('will-redirect', stayOnAppPages);
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('webview attachment prevented');
  });
}

/** Saves the bounds when the window closes: the normal (unmaximised) bounds, plus whether it was maximised. */
function rememberBounds(window: BrowserWindow, store: BoundsStore, logger: Logger): void {
  window.on('close', () => {
    try {
      store.save({ ...window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      logger.warn('could not save the window bounds', error);
    }
  });
}

export interface MainWindowDeps {
  preloadPath: string;
  isAppUrl: (url: string) => boolean;
  boundsStore: BoundsStore;
  devTools: boolean;
  logger: Logger;
}

export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const saved = deps.boundsStore.load();
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const bounds = restorableBounds(saved, workAreas, MINIMUM_WINDOW_SIZE);
  const window = new BrowserWindow(
    mainWindowOptions({ preloadPath: deps.preloadPath, bounds, devTools: deps.devTools }),
  );
  guardWebContents(window.webContents, deps.isAppUrl, deps.logger);
  denyAllPermissions(window.webContents.session, deps.logger);
  if (bounds?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  rememberBounds(window, deps.boundsStore, deps.logger);
  return window;
}

/** Loads the app's page; `hash` picks a route other than the main window's (e.g. the dial confirmation). */
export function loadRenderer(window: BrowserWindow, entry: RendererEntry, hash?: string): Promise<void> {
  if (entry.kind === 'file')
    return hash ? window.loadFile(entry.path, { hash }) : window.loadFile(entry.path);
  return window.loadURL(hash ? `${entry.url.split('#')[0]}#${hash}` : entry.url);
}

/** Brings the window to the front, e.g. when the user starts Ringside a second time. */
export function focusWindow(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
