/**
 * The guard every web contents gets (the main window, the dial confirmation, anything created later):
 * window.open denied, navigation and redirects off the app's origin refused in every frame, no webview,
 * every permission request and check denied. Driven with the fake web contents of fakeElectron.ts.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { FakeNavigationEvent, FakeWebContents } from './fakeElectron';
import { spyLogger } from '../../support/spyLogger';
import { APP_ENTRY, createAppUrlMatcher } from '../../../src-main/shell/rendererEntry';
import {
  guardWebContents,
  installWebContentsGuard,
  type GuardedContents,
} from '../../../src-main/shell/webContentsGuard';

const APP_URL = 'app://ringside/index.html';
const isAppUrl = createAppUrlMatcher(APP_ENTRY);

function guarded() {
  const contents = new FakeWebContents();
  const logger = spyLogger();
  guardWebContents(contents as unknown as GuardedContents, { isAppUrl, logger });
  return { contents, logger };
}

describe('the web contents guard', () => {
  it('denies every window.open', () => {
    const { contents, logger } = guarded();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: APP_URL })).toEqual({ action: 'deny' });
    expect(logger.warn).toHaveBeenCalled();
  });

  it.each([
    'https://evil.example/',
    'http://127.0.0.1:5173/',
    'file:///etc/passwd',
    'file:///opt/Ringside/resources/app.asar/out/renderer/index.html',
    'app://evil/index.html',
    'app://ringside.evil.example/index.html',
    'javascript:alert(1)',
    'not a url',
  ])('prevents navigation and redirects to %s', (url) => {
    const { contents } = guarded();
    for (const eventName of ['will-navigate', 'will-redirect']) {
      const event = new FakeNavigationEvent(url);
      contents.emit(eventName, event);
      expect(event.defaultPrevented, eventName).toBe(true);
    }
    const subframe = Object.assign(new FakeNavigationEvent(url), { isMainFrame: false });
    contents.emit('will-frame-navigate', subframe);
    expect(subframe.defaultPrevented, 'a subframe').toBe(true);
  });

  it("allows navigation within the app's own origin", () => {
    const { contents } = guarded();
    for (const url of [APP_URL, `${APP_URL}#/settings`, `${APP_URL}?reload=1`, 'app://ringside/']) {
      const event = new FakeNavigationEvent(url);
      contents.emit('will-navigate', event);
      expect(event.defaultPrevented, url).toBe(false);
    }
  });

  it('leaves the top frame to will-navigate (no double handling)', () => {
    const { contents, logger } = guarded();
    const event = Object.assign(new FakeNavigationEvent('https://evil.example/'), { isMainFrame: true });
    contents.emit('will-frame-navigate', event);
    expect(event.defaultPrevented).toBe(false);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('prevents attaching a webview', () => {
    const { contents } = guarded();
    const event = new FakeNavigationEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it('denies every permission request and check', () => {
    const { contents } = guarded();
    const { session } = contents;
    for (const permission of [
      'media',
      'notifications',
      'clipboard-read',
      'clipboard-sanitized-write',
      'geolocation',
      'openExternal',
      'fullscreen',
    ]) {
      const callback = vi.fn();
      session.permissionRequestHandler?.(contents, permission, callback, { requestingUrl: APP_URL });
      expect(callback, permission).toHaveBeenCalledExactlyOnceWith(false);
      expect(session.permissionCheckHandler?.(contents, permission, APP_URL, {}), permission).toBe(false);
    }
    expect(session.devicePermissionHandler?.({ deviceType: 'usb' })).toBe(false);
  });
});

describe('installing the guard', () => {
  it('guards every web contents created from then on, and those that already exist', () => {
    const app = new EventEmitter();
    const existing = new FakeWebContents();
    installWebContentsGuard(
      (guard) => app.on('web-contents-created', (_event, contents: GuardedContents) => guard(contents)),
      [existing as unknown as GuardedContents],
      { isAppUrl, logger: spyLogger() },
    );
    expect(existing.windowOpenHandler).toBeDefined();

    const later = new FakeWebContents();
    app.emit('web-contents-created', {}, later);
    expect(later.windowOpenHandler?.({ url: APP_URL })).toEqual({ action: 'deny' });
    const navigation = new FakeNavigationEvent('https://evil.example/');
    later.emit('will-navigate', navigation);
    expect(navigation.defaultPrevented).toBe(true);
    const callback = vi.fn();
    later.session.permissionRequestHandler?.(later, 'media', callback, { requestingUrl: APP_URL });
    expect(callback).toHaveBeenCalledWith(false);
  });

  it('sets one permission handler per session, however many web contents share it', () => {
    const first = new FakeWebContents();
    const second = Object.assign(new FakeWebContents(), { session: first.session });
    const setRequest = vi.spyOn(first.session, 'setPermissionRequestHandler');
    guardWebContents(first as unknown as GuardedContents, { isAppUrl, logger: spyLogger() });
    guardWebContents(second as unknown as GuardedContents, { isAppUrl, logger: spyLogger() });
    expect(setRequest).toHaveBeenCalledTimes(1);
  });
});
