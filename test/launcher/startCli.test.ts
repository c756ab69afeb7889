/**
 * `node scripts/launcher/start.mjs` as `npm start` runs it, with a stand-in browser host
 * ($RINGSIDE_BROWSER_HOST): arguments passed on, exit codes, Ctrl+C, and its messages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  launcherEntry,
  offlineEnv,
  projectRoot,
  readRecord,
  standInBrowserHost,
  temporaryDirectories,
} from './support/standIns';

/** Each run starts two Node processes; on a busy machine that alone can take seconds. */
const RUN_TIMEOUT_MS = 20_000;

const directories = temporaryDirectories();
const running = new Set<ChildProcess>();
afterEach(() => {
  // A test that failed early leaves its launcher running: SIGTERM reaches the stand-in through it.
  for (const child of running) child.kill('SIGTERM');
  running.clear();
  directories.removeAll();
});

interface Run {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the launcher; `whenListening` is called once the stand-in browser host says it listens. */
function runLauncher(args: string[], env: Record<string, string>, whenListening?: (pid: number) => void) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, [launcherEntry, ...args], { cwd: projectRoot, env });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (whenListening && stdout.includes('listening\n')) {
        whenListening(child.pid!);
        whenListening = undefined;
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (exitCode) => {
      running.delete(child);
      resolve({ exitCode, stdout, stderr });
    });
  });
}

function browserHostScene(extra: Record<string, string> = {}) {
  const directory = directories.make('cli');
  const record = join(directory, 'record.json');
  const env = offlineEnv({
    RINGSIDE_BROWSER_HOST: standInBrowserHost(directory),
    STAND_IN_RECORD: record,
    ...extra,
  });
  return { env, record };
}

describe.skipIf(process.platform === 'win32')(
  'npm start (the launcher as a command)',
  { timeout: RUN_TIMEOUT_MS },
  () => {
    it('--browser starts the browser host with the other arguments, and exits with its code', async () => {
      const { env, record } = browserHostScene({ STAND_IN_EXIT_CODE: '7' });
      const run = await runLauncher(
        ['--browser', '--skip-build', '--port', '4567', '--host=0.0.0.0', 'extra'],
        env,
      );
      expect(run.exitCode).toBe(7);
      expect(readRecord(record).args).toEqual(['--port', '4567', '--host', '0.0.0.0', 'extra']);
      expect(run.stdout).toContain('Starting Ringside in the browser');
      // Asked for: no fallback paragraph.
      expect(run.stderr).toBe('');
    });

    it.each([
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const)('passes %s on to the running host and exits with its code', async (signal, code) => {
      const { env, record } = browserHostScene({ STAND_IN_WAIT: '1' });
      const run = await runLauncher(['--browser', '--skip-build'], env, (pid) => process.kill(pid, signal));
      expect(readRecord(record).signals).toEqual([signal]);
      expect(run.exitCode).toBe(code);
    });

    it.skipIf(process.platform !== 'linux')(
      'without a display, says so and starts the browser host, without trying Electron',
      async () => {
        const { env, record } = browserHostScene();
        delete env['DISPLAY'];
        const run = await runLauncher(['--skip-build', '--port', '4567'], env);
        expect(run.exitCode).toBe(0);
        expect(run.stderr.replace(/\n/g, ' ')).toContain('neither DISPLAY nor WAYLAND_DISPLAY is set');
        expect(run.stdout).not.toContain('installer');
        expect(readRecord(record).args).toEqual(['--port', '4567']);
      },
    );

    it('says clearly that the browser host is not built, and fails', async () => {
      const { env } = browserHostScene({
        RINGSIDE_BROWSER_HOST: join(projectRoot, 'out', 'main', 'noSuchHost.js'),
      });
      const run = await runLauncher(['--browser', '--skip-build'], env);
      expect(run.exitCode).toBe(1);
      expect(run.stderr.replace(/\n/g, ' ')).toContain(
        'the browser host (out/main/noSuchHost.js) is not part of this build yet',
      );
    });

    it('refuses an option without its value, with the usage', async () => {
      const { env } = browserHostScene();
      const run = await runLauncher(['--browser', '--port'], env);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain('--port needs a value');
      expect(run.stderr).toContain('Usage: npm start --');
    });
  },
);
