/**
 * The launcher's Electron step without the internet: Electron's own installer (a copy of the `electron`
 * package) downloads a stand-in release from a mirror on 127.0.0.1, and the launcher then runs it with the
 * app's path; a mirror that says 404, refuses connections or never answers leads, within 5 s, to the
 * fallback paragraph and the browser host.
 */
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronPlatformPath, launch, type LaunchSettings } from '../../scripts/launcher/index.mjs';
import { refusingMirrorUrl, startElectronMirror, type StandInMirror } from './support/electronMirror';
import {
  copyElectronPackage,
  electronVersion,
  offlineEnv,
  readRecord,
  standInApp,
  standInBrowserHost,
  standInElectronArchive,
  temporaryDirectories,
} from './support/standIns';

/** What an offline `npm start` may spend on a download that cannot work. */
const DOWNLOAD_BOUND_MS = 5000;
/** Each test starts several Node processes; on a busy machine that alone can take seconds. */
const TEST_TIMEOUT_MS = 20_000;

const directories = temporaryDirectories();
let mirror: StandInMirror | undefined;

afterEach(async () => {
  await mirror?.close();
  mirror = undefined;
  directories.removeAll();
});

/** A fresh copy of the `electron` package, a built app, stand-ins, and what the launcher says. */
function scene() {
  const root = directories.make('scene');
  const lines: string[] = [];
  /** When each line was said (ms since the epoch), by line. */
  const saidAt = new Map<string, number>();
  const say = (line: string) => {
    lines.push(line);
    saidAt.set(line, Date.now());
  };
  return {
    electronDir: copyElectronPackage(root),
    appRoot: standInApp(join(root, 'app')),
    browserHost: standInBrowserHost(root),
    electronRecord: join(root, 'electron-args.txt'),
    browserRecord: join(root, 'browser-host-args.json'),
    cache: directories.make('electron-cache'),
    lines,
    /** From "not installed yet" to the fallback paragraph: the time the Electron step took. */
    electronStepMs(): number {
      const said = (text: string) => [...saidAt].find(([line]) => line.includes(text))?.[1] ?? NaN;
      return said('could not be installed') - said('is not installed yet');
    },
    launch(env: Record<string, string>, args: string[] = ['--skip-build']) {
      const settings: LaunchSettings = {
        args,
        projectRoot: this.appRoot,
        env,
        electronDir: this.electronDir,
        browserHostPath: this.browserHost,
        stdio: 'ignore',
        signals: new EventEmitter(),
        isRoot: false,
        print: say,
        warn: say,
      };
      return launch(settings);
    },
  };
}

/** Starts a mirror holding a release whose "Electron" records its arguments. */
async function serveStandInRelease(current: ReturnType<typeof scene>) {
  const fileName = `electron-v${electronVersion}-${process.platform}-${process.arch}.zip`;
  const served = await startElectronMirror({
    kind: 'serve',
    version: electronVersion,
    fileName,
    archive: standInElectronArchive(current.electronRecord),
  });
  mirror = served;
  return { fileName, served };
}

function mirrorEnv(current: ReturnType<typeof scene>, mirrorUrl: string): Record<string, string> {
  return offlineEnv({
    ELECTRON_MIRROR: mirrorUrl,
    electron_use_remote_checksums: '1',
    electron_config_cache: current.cache,
    STAND_IN_RECORD: current.browserRecord,
  });
}

describe.skipIf(process.platform === 'win32')(
  'the launcher installs Electron with its own installer',
  { timeout: TEST_TIMEOUT_MS },
  () => {
    it('downloads the release from ELECTRON_MIRROR, then runs it on the app', async () => {
      const current = scene();
      const { fileName, served } = await serveStandInRelease(current);

      const exitCode = await current.launch(mirrorEnv(current, served.url));

      expect(current.lines.join('\n')).not.toMatch(/could not be installed/);
      expect(exitCode).toBe(0);
      // The remote checksums were used (electron_use_remote_checksums), so the installer asked for both files.
      expect(served.requests).toEqual(
        expect.arrayContaining([
          `GET /v${electronVersion}/${fileName}`,
          `GET /v${electronVersion}/SHASUMS256.txt`,
        ]),
      );
      const platformPath = electronPlatformPath(process.platform);
      expect(readFileSync(join(current.electronDir, 'path.txt'), 'utf8')).toBe(platformPath);
      const executable = join(current.electronDir, 'dist', platformPath);
      expect(statSync(executable).mode & 0o111).not.toBe(0);
      // `electron <app path>`: Electron loads that folder's package.json "main", the built out/main/index.js.
      expect(readFileSync(current.electronRecord, 'utf8').trim().split('\n')).toEqual([current.appRoot]);
      expect(current.lines).toContain('Starting Ringside (out/main/index.js) in Electron…');
      expect(existsSync(current.browserRecord)).toBe(false);
    });

    it('downloads through the proxy that HTTP_PROXY names', async () => {
      const current = scene();
      const { fileName, served } = await serveStandInRelease(current);
      // The mirror's host does not exist (.invalid): only the proxy can reach it.
      const env = { ...mirrorEnv(current, 'http://electron-mirror.invalid/'), HTTP_PROXY: served.url };

      expect(await current.launch(env)).toBe(0);
      // Electron's installer could reach the mirror only through a tunnel of the proxy.
      expect(served.requests).toContain('CONNECT electron-mirror.invalid:80');
      expect(served.requests).toEqual(
        expect.arrayContaining([
          `GET /v${electronVersion}/${fileName}`,
          `GET /v${electronVersion}/SHASUMS256.txt`,
        ]),
      );
      expect(readFileSync(current.electronRecord, 'utf8').trim()).toBe(current.appRoot);
    });

    it('runs Electron without downloading again once it is installed', async () => {
      const current = scene();
      const { served } = await serveStandInRelease(current);
      const env = mirrorEnv(current, served.url);
      expect(await current.launch(env)).toBe(0);
      const requestsAfterInstall = served.requests.length;

      expect(await current.launch(env)).toBe(0);
      expect(served.requests).toHaveLength(requestsAfterInstall);
      expect(current.lines.filter((line) => line.includes('not installed yet'))).toHaveLength(1);
    });
  },
);

describe.skipIf(process.platform === 'win32')(
  'when Electron cannot be had, the browser host starts',
  { timeout: TEST_TIMEOUT_MS },
  () => {
    async function expectBrowserFallback(
      current: ReturnType<typeof scene>,
      env: Record<string, string>,
      problem: RegExp,
    ): Promise<void> {
      const exitCode = await current.launch(env, ['--skip-build', '--port', '4567', '--host', '127.0.0.1']);

      expect(exitCode).toBe(0);
      expect(current.electronStepMs()).toBeLessThan(DOWNLOAD_BOUND_MS);
      const paragraph = current.lines.find((line) => line.includes('could not be installed')) ?? '';
      expect(paragraph).toMatch(problem);
      for (const remedy of ['HTTPS_PROXY', 'ELECTRON_MIRROR', '`npx install-electron`']) {
        expect(paragraph).toContain(remedy);
      }
      expect(paragraph.split('\n\n')).toHaveLength(1);
      expect(readRecord(current.browserRecord).args).toEqual(['--port', '4567', '--host', '127.0.0.1']);
      // Run with the memory option that keeps a demo start under 150 MB.
      expect(readRecord(current.browserRecord).nodeOptions).toEqual(['--max-semi-space-size=2']);
      expect(existsSync(join(current.electronDir, 'path.txt'))).toBe(false);
    }

    it('the mirror answers 404', async () => {
      const current = scene();
      mirror = await startElectronMirror({ kind: 'not-found' });
      await expectBrowserFallback(current, mirrorEnv(current, mirror.url), /answered HTTP 404/);
    });

    it('the mirror refuses the connection', async () => {
      const current = scene();
      await expectBrowserFallback(
        current,
        mirrorEnv(current, await refusingMirrorUrl()),
        /refused the connection/,
      );
    });

    it('the mirror never answers: the installer is stopped', async () => {
      const current = scene();
      mirror = await startElectronMirror({ kind: 'silent' });
      await expectBrowserFallback(current, mirrorEnv(current, mirror.url), /did not answer within 2 s/);
      expect(current.lines.join('\n')).toMatch(/the installer\s+gave up after 3\.\d s/);
    });
  },
);
