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
import { WebSocket, type MessageEvent } from 'undici';
import { BROWSER_HOST_NODE_FLAGS } from '../../scripts/launcher/index.mjs';
import { AppCore } from '../../src-main/app/appCore';
import { systemClock } from '../../src-main/shared/clock';
import { silentLogger } from '../../src-main/shared/logger';
import { WS_PATH } from '../../src-main/shared/wsProtocol';
import { signIn, startTestHost, type TestHost } from '../unit/web/browserHostFixture';
import type { Report } from './run';
import { startBareWebSocketEcho } from './support/bareWebSocketEcho';
import { percentile } from './support/percentile';

const ROUND_TRIPS = 5_000;
const WARM_UP = 500;
/** The app's and the bare echo's round trips are measured in this many alternating turns. */
const TURNS = 5;
const STARTS = 3;
/** Long enough for the demo PBX's first directory sync to finish on two busy cores. */
const SETTLE_MS = 15_000;
const browserHostPath = fileURLToPath(new URL('../../out/main/browserHost.js', import.meta.url));

/**
 * Milliseconds of each of `count` round trips after `warmUp` ones over an open socket, sorted: message `n`
 * sent as soon as the answer to `n - 1` arrived; `isAnswer` picks the answer out of the frames received.
 */
async function roundTripTimes(
  socket: WebSocket,
  message: (id: number) => string,
  isAnswer: (frame: { type?: string; id?: number }, id: number) => boolean,
  { warmUp, count }: { warmUp: number; count: number },
): Promise<number[]> {
  let waiting: { id: number; resolve: () => void } | undefined;
  const onMessage = (event: MessageEvent) => {
    const frame = JSON.parse(String(event.data)) as { type?: string; id?: number };
    if (waiting && isAnswer(frame, waiting.id)) waiting.resolve();
  };
  socket.addEventListener('message', onMessage);
  const samples: number[] = [];
  try {
    for (let id = 1; id <= warmUp + count; id++) {
      const started = performance.now();
      await new Promise<void>((resolve) => {
        waiting = { id, resolve };
        socket.send(message(id));
      });
      if (id > warmUp) samples.push(performance.now() - started);
    }
  } finally {
    socket.removeEventListener('message', onMessage);
  }
  return samples.sort((a, b) => a - b);
}

const invoke = (id: number) => JSON.stringify({ type: 'invoke', id, channel: 'app:info' });
const isResult = (frame: { type?: string; id?: number }, id: number) =>
  frame.type === 'result' && frame.id === id;

/**
 * A signed-in tab's socket as openTab (the tests' fixture) opens it, without the fixture's own listener,
 * which would parse every frame a second time and count against the host.
 */
async function signedInSocket(test: TestHost): Promise<WebSocket> {
  const session = await signIn(test);
  const socket = new WebSocket(`ws://${test.authority}${WS_PATH}`, {
    headers: { cookie: session.cookie, origin: `http://${test.authority}` },
  });
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  const hello = new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }));
  socket.send(JSON.stringify({ type: 'auth', key: session.pageKey }));
  await hello;
  return socket;
}

/** The round trip through the real browser host and AppCore, and through a bare echo server beside it. */
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
  const echo = await startBareWebSocketEcho();
  try {
    const tab = await signedInSocket(test);
    const bareSocket = new WebSocket(echo.url);
    await new Promise((resolve) => bareSocket.addEventListener('open', resolve, { once: true }));
    // In turns, so a change in the machine's speed during the run weighs on both alike.
    const app: number[] = [];
    const bare: number[] = [];
    for (let turn = 0; turn < TURNS; turn++) {
      const options = { warmUp: turn === 0 ? WARM_UP : 0, count: ROUND_TRIPS / TURNS };
      app.push(...(await roundTripTimes(tab, invoke, isResult, options)));
      bare.push(...(await roundTripTimes(bareSocket, invoke, (frame, id) => frame.id === id, options)));
    }
    app.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    report('browser-host ws round trip p50', percentile(app, 50) * 1000, 'µs');
    report('browser-host ws round trip p95', percentile(app, 95) * 1000, 'µs', '< 2000 µs');
    report.ratio(
      'browser_host_ws_round_trip_p95',
      percentile(app, 95) * 1000,
      percentile(bare, 95) * 1000,
      'µs',
      {
        atMost: 2,
      },
    );
    bareSocket.close();
    tab.close();
  } finally {
    await echo.close();
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
  const child = spawn(
    process.execPath,
    [...BROWSER_HOST_NODE_FLAGS, browserHostPath, '--no-open', '--port', '0'],
    {
      env: { ...process.env, RINGSIDE_USER_DATA: profile },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
