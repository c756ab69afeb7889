/**
 * Electron's fuses as the afterPack hook sets them (scripts/packaging/applyFuses.ts): every fuse of the
 * wire decided, flipped in the binary each platform's package carries, read back with @electron/fuses.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyFuses,
  fuseConfig,
  packagedBinary,
  RINGSIDE_FUSES,
  type PackedApp,
} from '../../../scripts/packaging/applyFuses';
import { fuseWireBinary } from './standInElectron';

const directories: string[] = [];
afterEach(() => directories.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function packed(platform: string, arch = 1): PackedApp & { appOutDir: string } {
  const appOutDir = mkdtempSync(join(tmpdir(), 'ringside-fuses-'));
  directories.push(appOutDir);
  return {
    appOutDir,
    electronPlatformName: platform,
    arch,
    packager: { appInfo: { productFilename: 'Ringside' }, executableName: 'ringside' },
  };
}

const fuseNames = Object.values(FuseV1Options).filter((value) => typeof value === 'number');

/** What the hook must leave in the binary, fuse by fuse (docs/SECURITY.md, "Fuses"). */
const EXPECTED: Record<string, boolean> = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  GrantFileProtocolExtraPrivileges: false,
  WasmTrapHandlers: true,
};

async function readFuses(binary: string): Promise<Record<string, boolean>> {
  const wire = await getCurrentFuseWire(binary);
  return Object.fromEntries(
    fuseNames.map((fuse) => [
      FuseV1Options[fuse as FuseV1Options],
      wire[fuse as FuseV1Options] === FuseState.ENABLE,
    ]),
  );
}

describe('the fuses Ringside sets', () => {
  it('decide every fuse this version of @electron/fuses knows, as the security review asks', () => {
    expect(Object.keys(RINGSIDE_FUSES).map(Number).sort()).toEqual([...fuseNames].sort());
    expect(
      Object.fromEntries(
        Object.entries(RINGSIDE_FUSES).map(([fuse, value]) => [FuseV1Options[Number(fuse)], value]),
      ),
    ).toEqual(EXPECTED);
    expect(fuseConfig({ electronPlatformName: 'linux', arch: 1 })).toMatchObject({
      strictlyRequireAllFuses: true,
      resetAdHocDarwinSignature: false,
    });
  });

  it('reset the ad-hoc signature of an arm64 Mac binary only (flipping fuses breaks it)', () => {
    expect(fuseConfig({ electronPlatformName: 'darwin', arch: 3 }).resetAdHocDarwinSignature).toBe(true);
    expect(fuseConfig({ electronPlatformName: 'darwin', arch: 1 }).resetAdHocDarwinSignature).toBe(false);
    expect(fuseConfig({ electronPlatformName: 'win32', arch: 3 }).resetAdHocDarwinSignature).toBe(false);
  });

  it('are flipped in the binary of each platform', () => {
    expect(packagedBinary(packed('linux'))).toMatch(/[\\/]ringside$/);
    expect(packagedBinary(packed('win32'))).toMatch(/[\\/]Ringside\.exe$/);
    expect(packagedBinary(packed('darwin'))).toMatch(/[\\/]Ringside\.app$/);
  });

  it.each(['linux', 'win32'])('are written into a %s binary and read back', async (platform) => {
    const context = packed(platform);
    const binary = packagedBinary(context);
    writeFileSync(binary, fuseWireBinary());
    await applyFuses(context);
    expect(await readFuses(binary)).toEqual(EXPECTED);
  });

  it('are written into the Electron Framework of a macOS bundle and read back', async () => {
    const context = packed('darwin');
    const framework = join(packagedBinary(context), 'Contents', 'Frameworks', 'Electron Framework.framework');
    mkdirSync(framework, { recursive: true });
    writeFileSync(join(framework, 'Electron Framework'), fuseWireBinary());
    await applyFuses(context);
    expect(await readFuses(packagedBinary(context))).toEqual(EXPECTED);
  });
});
