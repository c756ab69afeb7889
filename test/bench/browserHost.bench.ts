/**
 * Browser host figures:
 * - a command's round trip over the WebSocket (`app:info` of a real AppCore through the shared dispatcher),
 *   p50 and p95 on loopback, one tab sending the next invoke as soon as the last is answered;
 * - from `node out/main/browserHost.js --no-open` being spawned to the URL line on its stdout (a fresh
 *   profile: demo mode, so the embedded demo PBX starts right after; the launcher's build is not included);
 * - that process's resident memory when idle: just after the URL, and after the demo's first directory sync.
 * The spawned figures need the build: `npx electron-vite build` first.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppCore } from '../../src-main/app/appCore';
import { systemClock } from '../../src-main/shared/clock';
import { silentLogger } from '../../src-main/shared/logger';
import type { ServerFrame } from '../../src-main/shared/wsProtocol';
import { openTab, signIn, startTestHost } from '../unit/web/browserHostFixture';
import type { Report } from './run';
import { percentile } from './support/percentile';

const ROUND_TRIPS = 5_000;
const WARM_UP = 500;
const STARTS = 3;
/** Long enough for the demo PBX's first directory sync to finish on two busy cores. */
const SETTLE_MS = 15_000;
const browserHostPath = fileURLToPath(new URL('../../out/main/browserHost.js', import.meta.url));

async function roundTrips(report: Report): Promise<void> {
  const core = new AppCore({
    clock: systemClock,
    logger: silentLogger,
    build: {
      name: 'Ringside',
      version: 'bench',
      platform: process.platform,
      versions: { node: process.versions.node },
    },
  });
  const test = await startTestHost({ core });
  try {
    const tab = await openTab(test, await signIn(test));
    const samples: number[] = [];
    for (let id = 1; id <= WARM_UP + ROUND_TRIPS; id++) {
      const started = performance.now();
      tab.send(JSON.stringify({ type: 'invoke', id, channel: 'app:info' }));
      await tab.next((frame: ServerFrame) => frame.type === 'result' && frame.id === id);
      if (id > WARM_UP) samples.push(performance.now() - started);
      // The tab keeps every frame for the tests; the bench has no use for them.
      tab.frames.length = 0;
    }
    samples.sort((a, b) => a - b);
    report('browser-host ws round trip p50', percentile(samples, 50) * 1000, 'µs');
    report('browser-host ws round trip p95', percentile(samples, 95) * 1000, 'µs', '< 2000 µs');
    tab.close();
  } finally {
    await test.close();
    await core.dispose();
  }
}

/** Resident set size of `pid` in MB (Linux: /proc; elsewhere not measured). */
function residentMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface Started {
  msToUrl: number;
  stop(): Promise<number | null>;
  pid: number;
}

async function startProcess(profile: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, [browserHostPath, '--no-open', '--port', '0'], {
    env: { ...process.env, RINGSIDE_USER_DATA: profile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const msToUrl = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+\n/.test(stdout)) resolve(performance.now() - started);
    });
    void exited.then((code) =>
      reject(new Error(`the browser host exited (${code}) before its URL: ${stderr}`)),
    );
  });
  return {
    msToUrl,
    pid: child.pid!,
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function processFigures(report: Report): Promise<void> {
  if (!existsSync(browserHostPath)) {
    throw new Error(`${browserHostPath} is not built: run \`npx electron-vite build\` first`);
  }
  const times: number[] = [];
  for (let run = 1; run <= STARTS; run++) {
    const profile = mkdtempSync(join(tmpdir(), 'ringside-bench-profile-'));
    try {
      const host = await startProcess(profile);
      times.push(host.msToUrl);
      if (run === STARTS) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const afterStart = residentMb(host.pid);
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const afterSync = residentMb(host.pid);
        if (afterStart !== undefined) report('browser-host rss 1 s after the URL', afterStart, 'MB');
        if (afterSync !== undefined) report('browser-host rss idle after the first sync', afterSync, 'MB');
      }
      const code = await host.stop();
      if (code !== 0) throw new Error(`the browser host exited with ${code} on SIGTERM`);
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  }
  times.sort((a, b) => a - b);
  report('browser-host start to URL (median of 3)', percentile(times, 50), 'ms');
}

export default async function (report: Report): Promise<void> {
  await roundTrips(report);
  await processFigures(report);
}
