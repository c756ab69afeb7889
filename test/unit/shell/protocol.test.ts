import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appLaunch, type AppLaunch } from '../../../src-main/shell/appLaunch';
import {
  linkHandlerEntry,
  packageRegistersLinks,
  protocolClientArguments,
  registerLinkSchemes,
  SYSTEM_DESKTOP_ENTRY,
  userDesktopEntryPath,
} from '../../../src-main/shell/protocol';
import { spyLogger } from '../../support/spyLogger';

const packaged = appLaunch({
  execPath: '/opt/Ringside/ringside',
  argv: ['/opt/Ringside/ringside', 'tel:201'],
  env: {},
});
const development = appLaunch({
  defaultApp: true,
  execPath: '/work/node_modules/electron/dist/electron',
  argv: ['/work/node_modules/electron/dist/electron', '.', '--inspect'],
  env: {},
});
const appImage = appLaunch({
  execPath: '/tmp/.mount_RingsX/ringside',
  argv: ['/tmp/.mount_RingsX/ringside'],
  env: { APPIMAGE: '/home/agent/Apps/Ringside.AppImage' },
});

function fakeApp(accepts: (scheme: string) => boolean = () => true) {
  return {
    setAsDefaultProtocolClient: vi.fn((scheme: string, _path?: string, _args?: string[]) => accepts(scheme)),
  };
}

const directories: string[] = [];
afterEach(() => directories.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function register(launch: AppLaunch, platform: NodeJS.Platform, options: { files?: string[] } = {}) {
  const app = fakeApp();
  const dataHome = mkdtempSync(join(tmpdir(), 'ringside-xdg-data-'));
  directories.push(dataHome);
  const env = { XDG_DATA_HOME: dataHome };
  const files = new Set(options.files ?? []);
  const schemes = registerLinkSchemes({
    app,
    platform,
    launch,
    env,
    logger: spyLogger(),
    fileExists: (path) => files.has(path),
  });
  return { app, schemes, env };
}

describe('who registers Ringside for tel:, callto: and ringside:', () => {
  it('is the package where one installed Ringside: the app then leaves it alone', () => {
    for (const [platform, files] of [
      ['darwin', []],
      ['linux', [SYSTEM_DESKTOP_ENTRY]],
      ['win32', [join('/opt/Ringside', 'Uninstall Ringside.exe')]],
    ] as const) {
      const { app, schemes } = register(packaged, platform, { files: [...files] });
      expect(schemes, platform).toEqual(['tel', 'callto', 'ringside']);
      expect(app.setAsDefaultProtocolClient, platform).not.toHaveBeenCalled();
    }
  });

  it('is the app where no package did: an unpacked build, a source checkout, an AppImage', () => {
    expect(packageRegistersLinks({ platform: 'linux', launch: packaged, fileExists: () => false })).toBe(
      false,
    );
    expect(packageRegistersLinks({ platform: 'win32', launch: packaged, fileExists: () => false })).toBe(
      false,
    );
    expect(packageRegistersLinks({ platform: 'darwin', launch: development })).toBe(false);
    expect(packageRegistersLinks({ platform: 'linux', launch: appImage, fileExists: () => true })).toBe(
      false,
    );
    const { app, schemes } = register(packaged, 'linux');
    expect(schemes).toEqual(['tel', 'callto', 'ringside']);
    expect(app.setAsDefaultProtocolClient.mock.calls).toEqual([['tel'], ['callto'], ['ringside']]);
  });

  it('in development, names Electron and the absolute project path, so a link does not start a bare Electron', () => {
    const { app } = register(development, 'darwin');
    const projectPath = resolve('.');
    expect(app.setAsDefaultProtocolClient.mock.calls).toEqual([
      ['tel', development.executable, [projectPath]],
      ['callto', development.executable, [projectPath]],
      ['ringside', development.executable, [projectPath]],
    ]);
  });

  it('uses the packaged form when Electron runs without an app path', () => {
    const bare = appLaunch({
      defaultApp: true,
      execPath: '/usr/bin/electron',
      argv: ['/usr/bin/electron'],
      env: {},
    });
    expect(protocolClientArguments(bare)).toEqual([]);
  });

  it('from an AppImage, first writes the desktop entry the desktop reads the link schemes from', () => {
    const { app, env } = register(appImage, 'linux');
    const entry = readFileSync(userDesktopEntryPath(env), 'utf8');
    expect(entry).toBe(linkHandlerEntry(appImage));
    expect(entry).toContain('Exec="/home/agent/Apps/Ringside.AppImage" %u\n');
    expect(entry).toContain(
      'MimeType=x-scheme-handler/tel;x-scheme-handler/callto;x-scheme-handler/ringside;\n',
    );
    expect(app.setAsDefaultProtocolClient.mock.calls).toEqual([['tel'], ['callto'], ['ringside']]);
  });

  it('keeps going when the OS refuses one scheme, and says so in the log', () => {
    const app = fakeApp((scheme) => scheme !== 'callto');
    const logger = spyLogger();
    const schemes = registerLinkSchemes({
      app,
      platform: 'win32',
      launch: packaged,
      env: {},
      logger,
      fileExists: () => false,
    });
    expect(schemes).toEqual(['tel', 'ringside']);
    expect(logger.warn).toHaveBeenCalledWith('could not register Ringside as the handler of callto: links');
  });
});
