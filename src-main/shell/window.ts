/**
 * The main window: locked-down web preferences, the app's icon, remembered bounds. The renderer is treated
 * as untrusted content: it gets no Node and talks to the app only through the preload's allow-listed
 * channels; no new windows, no foreign pages and no permissions (webContentsGuard.ts, applied to every web
 * contents the app creates).
 */
import { BrowserWindow, screen, type BrowserWindowConstructorOptions } from 'electron';
import type { Logger } from '../shared/logger';
import { entryUrl, type RendererEntry } from './rendererEntry';
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
  /** The window icon (Linux and Windows; macOS shows the bundle's). */
  icon?: string | undefined;
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
    title: 'Ringside', // i18n-exempt: the product's name
    ...(bounds
      ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }
      : DEFAULT_WINDOW_SIZE),
    minWidth: MINIMUM_WINDOW_SIZE.width,
    minHeight: MINIMUM_WINDOW_SIZE.height,
    // Shown on 'ready-to-show', so the user never sees an empty frame.
    show: false,
    ...(input.icon ? { icon: input.icon } : {}),
    webPreferences: secureWebPreferences(input),
  };
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
  boundsStore: BoundsStore;
  devTools: boolean;
  icon?: string | undefined;
  /**
   * Asked when the page is ready: false keeps the window hidden (Ringside started at login, hidden in the
   * tray); it shows when asked for (`focusWindow`). Default: shown.
   */
  showWhenReady?: () => boolean;
  logger: Logger;
}

export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const saved = deps.boundsStore.load();
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const bounds = restorableBounds(saved, workAreas, MINIMUM_WINDOW_SIZE);
  const window = new BrowserWindow(
    mainWindowOptions({ preloadPath: deps.preloadPath, bounds, devTools: deps.devTools, icon: deps.icon }),
  );
  window.once('ready-to-show', () => {
    if (deps.showWhenReady?.() === false) {
      // maximize() would show the window: it waits until the window is shown.
      if (bounds?.maximized) window.once('show', () => window.maximize());
      return;
    }
    if (bounds?.maximized) window.maximize();
    window.show();
  });
  rememberBounds(window, deps.boundsStore, deps.logger);
  return window;
}

/** Loads the app's page; `hash` picks a route other than the main window's (e.g. the dial confirmation). */
export function loadRenderer(window: BrowserWindow, entry: RendererEntry, hash?: string): Promise<void> {
  return window.loadURL(entryUrl(entry, hash));
}

/** Brings the window to the front, e.g. when the user starts Ringside a second time. */
export function focusWindow(window: BrowserWindow): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
