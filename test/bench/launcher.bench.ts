/**
 * From `npm start` to the browser host's URL on the terminal, the build included, as a newcomer without
 * Electron's binary meets it: the launcher builds, finds no display (or no binary), and serves the browser
 * host. Run offline here, so Electron's installer is not even reached (no display) — the figure is the build
 * plus the browser host's start.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from './run';

const URL_LINE = /^http:\/\/127\.0\.0\.1:\d+\/\?token=/m;
const LIMIT_MS = 60_000;

function timeToUrl(profile: string): Promise<number> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['scripts/launcher/start.mjs', '--browser', '--no-open', '--port', '47399'],
    {
      env: { ...process.env, RINGSIDE_USER_DATA: profile, DISPLAY: '', WAYLAND_DISPLAY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  return new Promise<number>((resolve, reject) => {
    let output = '';
    const limit = setTimeout(() => finish(new Error(`no URL within ${LIMIT_MS} ms:\n${output}`)), LIMIT_MS);
    const finish = (outcome: number | Error) => {
      clearTimeout(limit);
      // The launcher and its browser host form one process group: stop both.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      child.once('exit', () => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
      if (child.exitCode !== null) child.emit('exit');
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (URL_LINE.test(output)) finish(performance.now() - started);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', (error) => finish(error));
  });
}

export default async function (report: Report): Promise<void> {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const profile = mkdtempSync(join(tmpdir(), 'ringside-bench-launch-'));
    try {
      times.push(await timeToUrl(profile));
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  }
  times.sort((a, b) => a - b);
  report(
    'npm start to browser-host URL, build included, offline (median of 3)',
    times[1]!,
    'ms',
    '< 10000 ms',
  );
}
