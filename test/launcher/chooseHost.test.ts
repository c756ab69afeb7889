import { describe, expect, it } from 'vitest';
import { chooseHost, hasDisplay, type ElectronState } from '../../scripts/launcher/index.mjs';

const X11 = { DISPLAY: ':0' };
const state = (status: ElectronState['status']) => ({ status });

describe('hasDisplay', () => {
  it('on Linux and the BSDs, needs DISPLAY or WAYLAND_DISPLAY', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: '' })).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':0' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('freebsd', {})).toBe(false);
  });

  it('on macOS and Windows, always has one', () => {
    expect(hasDisplay('darwin', {})).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
  });
});

describe('chooseHost', () => {
  const desktop = { options: { browser: false }, env: X11, platform: 'linux' };

  it('starts Electron when it is installed and a display exists', () => {
    expect(chooseHost({ ...desktop, electronState: state('installed') })).toEqual({ host: 'electron' });
    expect(
      chooseHost({ ...desktop, platform: 'darwin', env: {}, electronState: state('installed') }),
    ).toEqual({
      host: 'electron',
    });
  });

  it("runs Electron's installer when the binary is missing", () => {
    expect(chooseHost({ ...desktop, electronState: state('missing') })).toEqual({ host: 'install-electron' });
  });

  it('falls back to the browser host when Electron cannot be had', () => {
    expect(chooseHost({ ...desktop, electronState: state('unavailable') })).toEqual({
      host: 'browser',
      reason: 'no-electron',
    });
  });

  it('falls back to the browser host without a display, and does not download Electron for nothing', () => {
    for (const status of ['installed', 'missing', 'unavailable'] as const) {
      expect(chooseHost({ ...desktop, env: {}, electronState: state(status) })).toEqual({
        host: 'browser',
        reason: 'no-display',
      });
    }
  });

  it('starts the browser host when asked, whatever else holds', () => {
    for (const status of ['installed', 'missing'] as const) {
      expect(chooseHost({ ...desktop, options: { browser: true }, electronState: state(status) })).toEqual({
        host: 'browser',
        reason: 'requested',
      });
    }
    expect(
      chooseHost({ ...desktop, options: { browser: true }, env: {}, electronState: state('missing') }),
    ).toEqual({
      host: 'browser',
      reason: 'requested',
    });
  });
});
