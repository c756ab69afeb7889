/**
 * A team server in its own process for a benchmark, composed as `npm run server` composes it
 * (composeTeamServer: the audit log file, the identity file, one agent session per signed-in agent with the
 * default settings, so each polls its calls every second), against the demo PBX at BENCH_PBX (another
 * process), serving the built renderer (out/renderer). Its CPU time and memory are its own.
 *
 * BENCH_SERVER_PLACE (`{ dataDirectory, port }`, optional) puts it on a port and data directory of the
 * caller's, which outlive it: a server started again there is the same server restarted.
 *
 * Talks over IPC: sends `{ type: 'listening', at }` once it listens (`at`: Date.now(), the clock every process
 * of the machine shares) and `{ type: 'ready', origin }` once its first directory sync has ended; `{ type: 'mint', usernames }` issues an
 * enrollment link per username and redeems it (EnrollmentLinks, the SessionStore: what `POST /auth/enroll`
 * does, without that route's per-address rate limit, which would allow 10 sign-ins from one address per 15
 * minutes) and answers the session tokens; `'sync'` runs one directory sync and answers how long it took and
 * the CPU time it cost; `'usage'` answers its resident set size, CPU time so far, and its
 * event-loop delay since the previous `'usage'` (perf_hooks.monitorEventLoopDelay); `'stop'` stops it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import '../../../src-main/shared/i18n/allCatalogues';
import { demoPbxProfile } from '../../../src-main/app/connection/connectionModeController';
import { nodeTransport } from '../../../src-main/app/connection/pbxTransport';
import { composeTeamServer } from '../../../src-main/server/composeTeamServer';
import { systemClock } from '../../../src-main/shared/clock';
import type { Logger } from '../../../src-main/shared/logger';
import type { DemoPbxUsage } from './demoPbxChild';

/** A port and data directory that outlive the server process (see BENCH_SERVER_PLACE). */
export interface TeamServerPlace {
  dataDirectory: string;
  port: number;
}

export interface TeamServerPbx {
  baseUrl: string;
  credentials: { clientId: string; clientSecret: string };
  country: string;
}

export interface TeamServerUsage extends DemoPbxUsage {
  /** V8's heap in use: the rest of the resident set is native (SQLite's page caches, buffers, code). */
  heapUsed: number;
  /** Event-loop delay since the previous usage, in milliseconds. */
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** Errors the server logged so far. */
  errors: number;
}

/** The first errors go to stderr (a bench that overloads the server should say how); the rest are counted. */
const SHOWN_ERRORS = 10;
let errors = 0;
const logger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error(message, ...details) {
    if (++errors <= SHOWN_ERRORS) console.error(`team server: ${message}`, ...details);
  },
};

const pbx = JSON.parse(process.env.BENCH_PBX ?? '{}') as TeamServerPbx;
const place = JSON.parse(process.env.BENCH_SERVER_PLACE ?? 'null') as TeamServerPlace | null;
const dataDirectory = place?.dataDirectory ?? mkdtempSync(join(tmpdir(), 'ringside-bench-server-'));
const running = await composeTeamServer({
  dataDirectory,
  pbx: demoPbxProfile(pbx),
  country: pbx.country,
  host: '127.0.0.1',
  port: place?.port ?? 0,
  rendererDirectory: fileURLToPath(new URL('../../../out/renderer', import.meta.url)),
  transport: nodeTransport,
  clock: systemClock,
  logger,
  build: {
    name: 'Ringside team server',
    version: '0.0.0-bench',
    platform: process.platform,
    versions: { node: process.versions.node },
  },
});
const { server } = running;
process.send!({ type: 'listening', at: Date.now() });
// The first sync reads the whole directory: the bench measures the server after it.
for (let waited = 0; running.pbx.directorySync.status().lastCompletedAt === null; waited += 100) {
  if (waited > 120_000) throw new Error('the first directory sync did not end within two minutes');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const eventLoop = monitorEventLoopDelay({ resolution: 10 });
eventLoop.enable();

function mint(usernames: readonly string[]): { username: string; token: string }[] {
  return usernames.map((username) => {
    const { url } = server.enrollment.issue(username, 'bench');
    const redeemed = server.enrollment.redeem(new URL(url).hash.slice(1), 'bench agent');
    if (!redeemed.ok) throw new Error(`the enrollment link for ${username} was refused: ${redeemed.reason}`);
    return { username, token: redeemed.token };
  });
}

process.send!({ type: 'ready', origin: server.origin });
/** One directory sync now, as an administrator's `sync:run` starts it; answers when it has ended. */
async function syncOnce(): Promise<{ ms: number; cpuMicros: number }> {
  const startedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  running.pbx.directorySync.run();
  await running.pbx.directorySync.idle();
  const cpu = process.cpuUsage(cpuBefore);
  return { ms: performance.now() - startedAt, cpuMicros: cpu.user + cpu.system };
}

process.on('message', async (message: string | { type: 'mint'; usernames: string[] }) => {
  if (typeof message === 'object' && message.type === 'mint') {
    process.send!({ type: 'minted', sessions: mint(message.usernames) });
  }
  if (message === 'sync') process.send!({ type: 'synced', ...(await syncOnce()) });
  if (message === 'usage') {
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    const usage: TeamServerUsage = {
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      cpuMicros: cpu.user + cpu.system,
      eventLoopP99Ms: eventLoop.percentile(99) / 1e6,
      eventLoopMaxMs: eventLoop.max / 1e6,
      errors,
    };
    eventLoop.reset();
    process.send!({ type: 'usage', ...usage });
  }
  if (message === 'stop') {
    await running.stop();
    if (!place) rmSync(dataDirectory, { recursive: true, force: true });
    process.exit(0);
  }
});
