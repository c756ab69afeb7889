/**
 * Electron's fuses, flipped in the packaged binary by electron-builder's `afterPack` hook (before it signs,
 * so the signature covers them). An installed Ringside is not a general-purpose Node or Chromium:
 * ELECTRON_RUN_AS_NODE, NODE_OPTIONS and `--inspect` are ignored, the app's code loads only from app.asar
 * and (on macOS and Windows) only when the archive matches the integrity hash in the binary's resources,
 * cookies are encrypted with the OS key, and file:// pages get no privileges beyond a browser's.
 * docs/SECURITY.md lists them; test/unit/packaging/ reads them back.
 */
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses';

/** Every fuse this Electron knows, each set on purpose (a new one would fail the test until decided). */
export const RINGSIDE_FUSES = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // One V8 snapshot for every process, as Electron ships it.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  // Electron's default: WebAssembly's trap handlers stay on.
  [FuseV1Options.WasmTrapHandlers]: true,
} as const satisfies Record<FuseV1Options, boolean>;

/** The part of electron-builder's AfterPackContext the hook reads. */
export interface PackedApp {
  appOutDir: string;
  electronPlatformName: string;
  /** electron-builder's Arch: 3 is arm64. */
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

const ARM64 = 3;

/** The binary that carries the fuses: the .app bundle on macOS, the executable elsewhere. */
export function packagedBinary(context: PackedApp): string {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') {
    return join(appOutDir, `${packager.appInfo.productFilename}.app`);
  }
  if (electronPlatformName === 'win32') return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return join(appOutDir, packager.executableName ?? packager.appInfo.productFilename);
}

export function fuseConfig(context: Pick<PackedApp, 'electronPlatformName' | 'arch'>): FuseV1Config {
  return {
    version: FuseVersion.V1,
    strictlyRequireAllFuses: true,
    // Flipping fuses breaks an arm64 Mac binary's ad-hoc signature; unsigned builds get a new one.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === ARM64,
    ...RINGSIDE_FUSES,
  };
}

/** electron-builder's `afterPack` hook. */
export async function applyFuses(context: PackedApp): Promise<void> {
  await flipFuses(packagedBinary(context), fuseConfig(context));
}
