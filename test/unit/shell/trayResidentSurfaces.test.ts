/**
 * Where Electron cannot create a tray icon, the call surfaces carry on without it and say so, and closing
 * the window then quits Ringside instead of hiding it where nobody could find it. Electron is mocked.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { MemorySettingsStore } from '../../../src-main/app/settings/settingsRepository';
import type { CallSurfaces } from '../../../src-main/shell/callSurfaces';
import { noticeMemory, TrayResidence } from '../../../src-main/shell/trayResident';
import { spyLogger } from '../../support/spyLogger';
import { pressed, resetSurfacesElectron, trayCreation } from './surfacesElectron';
import { installSurfacesWithCore } from './surfacesHarness';

vi.mock('electron', () => import('./surfacesElectron'));

const running: { core: AppCore; surfaces: CallSurfaces }[] = [];

afterEach(async () => {
  for (const { core, surfaces } of running.splice(0)) {
    surfaces.uninstall();
    await core.dispose();
  }
});

function install(trayFails: boolean) {
  resetSurfacesElectron();
  trayCreation.fail = trayFails;
  const logger = spyLogger();
  const { core, surfaces } = installSurfacesWithCore(logger);
  running.push({ core, surfaces });
  const residence = new TrayResidence({
    app: new EventEmitter(),
    powerMonitor: new EventEmitter(),
    keepRunningInTray: () => core.settings.current.keepRunningInTray,
    desktopShowsTray: Promise.resolve(true),
    notice: noticeMemory(new MemorySettingsStore()),
    createNotification: () => {
      throw new Error('no notifications in this test');
    },
    notificationsSupported: () => false,
    showWindow: vi.fn(),
    platform: 'linux',
    logger,
  });
  residence.setTrayCreated(surfaces.trayCreated);
  return { core, surfaces, residence, logger };
}

/** Closes a window the way Electron does: it goes unless a `close` listener prevented it. */
function closeWindow(residence: TrayResidence): 'hidden' | 'closed' {
  const window = Object.assign(new EventEmitter(), { hide: vi.fn() });
  residence.attach(window);
  let prevented = false;
  window.emit('close', { preventDefault: () => (prevented = true) });
  return prevented && window.hide.mock.calls.length === 1 ? 'hidden' : 'closed';
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the tray icon and closing the window', () => {
  it('with a tray icon, closing the window hides Ringside to the tray', async () => {
    const { surfaces, residence } = install(false);
    await settled();
    expect(surfaces.trayCreated).toBe(true);
    expect(closeWindow(residence)).toBe('hidden');
  });

  it('without one, Ringside works on (shortcut and all) and closing the window quits it', async () => {
    const { surfaces, residence, logger } = install(true);
    await settled();
    expect(surfaces.trayCreated).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(
      'the tray icon could not be created; closing the window will quit Ringside',
      expect.any(Error),
    );
    expect([...pressed.keys()]).toEqual(['CommandOrControl+Alt+D']);
    expect(closeWindow(residence)).toBe('closed');
  });

  it('follows the keepRunningInTray setting, which is on by default', async () => {
    const { core, residence } = install(false);
    await settled();
    expect(core.settings.current.keepRunningInTray).toBe(true);
    const { settings } = await core.commands['settings:get']();
    await core.commands['settings:save']({ settings: { ...settings, keepRunningInTray: false } });
    expect(closeWindow(residence)).toBe('closed');
  });
});
