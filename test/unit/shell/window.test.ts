import { beforeEach, describe, expect, it, vi } from 'vitest';
import { displays, FakeNavigationEvent, type FakeBrowserWindow } from './fakeElectron';
import { spyLogger } from './spyLogger';
import {
  createMainWindow,
  focusWindow,
  loadRenderer,
  mainWindowOptions,
  MINIMUM_WINDOW_SIZE,
} from '../../../src-main/shell/window';
import { createAppUrlMatcher, type RendererEntry } from '../../../src-main/shell/rendererEntry';
import type { BoundsStore, WindowBounds } from '../../../src-main/shell/windowBounds';

vi.mock('electron', () => import('./fakeElectron'));

const entry: RendererEntry = { kind: 'file', path: '/opt/Ringside/resources/app/out/renderer/index.html' };
const APP_URL = 'file:///opt/Ringside/resources/app/out/renderer/index.html';

function memoryBoundsStore(initial?: WindowBounds): BoundsStore & { saved: WindowBounds | undefined } {
  return {
    saved: initial,
    load() {
      return this.saved;
    },
    save(bounds) {
      this.saved = bounds;
    },
  };
}

function openWindow(boundsStore: BoundsStore = memoryBoundsStore()) {
  const logger = spyLogger();
  const window = createMainWindow({
    preloadPath: '/app/out/preload/index.cjs',
    isAppUrl: createAppUrlMatcher(entry),
    boundsStore,
    devTools: false,
    logger,
  }) as unknown as FakeBrowserWindow;
  return { window, contents: window.webContents, logger };
}

beforeEach(() => {
  displays.workAreas = [{ x: 0, y: 0, width: 1920, height: 1040 }];
});

describe('main window options', () => {
  it('isolate the renderer: sandboxed, no Node, web security on, our preload only', () => {
    const options = mainWindowOptions({ preloadPath: '/app/out/preload/index.cjs', devTools: false });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('stay hidden until the page is ready, and keep a usable minimum size', () => {
    const options = mainWindowOptions({ preloadPath: '/p.cjs', devTools: true });
    expect(options.show).toBe(false);
    expect(options.minWidth).toBe(MINIMUM_WINDOW_SIZE.width);
    expect(options.minHeight).toBe(MINIMUM_WINDOW_SIZE.height);
    expect(options.webPreferences?.devTools).toBe(true);
  });

  it('are the ones the window is actually created with', () => {
    const { window } = openWindow();
    expect(window.options).toEqual(
      mainWindowOptions({ preloadPath: '/app/out/preload/index.cjs', devTools: false }),
    );
  });

  it('show the window on ready-to-show, not before', () => {
    const { window } = openWindow();
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
  });
});

describe('main window guards', () => {
  it('deny every window.open', () => {
    const { contents, logger } = openWindow();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: APP_URL })).toEqual({ action: 'deny' });
    expect(logger.warn).toHaveBeenCalled();
  });

  it.each([
    'https://evil.example/',
    'http://127.0.0.1:5173/',
    'file:///etc/passwd',
    'file:///opt/Ringside/resources/app/out/renderer/other.html',
    'javascript:alert(1)',
    'not a url',
  ])('prevent navigation and redirects to %s', (url) => {
    const { contents } = openWindow();
    for (const eventName of ['will-navigate', 'will-redirect']) {
      const event = new FakeNavigationEvent(url);
      contents.emit(eventName, event);
      expect(event.defaultPrevented, eventName).toBe(true);
    }
  });

  it("allow navigation within the app's own page", () => {
    const { contents } = openWindow();
    for (const url of [APP_URL, `${APP_URL}#/settings`, `${APP_URL}?reload=1`]) {
      const event = new FakeNavigationEvent(url);
      contents.emit('will-navigate', event);
      expect(event.defaultPrevented, url).toBe(false);
    }
  });

  it('prevent attaching a webview', () => {
    const { contents } = openWindow();
    const event = new FakeNavigationEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it('deny every permission request and check', () => {
    const { contents } = openWindow();
    const { session } = contents;
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation', 'openExternal']) {
      const callback = vi.fn();
      session.permissionRequestHandler?.(contents, permission, callback, { requestingUrl: APP_URL });
      expect(callback, permission).toHaveBeenCalledExactlyOnceWith(false);
      expect(session.permissionCheckHandler?.(contents, permission, APP_URL, {}), permission).toBe(false);
    }
    expect(session.devicePermissionHandler?.({ deviceType: 'usb' })).toBe(false);
  });
});

describe('main window bounds', () => {
  const saved: WindowBounds = { x: 200, y: 100, width: 1000, height: 700, maximized: false };

  it('are restored when they are still on a display', () => {
    const { window } = openWindow(memoryBoundsStore(saved));
    expect(window.options).toMatchObject({ x: 200, y: 100, width: 1000, height: 700 });
  });

  it('are dropped when their display is gone, letting the OS place the window', () => {
    displays.workAreas = [{ x: 0, y: 0, width: 1280, height: 800 }];
    const { window } = openWindow(memoryBoundsStore({ ...saved, x: 2200 }));
    expect(window.options.x).toBeUndefined();
    expect(window.options.y).toBeUndefined();
  });

  it('restore the maximised state', () => {
    const { window } = openWindow(memoryBoundsStore({ ...saved, maximized: true }));
    expect(window.maximized).toBe(true);
  });

  it('are saved when the window closes', () => {
    const store = memoryBoundsStore();
    const { window } = openWindow(store);
    window.setNormalBounds({ x: 10, y: 20, width: 900, height: 600 });
    window.maximize();
    window.emit('close');
    expect(store.saved).toEqual({ x: 10, y: 20, width: 900, height: 600, maximized: true });
  });
});

describe('loading and focusing', () => {
  it('loads the built file in production and the dev server URL in development', async () => {
    const { window } = openWindow();
    const asElectronWindow = window as unknown as Parameters<typeof loadRenderer>[0];
    await loadRenderer(asElectronWindow, entry);
    expect(window.loadFile).toHaveBeenCalledWith(entry.path);
    await loadRenderer(asElectronWindow, { kind: 'dev-server', url: 'http://localhost:5173/' });
    expect(window.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
  });

  it('brings a minimised window back to the front', () => {
    const { window } = openWindow();
    window.minimized = true;
    focusWindow(window as unknown as Parameters<typeof focusWindow>[0]);
    expect(window.minimized).toBe(false);
    expect(window.visible).toBe(true);
    expect(window.focus).toHaveBeenCalled();
  });
});
