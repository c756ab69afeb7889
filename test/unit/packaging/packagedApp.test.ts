/**
 * `electron-builder --dir` with the project's configuration, end to end except for Electron itself: with a
 * stand-in Electron (standInElectron.ts) the real packaging runs, and this reads what it made: app.asar
 * holds out/ (no source maps), package.json, the runtime icons and the production dependencies, nothing
 * of the sources, tests, docs, bench or fixtures; the native .node files sit unpacked beside it; the fuses
 * of the packaged binary are read back. Where Electron's binary is installed (node_modules/electron/dist),
 * the same packaging runs on it and its fuses are read back from the real binary.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RINGSIDE_FUSES } from '../../../scripts/packaging/applyFuses';
import {
  missingBuild,
  packageUnpacked,
  projectRoot,
  writeStandInElectron,
  type PackageRun,
} from './standInElectron';

const PACKAGING_TIMEOUT_MS = 180_000;

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

async function expectRingsideFuses(binary: string): Promise<void> {
  const wire = await getCurrentFuseWire(binary);
  for (const [fuse, enabled] of Object.entries(RINGSIDE_FUSES)) {
    expect(wire[Number(fuse) as FuseV1Options], FuseV1Options[Number(fuse)]).toBe(
      enabled ? FuseState.ENABLE : FuseState.DISABLE,
    );
  }
}

const buildProblem = missingBuild();

describe.skipIf(buildProblem !== null)('the unpacked package, made with a stand-in Electron', () => {
  let work: string;
  let run: PackageRun;
  let asarFiles: string[];

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'ringside-package-'));
    run = packageUnpacked({
      electronDist: writeStandInElectron(join(work, 'electron')),
      output: join(work, 'dist'),
    });
    if (run.status !== 0) throw new Error(`electron-builder failed:\n${run.output}`);
    asarFiles = listPackage(join(run.appOutDir, 'resources', 'app.asar'), { isPack: false }).map((file) =>
      file.split(sep).join('/').replace(/^\//, ''),
    );
  }, PACKAGING_TIMEOUT_MS);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds the built app, package.json and the icons the app shows', () => {
    for (const file of [
      'package.json',
      'out/main/index.js',
      'out/main/browserHost.js',
      'out/main/detailWriterWorker.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'resources/icon.png',
      'resources/tray.png',
      'resources/tray@2x.png',
      'resources/trayTemplate.png',
      'resources/trayTemplate@2x.png',
    ]) {
      expect(asarFiles, file).toContain(file);
    }
    // The demo PBX ships: it is the first run's default.
    expect(asarFiles.some((file) => /^out\/main\/chunks\/demo-pbx-[\w-]+\.js$/.test(file))).toBe(true);
  });

  it('holds the production dependencies, and none of the development ones', () => {
    for (const dependency of [
      'better-sqlite3',
      'keytar',
      'fastify',
      '@faker-js/faker',
      'zod',
      'electron-log',
    ]) {
      expect(asarFiles, dependency).toContain(`node_modules/${dependency}/package.json`);
    }
    for (const development of [
      'electron',
      'vite',
      'vitest',
      'svelte',
      'electron-builder',
      '@electron/fuses',
    ]) {
      expect(asarFiles, development).not.toContain(`node_modules/${development}/package.json`);
    }
  });

  it('leaves out sources, tests, docs, bench, fixtures, source maps and build leftovers', () => {
    const outside = asarFiles.filter(
      (file) =>
        !file.startsWith('node_modules/') && !file.startsWith('out/') && !file.startsWith('resources/'),
    );
    expect(outside.filter((file) => file.includes('.'))).toEqual(['package.json']);
    for (const folder of ['src-main/', 'src-renderer/', 'test/', 'docs/', 'scripts/', 'reports/']) {
      expect(
        asarFiles.filter((file) => file.startsWith(folder)),
        folder,
      ).toEqual([]);
    }
    expect(asarFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(
      asarFiles.filter((file) => /\.(ts|md|c|cc|cpp|h|gyp)$/.test(file) && !file.endsWith('.d.ts')),
    ).toEqual([]);
    expect(asarFiles.filter((file) => file.startsWith('node_modules/better-sqlite3/deps/'))).toEqual([]);
    expect(
      asarFiles.filter(
        (file) => file.startsWith('resources/') && !file.endsWith('.png') && !file.endsWith('.ico'),
      ),
    ).toEqual([]);
  });

  it('unpacks the native modules, and only them, beside the archive', () => {
    const unpacked = filesUnder(join(run.appOutDir, 'resources', 'app.asar.unpacked'));
    expect(unpacked.length).toBeGreaterThan(0);
    expect(unpacked.every((file) => file.endsWith('.node'))).toBe(true);
    expect(unpacked).toContain('node_modules/keytar/build/Release/keytar.node');
    expect(unpacked).toContain(
      `node_modules/better-sqlite3/prebuilds/${process.platform}-${process.arch}.node`,
    );
    // Other platforms' binaries are not shipped.
    expect(unpacked.filter((file) => file.includes('/prebuilds/'))).toHaveLength(1);
  });

  it('names the Linux window after the desktop entry (desktopName), in the packaged package.json', () => {
    const manifest = JSON.parse(
      extractFile(join(run.appOutDir, 'resources', 'app.asar'), 'package.json').toString('utf8'),
    ) as { desktopName?: string; main: string };
    expect(manifest.desktopName).toBe('ringside.desktop');
    expect(manifest.main).toBe('out/main/index.js');
  });

  it('sets the fuses in the packaged binary (read back)', async () => {
    await expectRingsideFuses(join(run.appOutDir, 'ringside'));
  });
});

const electronDist = join(projectRoot, 'node_modules', 'electron', 'dist');
const realElectron = existsSync(join(electronDist, 'electron'))
  ? null
  : "Electron's binary is not installed (node_modules/electron/dist); `npx install-electron` downloads it where the network allows";

describe.skipIf(buildProblem !== null || realElectron !== null || process.platform !== 'linux')(
  'the unpacked package, made with the real Electron',
  () => {
    it(
      'has its fuses set in the real binary (read back)',
      async () => {
        const work = mkdtempSync(join(tmpdir(), 'ringside-package-real-'));
        try {
          const run = packageUnpacked({ electronDist, output: join(work, 'dist') });
          expect(run.status, run.output).toBe(0);
          await expectRingsideFuses(join(run.appOutDir, 'ringside'));
          expect(readFileSync(join(run.appOutDir, 'resources', 'app.asar')).length).toBeGreaterThan(0);
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      },
      PACKAGING_TIMEOUT_MS,
    );
  },
);

if (buildProblem) console.warn(`packaging tests skipped: ${buildProblem}`);
if (realElectron) console.warn(`real-binary fuse test skipped: ${realElectron}`);
