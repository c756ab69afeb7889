/**
 * The electron-builder configuration, loaded as electron-builder loads it (package.json's "build" extends
 * electron-builder.config.ts): the four packages, `tel:` and `callto:` registered by each, the fuses hook,
 * the file filters, native modules unpacked and not rebuilt, the icons, and no signing secret anywhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper';
import { describe, expect, it } from 'vitest';
import config, { DEPENDENCY_EXCLUSIONS, RUNTIME_ICONS } from '../../../electron-builder.config';
import { applyFuses } from '../../../scripts/packaging/applyFuses';
import { APP_ID } from '../../../src-main/shell/appIdentity';
import { LINK_SCHEMES, LINUX_DESKTOP_FILE, WINDOWS_UNINSTALLER } from '../../../src-main/shell/protocol';
import { projectRoot } from './standInElectron';

const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  build: { extends: string };
  scripts: Record<string, string>;
  main: string;
};

describe('the packaging configuration', () => {
  it('is what a bare `electron-builder` loads, and `npm run dist` builds the app first', () => {
    expect(manifest.build).toEqual({ extends: './electron-builder.config.ts' });
    expect(manifest.scripts['dist']).toBe('electron-vite build && electron-builder');
    expect(manifest.scripts['icons']).toBe('node scripts/icons/generateIcons.mjs');
  });

  it('makes an AppImage and a deb for Linux, an NSIS installer for Windows, a dmg for macOS', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.appId).toBe(APP_ID);
    expect(config.productName).toBe('Ringside');
  });

  it('registers tel:, callto: and ringside: in every package', () => {
    // electron-builder writes `protocols` into the macOS Info.plist (CFBundleURLTypes) and the Linux desktop
    // entry (MimeType=x-scheme-handler/tel;…); NSIS gets the include below.
    expect(config.protocols).toEqual([
      { name: 'Telephone link', schemes: ['tel', 'callto'] },
      { name: 'Ringside team server link', schemes: ['ringside'] },
    ]);
    expect([...LINK_SCHEMES]).toEqual(['tel', 'callto', 'ringside']);
    expect(config.linux?.executableName).toBe('ringside');
    expect(config.extraMetadata).toEqual({ desktopName: LINUX_DESKTOP_FILE });
    expect(LINUX_DESKTOP_FILE).toBe(`${config.linux?.executableName}.desktop`);

    const include = config.nsis?.include;
    expect(include).toBe('resources/installer.nsh');
    const script = readFileSync(join(projectRoot, include!), 'utf8');
    for (const scheme of LINK_SCHEMES) {
      expect(script).toContain(`!insertmacro ringsideRegisterScheme "${scheme}"`);
      expect(script).toContain(`!insertmacro ringsideUnregisterScheme "${scheme}"`);
    }
    expect(script).toContain('"URL Protocol"');
    // The link after `--`, so Chromium reads no switch from it (windowsLinkCommand.test.ts tries hostile links).
    expect(script).toContain(
      `!define RINGSIDE_LINK_COMMAND '"$INSTDIR\\\${APP_EXECUTABLE_FILENAME}" -- "%1"'`,
    );
    expect(script).toContain('\\shell\\open\\command" "" \'${RINGSIDE_LINK_COMMAND}\'');
    expect(script).toMatch(/!macro customInstall[\s\S]*RegisteredApplications/);
    expect(script).toMatch(/!macro customUnInstall[\s\S]*DeleteRegKey SHCTX "Software\\Ringside"/);
    // The app tells an NSIS install by its uninstaller, electron-builder's default name for it.
    expect(WINDOWS_UNINSTALLER).toBe(`Uninstall ${config.productName}.exe`);
  });

  it("gives the Linux packages a desktop entry with the link schemes' MimeType (electron-builder's own writer)", async () => {
    const packager = {
      appInfo: { productName: 'Ringside', sanitizedProductName: 'Ringside', description: 'Ringside' },
      executableName: config.linux!.executableName,
      config,
      platformSpecificBuildOptions: config.linux,
      fileAssociations: [],
      info: { metadata: config.extraMetadata },
    };
    const helper = new LinuxTargetHelper(
      packager as unknown as ConstructorParameters<typeof LinuxTargetHelper>[0],
    );
    const entry = await helper.computeDesktopEntry(config.linux!);
    expect(entry).toContain(
      '\nMimeType=x-scheme-handler/tel;x-scheme-handler/callto;x-scheme-handler/ringside;\n',
    );
    expect(entry).toContain('\nExec=/opt/Ringside/ringside %U\n');
    expect(entry).toContain('\nStartupWMClass=ringside\n');
  });

  it('flips the fuses after packing (before signing)', () => {
    expect(config.afterPack).toBe(applyFuses);
    // The integrity the asar fuse checks: electron-builder writes the archive's hash into the macOS
    // Info.plist and the Windows executable's resources unless told not to.
    expect(config.disableAsarIntegrity).toBeUndefined();
  });

  it('does not rebuild the N-API natives, and unpacks exactly their .node files', () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.nodeGypRebuild).toBe(false);
    expect(config.buildDependenciesFromSource).toBe(false);
    expect(config.asar).toEqual({ smartUnpack: false });
    expect(config.asarUnpack).toEqual(['**/*.node']);
  });

  it('packs out/ without source maps, package.json and the runtime icons; filters the dependencies', () => {
    expect(config.files).toEqual([
      'package.json',
      'out/**/*',
      '!out/**/*.map',
      ...RUNTIME_ICONS,
      ...DEPENDENCY_EXCLUSIONS,
    ]);
    for (const icon of RUNTIME_ICONS) expect(existsSync(join(projectRoot, icon)), icon).toBe(true);
    for (const exclusion of DEPENDENCY_EXCLUSIONS)
      expect(exclusion.startsWith('!**/node_modules/')).toBe(true);
    expect(config.directories).toEqual({ output: 'dist', buildResources: 'resources' });
  });

  it('gives each package its icons', () => {
    expect(config.linux?.icon).toBe('resources/icons');
    expect(config.win?.icon).toBe('resources/icon.ico');
    expect(config.mac?.icon).toBe('resources/icon.icns');
    for (const icon of [config.linux?.icon, config.win?.icon, config.mac?.icon]) {
      expect(existsSync(join(projectRoot, icon!)), icon!).toBe(true);
    }
  });

  it('signs with the hardened runtime and JIT only, and names no certificate, identity or password', () => {
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(readFileSync(join(projectRoot, config.mac!.entitlements!), 'utf8')).toMatch(
      /<key>com\.apple\.security\.cs\.allow-jit<\/key>\s*<true\/>\s*<\/dict>/,
    );
    const text = JSON.stringify(config);
    for (const secret of [
      'cscLink',
      'cscKeyPassword',
      'certificateFile',
      'certificatePassword',
      'certificateSubjectName',
      'certificateSha1',
      'identity',
      'appleId',
      'appleIdPassword',
      'teamId',
      'password',
    ]) {
      expect(text, secret).not.toMatch(new RegExp(`"${secret}"`, 'i'));
    }
  });
});
