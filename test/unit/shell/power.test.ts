/**
 * After the computer resumes from sleep (or the screen is unlocked) the call list is polled at once, not at
 * the monitor's next, possibly backed-off, attempt. Electron's powerMonitor is mocked; the core is real.
 */
import { describe, expect, it, vi } from 'vitest';
import { spyLogger } from '../../support/spyLogger';
import { powerMonitor, resetSurfacesElectron } from './surfacesElectron';
import { installSurfacesWithCore } from './surfacesHarness';

vi.mock('electron', () => import('./surfacesElectron'));

/**
 * Installs the call surfaces over a real core, watching `core.calls.pollNow`; uninstalls them (once) and
 * disposes the core afterwards, whatever the test did.
 */
async function withSurfaces(test: (installed: { pollNow: () => void; uninstall: () => void }) => void) {
  resetSurfacesElectron();
  const { core, surfaces } = installSurfacesWithCore(spyLogger());
  let installed = true;
  const uninstall = () => {
    if (installed) surfaces.uninstall();
    installed = false;
  };
  try {
    test({ pollNow: vi.spyOn(core.calls, 'pollNow'), uninstall });
  } finally {
    uninstall();
    await core.dispose();
  }
}

describe('polling after sleep', () => {
  it('polls at once when the computer resumes and when the screen is unlocked', () =>
    withSurfaces(({ pollNow }) => {
      expect(pollNow).not.toHaveBeenCalled();
      powerMonitor.emit('resume');
      expect(pollNow).toHaveBeenCalledOnce();
      powerMonitor.emit('unlock-screen');
      expect(pollNow).toHaveBeenCalledTimes(2);
      // Other power events are not a reason to poll.
      powerMonitor.emit('suspend');
      powerMonitor.emit('lock-screen');
      expect(pollNow).toHaveBeenCalledTimes(2);
    }));

  it('stops listening once the surfaces are uninstalled', () =>
    withSurfaces(({ pollNow, uninstall }) => {
      uninstall();
      powerMonitor.emit('resume');
      powerMonitor.emit('unlock-screen');
      expect(pollNow).not.toHaveBeenCalled();
      expect(powerMonitor.listenerCount('resume')).toBe(0);
      expect(powerMonitor.listenerCount('unlock-screen')).toBe(0);
    }));
});
