/**
 * Enough of Electron for src-main/index.ts to start as the app does, for
 * `vi.mock('electron', () => import('./mainProcessElectron'))`: it records, in order, what the composition
 * root asked for (privileged schemes, the web contents guard, windows, the app:// handler, IPC handlers),
 * and makes 'ready' happen when the test says so. Windows emit `web-contents-created`, as Electron's do.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import type { FakeWebContents } from './fakeElectron';
import { FakeBrowserWindow } from './fakeElectron';

export { displays, Menu, screen } from './fakeElectron';
export { clipboard, globalShortcut, nativeImage, Notification, powerMonitor, Tray } from './surfacesElectron';

/**
 * What happened, in order: `sandbox`, `scheme`, `guard`, `ready`, `serve`, `window`. (Vitest clears mock calls
 * before each test, so what beforeAll caused is recorded here and in `loads`.)
 */
export const timeline: string[] = [];

let becomeReady: () => void = () => {};
const readiness = new Promise<void>((resolve) => {
  becomeReady = resolve;
});
let isReady = false;

/** Makes the app ready, as Electron does once Chromium has started. */
export function makeReady(): void {
  isReady = true;
  timeline.push('ready');
  becomeReady();
}

const paths: Record<string, string> = { userData: mkdtempSync(join(tmpdir(), 'ringside-main-')) };

class FakeApp extends EventEmitter {
  readonly isPackaged = false;
  readonly enableSandbox = vi.fn(() => timeline.push('sandbox'));
  readonly quit = vi.fn();
  readonly exit = vi.fn();
  readonly setAppUserModelId = vi.fn();
  readonly setLoginItemSettings = vi.fn();
  readonly setAsDefaultProtocolClient = vi.fn(() => true);
  readonly requestSingleInstanceLock = vi.fn(() => true);
  getLoginItemSettings() {
    return { openAtLogin: false, wasOpenedAtLogin: false };
  }
  getPath(name: string) {
    return paths[name] ?? join(paths['userData']!, name);
  }
  setPath(name: string, path: string) {
    paths[name] = path;
  }
  getName() {
    return 'Ringside';
  }
  getVersion() {
    return '0.1.0';
  }
  getLocaleCountryCode() {
    return 'CZ';
  }
  /** English first, so the texts the tests read are the English ones. */
  getPreferredSystemLanguages() {
    return ['en-US'];
  }
  whenReady() {
    return readiness;
  }
}

export const app = new FakeApp();
app.on('newListener', (event: string | symbol) => {
  if (event === 'web-contents-created') timeline.push('guard');
});

/** Every web contents the app created (its windows'). */
export const createdContents: FakeWebContents[] = [];
/** Every URL a window loaded. */
export const loads: string[] = [];

export class BrowserWindow extends FakeBrowserWindow {
  constructor(options: ConstructorParameters<typeof FakeBrowserWindow>[0]) {
    super(options);
    timeline.push('window');
    this.loadURL.mockImplementation(async (url: string) => {
      loads.push(url);
    });
    createdContents.push(this.webContents);
    app.emit('web-contents-created', {}, this.webContents);
  }
  readonly removeMenu = vi.fn();
  readonly close = vi.fn();
  readonly hide = vi.fn();
}

export const webContents = { getAllWebContents: () => [...createdContents] };

export const protocol = {
  schemes: [] as { scheme: string; privileges: Record<string, boolean> }[],
  handlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
  registerSchemesAsPrivileged: vi.fn((schemes: { scheme: string; privileges: Record<string, boolean> }[]) => {
    if (isReady) throw new Error('registerSchemesAsPrivileged after ready is ignored by Electron');
    timeline.push('scheme');
    protocol.schemes.push(...schemes);
  }),
  handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response> | Response) => {
    if (!isReady) throw new Error('protocol.handle before ready');
    timeline.push('serve');
    protocol.handlers.set(scheme, handler);
  }),
  unhandle: vi.fn((scheme: string) => protocol.handlers.delete(scheme)),
};

/** IPC: `handle` for invokes, `on` for one-way messages; both recorded by channel. */
export const ipcMain = {
  handled: new Set<string>(),
  listened: new Set<string>(),
  handle: vi.fn((channel: string) => {
    ipcMain.handled.add(channel);
  }),
  removeHandler: vi.fn((channel: string) => {
    ipcMain.handled.delete(channel);
  }),
  on: vi.fn((channel: string) => {
    ipcMain.listened.add(channel);
  }),
};

export const session = {
  defaultSession: {
    setCertificateVerifyProc: vi.fn(),
    closeAllConnections: vi.fn(async () => {}),
  },
};

export const net = { fetch: (url: string, init?: RequestInit) => fetch(url, init) };
export const dialog = { showErrorBox: vi.fn() };
export const safeStorage = {
  isEncryptionAvailable: () => false,
  getSelectedStorageBackend: () => 'basic_text',
  encryptString: () => Buffer.alloc(0),
  decryptString: () => '',
};
