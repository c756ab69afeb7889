/**
 * The parts of Electron `installCallSurfaces` touches, for `vi.mock('electron', () => import(...))`: a tray
 * that can be made to fail as on a desktop without one, a global shortcut registry in which another
 * application can hold keys, and quiet stand-ins for the rest.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/** Set `fail` before installing to make `new Tray()` throw. */
export const trayCreation = { fail: false };

export class Tray {
  /** Every tray made, newest last: its tooltip and menu as last set. */
  static readonly instances: Tray[] = [];
  tooltip = '';
  menu: { template: unknown } | undefined;
  constructor() {
    if (trayCreation.fail) throw new Error('Tray is not supported on this desktop');
    Tray.instances.push(this);
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setContextMenu(menu: { template: unknown }) {
    this.menu = menu;
  }
  on() {}
  destroy() {}
}

export const Menu = { buildFromTemplate: (template: unknown) => ({ template }) };
export const nativeImage = { createFromPath: (path: string) => ({ path }) };

/** Accelerators another application holds: registering them fails, as Electron's `register` does. */
export const heldElsewhere = new Set<string>();
export const pressed = new Map<string, () => void>();
export const globalShortcut = {
  register: vi.fn((accelerator: string, callback: () => void) => {
    if (heldElsewhere.has(accelerator)) return false;
    pressed.set(accelerator, callback);
    return true;
  }),
  unregister: vi.fn((accelerator: string) => {
    pressed.delete(accelerator);
  }),
};

export const app = Object.assign(new EventEmitter(), {
  setAsDefaultProtocolClient: vi.fn(() => true),
  quit: vi.fn(),
});
export const clipboard = { readText: async () => '' };
export const powerMonitor = new EventEmitter();

/** No OS notifications here: notices go to the log only. */
export class Notification extends EventEmitter {
  static isSupported = () => false;
  show() {}
  close() {}
}

export function resetSurfacesElectron(): void {
  trayCreation.fail = false;
  heldElsewhere.clear();
  pressed.clear();
  globalShortcut.register.mockClear();
  globalShortcut.unregister.mockClear();
}
