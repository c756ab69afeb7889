import { beforeEach, describe, expect, it, vi } from 'vitest';
import { displays, type FakeBrowserWindow } from './fakeElectron';
import { spyLogger } from '../../support/spyLogger';
import {
  createMainWindow,
  focusWindow,
  loadRenderer,
  mainWindowOptions,
  MINIMUM_WINDOW_SIZE,
} from '../../../src-main/shell/window';
import { APP_ENTRY } from '../../../src-main/shell/rendererEntry';
import type { BoundsStore, WindowBounds } from '../../../src-main/shell/windowBounds';

vi.mock('electron', () => import('./fakeElectron'));

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

function openWindow(
  boundsStore: BoundsStore = memoryBoundsStore(),
  extra: { showWhenReady?: () => boolean; icon?: string } = {},
) {
  const logger = spyLogger();
  const window = createMainWindow({
    preloadPath: '/app/out/preload/index.cjs',
    boundsStore,
    devTools: false,
    logger,
    ...extra,
  }) as unknown as FakeBrowserWindow;
  return { window, contents: window.webContents, logger };
}

beforeEach(() => {
  displays.workAreas = [{ x: 0, y: 0, width: 1920, height: 1040 }];
});

describe('main window options', () => {
  /** Each preference docs/SECURITY.md claims for every window, with its item of Electron's checklist. */
  const LOCKED_DOWN: [preference: string, value: unknown, item: string][] = [
    ['nodeIntegration', false, '2: no Node for the page'],
    ['nodeIntegrationInWorker', false, '2: nor for its workers'],
    ['nodeIntegrationInSubFrames', false, '2: nor for its frames'],
    ['contextIsolation', true, '3: context isolation'],
    ['sandbox', true, '4: process sandboxing'],
    ['webSecurity', true, '6: web security on'],
    ['allowRunningInsecureContent', false, '8: no insecure content'],
    ['experimentalFeatures', false, '9: no experimental features'],
    ['webviewTag', false, '11 and 12: no webview'],
    ['devTools', false, 'no DevTools in production'],
  ];

  it.each(LOCKED_DOWN)('set %s to %s (checklist item %s)', (preference, value) => {
    const options = mainWindowOptions({ preloadPath: '/app/out/preload/index.cjs', devTools: false });
    expect(options.webPreferences).toHaveProperty(preference, value);
  });

  it('load our preload only, and switch on no Blink feature (checklist item 10)', () => {
    const options = mainWindowOptions({ preloadPath: '/app/out/preload/index.cjs', devTools: false });
    expect(options.webPreferences?.preload).toBe('/app/out/preload/index.cjs');
    // No Blink feature switched on, no preference that would weaken the above.
    expect(options.webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(options.webPreferences).not.toHaveProperty('additionalArguments');
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

  it('keep it hidden when it starts hidden in the tray, until it is shown', () => {
    const { window } = openWindow(memoryBoundsStore(), { showWhenReady: () => false });
    window.emit('ready-to-show');
    expect(window.visible).toBe(false);
    focusWindow(window as unknown as Parameters<typeof focusWindow>[0]);
    expect(window.visible).toBe(true);
  });

  it('carry the app icon, where the OS shows a window icon', () => {
    expect(mainWindowOptions({ preloadPath: '/p.cjs', devTools: false, icon: '/r/icon.png' }).icon).toBe(
      '/r/icon.png',
    );
    expect(mainWindowOptions({ preloadPath: '/p.cjs', devTools: false })).not.toHaveProperty('icon');
    const { window } = openWindow(memoryBoundsStore(), { icon: '/r/icon.png' });
    expect(window.options.icon).toBe('/r/icon.png');
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

  it('restore the maximised state when the window shows (maximising earlier would show an empty frame)', () => {
    const { window } = openWindow(memoryBoundsStore({ ...saved, maximized: true }));
    expect(window.maximized).toBe(false);
    window.emit('ready-to-show');
    expect(window.maximized).toBe(true);
  });

  it('restore the maximised state of a window started hidden when it is first shown', () => {
    const { window } = openWindow(memoryBoundsStore({ ...saved, maximized: true }), {
      showWhenReady: () => false,
    });
    window.emit('ready-to-show');
    expect(window.maximized).toBe(false);
    window.emit('show');
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
  it('loads app://ringside in production and the dev server URL in development, never a file', async () => {
    const { window } = openWindow();
    const asElectronWindow = window as unknown as Parameters<typeof loadRenderer>[0];
    await loadRenderer(asElectronWindow, APP_ENTRY);
    expect(window.loadURL).toHaveBeenCalledWith('app://ringside/index.html');
    await loadRenderer(asElectronWindow, APP_ENTRY, 'confirm/x');
    expect(window.loadURL).toHaveBeenCalledWith('app://ringside/index.html#confirm/x');
    await loadRenderer(asElectronWindow, { kind: 'dev-server', url: 'http://localhost:5173/' });
    expect(window.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    expect(window.loadFile).not.toHaveBeenCalled();
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
