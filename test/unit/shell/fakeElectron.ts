/**
 * A small stand-in for the parts of Electron the shell uses, for `vi.mock('electron', () => import(...))`.
 * It records what the shell asked for (window options, handlers) so tests can act as Electron would.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/** A navigation-style event: `url` plus `preventDefault`, as Electron passes to will-navigate handlers. */
export class FakeNavigationEvent {
  defaultPrevented = false;
  constructor(readonly url = '') {}
  preventDefault() {
    this.defaultPrevented = true;
  }
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;

export class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | undefined;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | undefined;
  devicePermissionHandler: ((...args: unknown[]) => boolean) | undefined;
  setPermissionRequestHandler(handler: PermissionRequestHandler) {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: (...args: unknown[]) => boolean) {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: (...args: unknown[]) => boolean) {
    this.devicePermissionHandler = handler;
  }
}

export class FakeWebContents extends EventEmitter {
  readonly session = new FakeSession();
  readonly mainFrame = { url: '' };
  readonly send = vi.fn();
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FakeBrowserWindow extends EventEmitter {
  static readonly instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  visible = false;
  maximized = false;
  minimized = false;
  readonly focus = vi.fn();
  readonly loadURL = vi.fn(async (_url: string) => {});
  readonly loadFile = vi.fn(async (_path: string) => {});
  private bounds: Bounds;

  constructor(readonly options: Record<string, unknown> & Partial<Bounds>) {
    super();
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 0,
      height: options.height ?? 0,
    };
    FakeBrowserWindow.instances.push(this);
  }
  show() {
    this.visible = true;
  }
  maximize() {
    this.maximized = true;
  }
  isMaximized() {
    return this.maximized;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  isDestroyed() {
    return false;
  }
  setNormalBounds(bounds: Bounds) {
    this.bounds = bounds;
  }
  getNormalBounds() {
    return this.bounds;
  }
}

/** Work areas of the displays `screen.getAllDisplays()` reports; tests replace them. */
export const displays: { workAreas: Bounds[] } = { workAreas: [{ x: 0, y: 0, width: 1920, height: 1040 }] };

export const screen = {
  getAllDisplays: () => displays.workAreas.map((workArea) => ({ workArea })),
};

export const app = Object.assign(new EventEmitter(), {
  requestSingleInstanceLock: vi.fn(() => true),
  quit: vi.fn(),
});

export const Menu = {
  buildFromTemplate: vi.fn((template: unknown) => ({ template })),
  setApplicationMenu: vi.fn(),
};

export { FakeBrowserWindow as BrowserWindow };
