/**
 * The "start at login" setting applied per OS: Electron's login item, or an XDG autostart entry on Linux;
 * always the installed app (never a bare Electron), with the argument that says it was started at login.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appLaunch,
  STARTED_AT_LOGIN_ARG,
  startedAtLogin,
  startsHidden,
} from '../../../src-main/shell/appLaunch';
import { autostartPath, createLoginItem } from '../../../src-main/shell/startAtLogin';

const directories: string[] = [];
afterEach(() =>
  directories.splice(0).forEach((directory) => rmSync(directory, { recursive: true, force: true })),
);

const packaged = (execPath: string) => appLaunch({ execPath, argv: [execPath], env: {} });
const development = appLaunch({
  defaultApp: true,
  execPath: '/work/node_modules/electron/dist/electron',
  argv: ['/work/node_modules/electron/dist/electron', '.'],
  env: {},
});

describe('start at login', () => {
  it("uses Electron's login item on macOS: the app bundle", () => {
    const setLoginItemSettings = vi.fn();
    const item = createLoginItem({
      platform: 'darwin',
      setLoginItemSettings,
      launch: packaged('/Applications/Ringside.app/Contents/MacOS/Ringside'),
      env: {},
    });
    item.setStartAtLogin(true);
    item.setStartAtLogin(false);
    expect(setLoginItemSettings.mock.calls).toEqual([[{ openAtLogin: true }], [{ openAtLogin: false }]]);
  });

  it('registers the executable on Windows, with the project in development and the login argument', () => {
    const setLoginItemSettings = vi.fn();
    createLoginItem({
      platform: 'win32',
      setLoginItemSettings,
      launch: packaged('C:\\Users\\agent\\AppData\\Local\\Programs\\Ringside\\Ringside.exe'),
      env: {},
    }).setStartAtLogin(true);
    createLoginItem({
      platform: 'win32',
      setLoginItemSettings,
      launch: development,
      env: {},
    }).setStartAtLogin(true);
    expect(setLoginItemSettings.mock.calls).toEqual([
      [
        {
          openAtLogin: true,
          path: 'C:\\Users\\agent\\AppData\\Local\\Programs\\Ringside\\Ringside.exe',
          args: [STARTED_AT_LOGIN_ARG],
        },
      ],
      [
        {
          openAtLogin: true,
          path: development.executable,
          args: [`"${resolve('.')}"`, STARTED_AT_LOGIN_ARG],
        },
      ],
    ]);
  });

  it('refuses on a macOS source checkout, which has no app bundle to start (a bare Electron would start)', () => {
    const setLoginItemSettings = vi.fn();
    const item = createLoginItem({ platform: 'darwin', setLoginItemSettings, launch: development, env: {} });
    expect(() => item.setStartAtLogin(true)).toThrow(/installed app/);
    item.setStartAtLogin(false);
    expect(setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('writes and removes an XDG autostart entry on Linux, quoting the path', () => {
    const config = mkdtempSync(join(tmpdir(), 'ringside-xdg-'));
    directories.push(config);
    const env = { XDG_CONFIG_HOME: config };
    const setLoginItemSettings = vi.fn();
    const item = createLoginItem({
      platform: 'linux',
      setLoginItemSettings,
      launch: packaged('/opt/My "Apps"/ringside'),
      env,
    });

    item.setStartAtLogin(true);
    const file = autostartPath(env);
    expect(file).toBe(join(config, 'autostart', 'ringside.desktop'));
    expect(readFileSync(file, 'utf8')).toContain('Exec="/opt/My \\"Apps\\"/ringside" "--started-at-login"\n');
    expect(readFileSync(file, 'utf8')).toMatch(/^\[Desktop Entry\]\nType=Application\nName=Ringside\n/);

    item.setStartAtLogin(false);
    expect(existsSync(file)).toBe(false);
    item.setStartAtLogin(false);
    expect(setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('registers the AppImage file on Linux, not the executable inside the mounted image', () => {
    const config = mkdtempSync(join(tmpdir(), 'ringside-xdg-'));
    directories.push(config);
    const launch = appLaunch({
      execPath: '/tmp/.mount_Ring/ringside',
      argv: ['/tmp/.mount_Ring/ringside'],
      env: { APPIMAGE: '/home/agent/Ringside.AppImage' },
    });
    createLoginItem({
      platform: 'linux',
      setLoginItemSettings: vi.fn(),
      launch,
      env: { XDG_CONFIG_HOME: config },
    }).setStartAtLogin(true);
    expect(readFileSync(autostartPath({ XDG_CONFIG_HOME: config }), 'utf8')).toContain(
      'Exec="/home/agent/Ringside.AppImage" "--started-at-login"\n',
    );
  });

  it('from a source checkout on Linux, starts Electron with the project, not a bare Electron', () => {
    const config = mkdtempSync(join(tmpdir(), 'ringside-xdg-'));
    directories.push(config);
    createLoginItem({
      platform: 'linux',
      setLoginItemSettings: vi.fn(),
      launch: development,
      env: { XDG_CONFIG_HOME: config },
    }).setStartAtLogin(true);
    expect(readFileSync(autostartPath({ XDG_CONFIG_HOME: config }), 'utf8')).toContain(
      `Exec="${development.executable}" "${resolve('.')}" "--started-at-login"\n`,
    );
  });
});

describe('start hidden in the tray', () => {
  it('knows it was started at login by its argument, or as macOS reports it', () => {
    expect(startedAtLogin({ argv: ['/opt/Ringside/ringside', STARTED_AT_LOGIN_ARG] })).toBe(true);
    expect(startedAtLogin({ argv: ['/Applications/Ringside.app'], macOpenedAtLogin: true })).toBe(true);
    expect(startedAtLogin({ argv: ['/opt/Ringside/ringside', 'tel:201'] })).toBe(false);
  });

  it('hides the window only when started at login, asked to, and a tray icon can bring it back', () => {
    expect(startsHidden({ startedAtLogin: true, startHidden: true, trayShown: true })).toBe(true);
    expect(startsHidden({ startedAtLogin: false, startHidden: true, trayShown: true })).toBe(false);
    expect(startsHidden({ startedAtLogin: true, startHidden: false, trayShown: true })).toBe(false);
    expect(startsHidden({ startedAtLogin: true, startHidden: true, trayShown: false })).toBe(false);
  });
});
