/**
 * The dial confirmation for links and the shortcut: a small always-on-top window over whatever the agent is
 * doing (the main window may be hidden or behind a browser), showing the number and the matched person;
 * Enter dials (once the window has had the focus for a moment), Esc cancels. It is the app's own renderer
 * on its `#confirm/…` route, with the main window's locked-down web preferences (and, like every web
 * contents, the guard of webContentsGuard.ts); the request travels in the route (the main process wrote it),
 * so nothing has to wait for the page to subscribe to an event. One confirmation at a time: a new request
 * replaces it. It may call only `CONFIRM_WINDOW_COMMANDS`.
 */
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import type { DialRequest } from '../shared/contract';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import { CONFIRM_WINDOW_COMMANDS } from './confirmCommands';
import { confirmRouteHash } from './confirmRoute';
import type { ScopedWindow } from './ipc';
import type { RendererEntry } from './rendererEntry';
import { loadRenderer, secureWebPreferences } from './window';

export const CONFIRM_WINDOW_SIZE = { width: 420, height: 280 } as const;

export function confirmWindowOptions(input: {
  preloadPath: string;
  devTools: boolean;
  icon?: string | undefined;
}): BrowserWindowConstructorOptions {
  return {
    title: t('tray.confirmWindowTitle'),
    ...CONFIRM_WINDOW_SIZE,
    center: true,
    alwaysOnTop: true,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    autoHideMenuBar: true,
    show: false,
    ...(input.icon ? { icon: input.icon } : {}),
    webPreferences: secureWebPreferences(input),
  };
}

export interface DialConfirmationDeps {
  preloadPath: string;
  devTools: boolean;
  icon?: string | undefined;
  entry: RendererEntry;
  logger: Logger;
}

export class DialConfirmation {
  private window: BrowserWindow | undefined;

  constructor(private readonly deps: DialConfirmationDeps) {}

  show(request: DialRequest): void {
    this.close();
    const { logger } = this.deps;
    const window = new BrowserWindow(confirmWindowOptions(this.deps));
    window.removeMenu();
    window.once('ready-to-show', () => {
      window.show();
      window.focus();
    });
    window.on('closed', () => {
      if (this.window === window) this.window = undefined;
    });
    this.window = window;
    loadRenderer(window, this.deps.entry, confirmRouteHash(request)).catch((error: unknown) =>
      logger.error('could not load the dial confirmation', error),
    );
  }

  /** The open confirmation with the few commands it may call, for the IPC sender check. */
  windows(): ScopedWindow[] {
    return this.window && !this.window.isDestroyed()
      ? [{ window: this.window, allowed: CONFIRM_WINDOW_COMMANDS }]
      : [];
  }

  close(): void {
    if (this.window && !this.window.isDestroyed()) this.window.close();
    this.window = undefined;
  }
}
