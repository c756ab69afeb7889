/**
 * Packaging without Electron's release archive (which cannot be downloaded on the build machines): a
 * stand-in unpacked Electron whose "binary" carries nothing but Electron's fuse wire, given to
 * electron-builder as `electronDist`. Everything else is the real packaging: the configuration, the file
 * filters, app.asar, the unpacked natives and the afterPack hook that flips the fuses.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';

export const projectRoot = join(import.meta.dirname, '..', '..', '..');

/** The sentinel @electron/fuses looks for, followed by the wire: its version, its length, one byte a fuse. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** Electron's own defaults, as a binary from its release archive carries them. */
export const ELECTRON_DEFAULT_FUSES: Record<FuseV1Options, boolean> = {
  [FuseV1Options.RunAsNode]: true,
  [FuseV1Options.EnableCookieEncryption]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: true,
  [FuseV1Options.EnableNodeCliInspectArguments]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: false,
  [FuseV1Options.OnlyLoadAppFromAsar]: false,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: true,
  [FuseV1Options.WasmTrapHandlers]: true,
};

/** Bytes that look like an Electron binary to @electron/fuses: padding, the sentinel, the wire, padding. */
export function fuseWireBinary(fuses: Record<FuseV1Options, boolean> = ELECTRON_DEFAULT_FUSES): Buffer {
  const wire = Object.values(FuseV1Options)
    .filter((value): value is FuseV1Options => typeof value === 'number')
    .map((fuse) => (fuses[fuse] ? 0x31 : 0x30));
  return Buffer.concat([
    Buffer.alloc(4096, 0x7f),
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([1, wire.length, ...wire]),
    Buffer.alloc(4096),
  ]);
}

/** An unpacked Linux Electron: the `electron` executable and resources/. */
export function writeStandInElectron(directory: string): string {
  mkdirSync(join(directory, 'resources'), { recursive: true });
  const binary = join(directory, 'electron');
  writeFileSync(binary, fuseWireBinary());
  chmodSync(binary, 0o755);
  writeFileSync(join(directory, 'version'), '45.4.1');
  return directory;
}

export interface PackageRun {
  status: number | null;
  output: string;
  /** dist/linux-unpacked in the chosen output directory. */
  appOutDir: string;
}

/** `electron-builder --dir` for Linux with the project's configuration; `electronDist` may be a real Electron. */
export function packageUnpacked(options: { electronDist: string; output: string }): PackageRun {
  const cli = join(projectRoot, 'node_modules', 'electron-builder', 'cli.js');
  const result = spawnSync(
    process.execPath,
    [
      cli,
      '--linux',
      '--dir',
      `-c.electronDist=${options.electronDist}`,
      `-c.directories.output=${options.output}`,
    ],
    { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
  );
  return {
    status: result.status,
    output: `${result.stdout}${result.stderr}`,
    appOutDir: join(options.output, 'linux-unpacked'),
  };
}

/** Why the built app cannot be packaged now, or null when out/ holds a build. */
export function missingBuild(): string | null {
  for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
    if (!existsSync(join(projectRoot, file)))
      return `${file} is missing: run \`npx electron-vite build\` first`;
  }
  return null;
}
