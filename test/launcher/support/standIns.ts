/**
 * Stand-ins for what the launcher starts, so its tests need neither the internet, nor a display, nor a
 * build: a copy of the `electron` package without its binary, a release archive whose "Electron" is a shell
 * script recording its arguments, a built app of one file, and a browser host that records its arguments.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { electronPlatformPath } from '../../../scripts/launcher/index.mjs';
import { storedZip } from './storedZip';

export const projectRoot = join(import.meta.dirname, '..', '..', '..');
export const projectNodeModules = join(projectRoot, 'node_modules');
export const launcherEntry = join(projectRoot, 'scripts', 'launcher', 'start.mjs');
export const electronVersion: string = JSON.parse(
  readFileSync(join(projectNodeModules, 'electron', 'package.json'), 'utf8'),
).version;

/** Temporary directories made by a test file, removed by `removeAll()` (call it in afterEach). */
export function temporaryDirectories() {
  const made: string[] = [];
  return {
    make(label: string): string {
      const directory = mkdtempSync(join(tmpdir(), `ringside-launcher-${label}-`));
      made.push(directory);
      return directory;
    },
    removeAll(): void {
      for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The `electron` package as npm installs it (no dist/, no path.txt), copied to `parent/node_modules/electron`.
 * Its installer finds @electron/get through NODE_PATH (see `offlineEnv`).
 */
export function copyElectronPackage(parent: string): string {
  const source = join(projectNodeModules, 'electron');
  const target = join(parent, 'node_modules', 'electron');
  cpSync(source, target, {
    recursive: true,
    filter: (path) => path === source || !['dist', 'path.txt'].includes(basename(path)),
  });
  return target;
}

/** A release zip whose executable is a shell script that writes its arguments, one a line, to `recordFile`. */
export function standInElectronArchive(recordFile: string, platform: string = process.platform): Buffer {
  const script = `#!/bin/sh\nprintf '%s\\n' "$@" > '${recordFile}'\n`;
  return storedZip([
    { name: electronPlatformPath(platform), data: Buffer.from(script), mode: 0o755 },
    { name: 'version', data: Buffer.from(electronVersion) },
  ]);
}

/** A project whose package.json "main" is out/main/index.js, built (one empty file). */
export function standInApp(directory: string): string {
  mkdirSync(join(directory, 'out', 'main'), { recursive: true });
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ name: 'app', main: 'out/main/index.js' }));
  writeFileSync(join(directory, 'out', 'main', 'index.js'), '');
  return directory;
}

/**
 * A browser host that writes `{"args": [...]}` to $STAND_IN_RECORD, then exits with $STAND_IN_EXIT_CODE
 * (default 0); with $STAND_IN_WAIT set it prints "listening" and runs until SIGINT or SIGTERM, which it
 * records before it exits with 130 or 143 (or for 30 s at most, then exits with 124).
 */
export function standInBrowserHost(directory: string): string {
  const path = join(directory, 'browserHost.mjs');
  writeFileSync(
    path,
    `import { appendFileSync, writeFileSync } from 'node:fs';
const record = process.env.STAND_IN_RECORD;
writeFileSync(record, JSON.stringify({ args: process.argv.slice(2), nodeOptions: process.execArgv }) + '\\n');
if (process.env.STAND_IN_WAIT) {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    process.on(signal, () => {
      appendFileSync(record, signal + '\\n');
      process.exit(code);
    });
  }
  // Never outlives a test that failed before sending its signal.
  setTimeout(() => process.exit(124), 30_000);
  console.log('listening');
} else {
  process.exit(Number(process.env.STAND_IN_EXIT_CODE ?? 0));
}
`,
  );
  chmodSync(path, 0o755);
  return path;
}

export function readRecord(recordFile: string): {
  args: string[];
  nodeOptions: string[];
  signals: string[];
} {
  const [json = '{}', ...signals] = readFileSync(recordFile, 'utf8').trim().split('\n');
  const { args, nodeOptions } = JSON.parse(json) as { args: string[]; nodeOptions: string[] };
  return { args, nodeOptions, signals };
}

/**
 * An environment with nothing of the developer's Electron or proxy settings (an `electron_mirror` in
 * ~/.npmrc reaches a test as npm_config_electron_mirror and would outrank ELECTRON_MIRROR), a display, and
 * the project's node_modules on NODE_PATH for the copied package's installer.
 */
export function offlineEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? tmpdir(),
    DISPLAY: ':99',
    NODE_PATH: projectNodeModules,
    // @electron/get's progress bar (after 30 s) has nothing to show in a test.
    ELECTRON_GET_NO_PROGRESS: '1',
  };
  return { ...env, ...extra };
}
