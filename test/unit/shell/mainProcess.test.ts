/**
 * The composition root (src-main/index.ts) started under `vi.mock('electron')`, as the production build runs
 * it (`__RINGSIDE_DEV__` false), on a fresh profile with no PBX configured: the order of what must come
 * first, and what the app exposes once it runs. Each check is one of docs/SECURITY.md's items:
 * - app:// is registered as privileged (standard, secure) before 'ready', and served after it;
 * - the web contents guard is installed before any window exists, and the window gets it;
 * - windows load app://ringside/index.html, sandboxed, without DevTools, with the app's icon;
 * - the only IPC handlers are the contract's commands (electron-log's own IPC never registers);
 * - the renderer's address is never taken from ELECTRON_RENDERER_URL.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandTable } from '../../../src-main/shared/contract';
import { APP_SCHEME_PRIVILEGES } from '../../../src-main/shell/appProtocol';
import type { FakeBrowserWindow } from './fakeElectron';
import * as electron from './mainProcessElectron';

vi.mock('electron', () => import('./mainProcessElectron'));
vi.mock('electron-store', () => ({
  default: class MemoryStore {
    private readonly values = new Map<string, unknown>();
    get(key: string) {
      return this.values.get(key);
    }
    set(key: string, value: unknown) {
      this.values.set(key, value);
    }
    delete(key: string) {
      this.values.delete(key);
    }
  },
}));

const windows = () => electron.createdContents.length;

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let mainWindow: FakeBrowserWindow;

beforeAll(async () => {
  const userData = electron.app.getPath('userData');
  vi.stubEnv('RINGSIDE_USER_DATA', userData);
  // A development server's address: a production build must not even read it.
  vi.stubEnv('ELECTRON_RENDERER_URL', 'http://127.0.0.1:1/evil');
  vi.stubGlobal('__RINGSIDE_DEV__', false);
  // No PBX and no demo: the core starts, connects to nothing and runs no sync.
  writeFileSync(
    join(userData, 'settings.json'),
    JSON.stringify({ settings: { version: 2, mode: 'configured', baseUrl: '', clientId: '' } }),
  );
  await import('../../../src-main/index');
  // The log catches uncaught errors for the app; in this test process vitest does.
  electronLog.errorHandler.stopCatching();
}, 30_000);

afterAll(async () => {
  electron.app.emit('will-quit', { preventDefault: () => {} });
  await until(() => electron.app.quit.mock.calls.length > 0, 'the app to quit after its cleanup');
  rmSync(electron.app.getPath('userData'), { recursive: true, force: true });
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('before the app is ready', () => {
  it('registers app:// as a privileged scheme: standard and secure, nothing that bypasses the CSP', () => {
    expect(electron.protocol.schemes).toEqual([{ scheme: 'app', privileges: APP_SCHEME_PRIVILEGES }]);
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ standard: true, secure: true });
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('bypassCSP');
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('supportFetchAPI');
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('allowServiceWorkers');
  });

  it('sandboxes every renderer and installs the guard of every web contents, and opens no window', () => {
    expect(electron.timeline).toEqual(['sandbox', 'scheme', 'guard']);
    expect(windows()).toBe(0);
  });
});

describe('once ready', () => {
  beforeAll(async () => {
    electron.makeReady();
    await until(() => windows() > 0, 'the main window');
    mainWindow = electron.BrowserWindow.instances[0] as FakeBrowserWindow;
  });

  it('serves app:// from the built renderer, then opens the window', () => {
    expect(electron.timeline).toEqual(['sandbox', 'scheme', 'guard', 'ready', 'serve', 'window']);
    expect(electron.protocol.handlers.has('app')).toBe(true);
  });

  it('loads the window from app://ringside, never from a file or the environment', () => {
    expect(electron.loads).toEqual(['app://ringside/index.html']);
    expect(mainWindow.loadFile).not.toHaveBeenCalled();
  });

  it('opens a sandboxed window without DevTools, with the app icon', () => {
    expect(mainWindow.options['webPreferences']).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
    expect(mainWindow.options['icon']).toMatch(/resources[\\/]icon\.png$/);
  });

  it('guards the window it created: no popups, no foreign navigation, no permissions', () => {
    const contents = mainWindow.webContents;
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const navigation = { url: 'https://evil.example/', defaultPrevented: false, preventDefault() {} };
    const prevent = vi.spyOn(navigation, 'preventDefault');
    contents.emit('will-navigate', navigation);
    expect(prevent).toHaveBeenCalled();
    const callback = vi.fn();
    contents.session.permissionRequestHandler?.(contents, 'media', callback, { requestingUrl: '' });
    expect(callback).toHaveBeenCalledWith(false);
  });

  it("registers an IPC handler for each of the contract's commands, and nothing else", async () => {
    await until(() => electron.ipcMain.handled.size > 0, 'the IPC binding');
    expect([...electron.ipcMain.handled].sort()).toEqual(Object.keys(commandTable).sort());
    expect(electron.ipcMain.listened.size).toBe(0);
    expect(electron.ipcMain.handled.has('__ELECTRON_LOG__')).toBe(false);
  });

  it('answers app:// requests through the handler, refusing traversal', async () => {
    const handler = electron.protocol.handlers.get('app')!;
    const refused = await handler(new Request('app://ringside/..%2f..%2fpackage.json'));
    expect(refused.status).toBe(403);
  });
});
