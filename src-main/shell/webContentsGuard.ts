/**
 * One guard for every web contents the app ever has, installed on `web-contents-created` before the first
 * window exists (and applied to any that already do): window.open is denied, navigation and redirects
 * that leave the app's origin are refused (in every frame), no <webview> may attach, and every permission
 * request and check of its session is denied. Ringside's page needs no permission: notifications are sent
 * by the main process, and the page never writes the clipboard. Electron objects are described
 * structurally, so tests drive this with fakes.
 */
import type { Logger } from '../shared/logger';

export interface NavigationEventLike {
  readonly url: string;
  /** Set on `will-frame-navigate`: whether the navigating frame is the top one. */
  readonly isMainFrame?: boolean;
  preventDefault(): void;
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
}

export interface GuardedContents {
  readonly session: SessionLike;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: NavigationEventLike) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: NavigationEventLike) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
}

export interface WebContentsGuardDeps {
  /** Whether a URL is the app's own (rendererEntry.ts). */
  isAppUrl: (url: string) => boolean;
  logger: Logger;
}

const guardedSessions = new WeakSet<SessionLike>();

/** Denies every permission (camera, notifications, clipboard, devices, …) of a session, once per session. */
export function denyAllPermissions(session: SessionLike, logger: Logger): void {
  if (guardedSessions.has(session)) return;
  guardedSessions.add(session);
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    logger.warn(`permission request denied: ${permission}`, { url: details.requestingUrl });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** Keeps one web contents on the app's own origin: no popups, no foreign navigation, no webviews. */
export function guardWebContents(contents: GuardedContents, deps: WebContentsGuardDeps): void {
  const { isAppUrl, logger } = deps;
  contents.setWindowOpenHandler(({ url }) => {
    logger.warn('window.open denied', { url });
    return { action: 'deny' };
  });
  const stayOnAppOrigin = (event: NavigationEventLike) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    logger.warn('navigation away from Ringside prevented', { url: event.url });
  };
  contents.on('will-navigate', stayOnAppOrigin);
  contents.on('will-redirect', stayOnAppOrigin);
  // will-navigate covers the top frame; this covers every other frame (the app has none of its own).
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame === false) stayOnAppOrigin(event);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('webview attachment prevented');
  });
  denyAllPermissions(contents.session, logger);
}

/**
 * Applies the guard to every web contents, present (`existing`, e.g. `webContents.getAllWebContents()`) and
 * future (`onCreated` subscribes to app's `web-contents-created`). Call before the first window is created.
 */
export function installWebContentsGuard(
  onCreated: (guard: (contents: GuardedContents) => void) => void,
  existing: readonly GuardedContents[],
  deps: WebContentsGuardDeps,
): void {
  const guard = (contents: GuardedContents) => guardWebContents(contents, deps);
  onCreated(guard);
  for (const contents of existing) guard(contents);
}
