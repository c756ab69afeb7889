/**
 * Which host carries this page: the desktop app (its preload provided `window.ringside` before any script
 * ran) or the browser host (main.ts connected the WebSocket client instead). Set once by main.ts before the
 * app mounts; what the browser cannot do (the tray, the global shortcut, start at login) is shown as such.
 */
import type { AppHost } from '../../../src-main/shared/contract';

let current: AppHost = 'desktop';

export function setAppHost(host: AppHost): void {
  current = host;
}

export function appHost(): AppHost {
  return current;
}

export const isBrowserHost = (): boolean => current === 'browser';
