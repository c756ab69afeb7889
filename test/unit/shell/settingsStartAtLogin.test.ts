/** The "start at login" setting applied per OS: Electron's login item, or an XDG autostart entry on Linux. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autostartPath, createLoginItem } from '../../../src-main/shell/startAtLogin';

const directories: string[] = [];
afterEach(() =>
  directories.splice(0).forEach((directory) => rmSync(directory, { recursive: true, force: true })),
);

describe('start at login', () => {
  it("uses Electron's login item on macOS and Windows", () => {
    const setLoginItemSettings = vi.fn();
    const item = createLoginItem({
      platform: 'darwin',
      setLoginItemSettings,
      executable: '/Applications/Ringside.app',
      env: {},
    });
    item.setStartAtLogin(true);
    item.setStartAtLogin(false);
    expect(setLoginItemSettings.mock.calls).toEqual([[{ openAtLogin: true }], [{ openAtLogin: false }]]);
  });

  it('writes and removes an XDG autostart entry on Linux, quoting the path', () => {
    const config = mkdtempSync(join(tmpdir(), 'ringside-xdg-'));
    directories.push(config);
    const env = { XDG_CONFIG_HOME: config };
    const setLoginItemSettings = vi.fn();
    const item = createLoginItem({
      platform: 'linux',
      setLoginItemSettings,
      executable: '/opt/My "Apps"/ringside',
      env,
    });

    item.setStartAtLogin(true);
    const file = autostartPath(env);
    expect(file).toBe(join(config, 'autostart', 'ringside.desktop'));
    expect(readFileSync(file, 'utf8')).toContain('Exec="/opt/My \\"Apps\\"/ringside"\n');
    expect(readFileSync(file, 'utf8')).toMatch(/^\[Desktop Entry\]\nType=Application\nName=Ringside\n/);

    item.setStartAtLogin(false);
    expect(existsSync(file)).toBe(false);
    item.setStartAtLogin(false);
    expect(setLoginItemSettings).not.toHaveBeenCalled();
  });
});
