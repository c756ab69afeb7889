/**
 * The desktop app as a team server's client (docs/performance.md, "A team server's client"): a real team server
 * in a process of its own (support/teamServerChild.ts, composed as `npm run server` composes it) against the
 * demo PBX in another, and in this process the client the desktop app runs, RemoteCore (src-main/remote/),
 * signed in as one agent, over the real WebSocket.
 *
 * - Command round trip client → team server → demo PBX: `directory:personActivity`, which the server answers
 *   with exactly one PBX request (GET /crm/person/{id}). Its limit: that same request made straight to the
 *   demo PBX by a PbxClient of this process, interleaved with the remote ones so both see the same load.
 *   Goal ≤ 2× at p95: the remote path adds a WebSocket hop on this machine, the server's policy check and the
 *   result's serialisation twice; on a real network it is the hop between the agent and the server that
 *   counts, and this ratio keeps what Ringside adds on top of the PBX request from growing unnoticed.
 * - Reconnect to current state after a server restart (the same port and data directory; the demo PBX, on a
 *   clock that stands still, and the agent's call go on, and the call is put on hold or resumed at the PBX
 *   while the server is down): from the server listening again to the client having the call in its new
 *   state (the resync's `calls:changed`, or the server's own once its poll has run). Its limit is the
 *   reconnect backoff's own cap (TEAM_SERVER_RECONNECT.maxMs, 1.5 s: the longest the client may be waiting
 *   when the server comes back); the goal is 2 s, a ratio of 1.33.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PbxClient } from '../../src-main/api';
import { nodeTransport } from '../../src-main/app/connection/pbxTransport';
import { MemorySettingsStore, SettingsRepository } from '../../src-main/app/settings/settingsRepository';
import { defaultSettings } from '../../src-main/app/settings/settingsSchema';
import { RemoteCore, type RemoteCredential } from '../../src-main/remote';
import { cookieSettingsFor } from '../../src-main/server/identity/sessionCookies';
import { systemClock } from '../../src-main/shared/clock';
import type { CallView } from '../../src-main/shared/contract';
import { silentLogger } from '../../src-main/shared/logger';
import { TEAM_SERVER_RECONNECT } from '../../src-main/shared/reconnectDelay';
import type { Report } from './run';
import { accessToken, startDemoPbxProcess, type DemoPbxReady } from './support/demoPbxChild';
import { percentile } from './support/percentile';
import { startTeamServerProcess, type TeamServerProcess } from './support/teamServerChild';
import type { TeamServerPlace } from './support/teamServerProcess';

const ROUND_TRIPS = Number(process.env.RINGSIDE_BENCH_REMOTE_ROUND_TRIPS ?? 600);
const RESTARTS = Number(process.env.RINGSIDE_BENCH_REMOTE_RESTARTS ?? 10);
const WARM_UP = 30;
/** Persons read in turn (the demo directory has more). */
const PERSONS = 50;
const ROUND_TRIP_GOAL = 2;
const CURRENT_STATE_GOAL_MS = 2_000;
/** The 2 s over the backoff's 1.5 s cap. */
const CURRENT_STATE_GOAL_RATIO = 1.33;
const WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** `state`: what to say beside a timeout, so a failed run tells where it stood. */
async function waitFor<T>(what: string, check: () => T | undefined, state = () => ''): Promise<T> {
  for (let waited = 0; waited < WAIT_MS; waited += 10) {
    const found = check();
    if (found !== undefined) return found;
    await sleep(10);
  }
  throw new Error(`remote bench: ${what} did not happen within ${WAIT_MS / 1000} s ${state()}`);
}

/** The agent's calls as the client received them, each delivery with when (Date.now()). */
interface CallsSeen {
  at: number;
  calls: CallView[];
}

function remoteCore(credential: RemoteCredential): RemoteCore {
  const settings = new SettingsRepository({
    store: new MemorySettingsStore(),
    defaults: defaultSettings(),
    logger: silentLogger,
  });
  return new RemoteCore({ credential, clock: systemClock, logger: silentLogger, settings });
}

/** A request to the demo PBX's own API (call control, the control interface), as the agent's desk phone. */
async function pbxRequest(url: string, method: string, token: string, body: unknown): Promise<string> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: boolean; data?: unknown; error?: string };
  if (!answer.success) throw new Error(`${method} ${url}: ${answer.error ?? response.status}`);
  return JSON.stringify(answer.data ?? null);
}

async function measureRoundTrip(report: Report, core: RemoteCore, direct: PbxClient): Promise<void> {
  const remote: number[] = [];
  const straight: number[] = [];
  for (let round = 0; round < WARM_UP + ROUND_TRIPS; round++) {
    const id = 1 + (round % PERSONS);
    let startedAt = performance.now();
    const result = await core.invoke('directory:personActivity', { id });
    const remoteMs = performance.now() - startedAt;
    if (!result.ok) throw new Error(`directory:personActivity failed: ${result.error.message}`);
    startedAt = performance.now();
    await direct.persons.get(id);
    const directMs = performance.now() - startedAt;
    if (round < WARM_UP) continue;
    remote.push(remoteMs);
    straight.push(directMs);
  }
  const [remoteSorted, directSorted] = [sorted(remote), sorted(straight)];
  report('remote_round_trip_p50', percentile(remoteSorted, 50), 'ms');
  report('remote_round_trip_p95', percentile(remoteSorted, 95), 'ms');
  report('remote_round_trip_direct_pbx_p50', percentile(directSorted, 50), 'ms');
  report('remote_round_trip_direct_pbx_p95', percentile(directSorted, 95), 'ms');
  report.ratio('remote_round_trip_p95', percentile(remoteSorted, 95), percentile(directSorted, 95), 'ms', {
    atMost: ROUND_TRIP_GOAL,
  });
}

interface Restarts {
  server: TeamServerProcess;
  start(): Promise<TeamServerProcess>;
  core: RemoteCore;
  seen: CallsSeen[];
  /** When the link said hello again after each restart (Date.now()). */
  hellos: number[];
  /** Puts the agent's call on hold or resumes it at the PBX; the state the client should then show. */
  toggle(round: number): Promise<CallView['state']>;
  uniqueid: string;
}

/** Restarts the server `RESTARTS` times; the server running at the end (for the caller to stop). */
async function measureRestarts(report: Report, run: Restarts): Promise<TeamServerProcess> {
  const times: number[] = [];
  const toHello: number[] = [];
  let server = run.server;
  for (let round = 0; round < RESTARTS; round++) {
    await server.stop();
    await waitFor('the client noticing the stop', () =>
      run.core.linkStatus === 'reconnecting' ? true : undefined,
    );
    const state = await run.toggle(round);
    const from = run.seen.length;
    const hellosBefore = run.hellos.length;
    server = await run.start();
    const current = await waitFor(
      `the call ${state} at the client after restart ${round + 1}`,
      () =>
        run.seen
          .slice(from)
          .find(({ calls }) => calls.some((call) => call.uniqueid === run.uniqueid && call.state === state)),
      () =>
        `(link ${run.core.linkStatus}, ${run.hellos.length - hellosBefore} hellos since, calls seen since: ${JSON.stringify(
          run.seen.slice(from).map(({ calls }) => calls.map((call) => `${call.uniqueid} ${call.state}`)),
        )})`,
    );
    times.push(current.at - server.listenedAt);
    const hello = run.hellos[hellosBefore];
    if (hello !== undefined) toHello.push(hello - server.listenedAt);
  }
  const ordered = sorted(times);
  // Where the time goes: the backoff's wait and the hello, then the server's first poll of the PBX.
  if (toHello.length > 0) report('remote_reconnect_to_hello_p50', percentile(sorted(toHello), 50), 'ms');
  report('remote_reconnect_to_current_state_p50', percentile(ordered, 50), 'ms');
  report(
    'remote_reconnect_to_current_state_p95',
    percentile(ordered, 95),
    'ms',
    `≤ ${CURRENT_STATE_GOAL_MS} ms`,
  );
  report('remote_reconnect_to_current_state_max', ordered.at(-1)!, 'ms');
  report.ratio(
    'remote_reconnect_to_current_state_p95',
    percentile(ordered, 95),
    TEAM_SERVER_RECONNECT.maxMs,
    'ms',
    { atMost: CURRENT_STATE_GOAL_RATIO },
  );
  return server;
}

/** An inbound call rings the agent's phone and is answered there: the call that goes on across restarts. */
async function answeredCall(ready: DemoPbxReady, token: string, extension: string): Promise<string> {
  const started = JSON.parse(
    await pbxRequest(`${ready.authUrl}/_sim/calls/inbound`, 'POST', token, {
      to: { extension },
      from: '+420 602 555 101',
    }),
  ) as { uniqueid: string };
  await pbxRequest(`${ready.baseUrl}/call`, 'PATCH', token, { extension, state: 'answer' });
  return started.uniqueid;
}

export default async function (report: Report): Promise<void> {
  // The simulated clock stands still: the call goes on for as long as the restarts take (on the real clock
  // the far end hangs up after 25–150 s).
  const pbx = await startDemoPbxProcess({ persons: 200, clock: { mode: 'manual' } });
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ringside-bench-remote-'));
  const serverPbx = {
    baseUrl: pbx.ready.baseUrl,
    credentials: pbx.ready.credentials,
    country: pbx.ready.country,
  };
  const transport = nodeTransport.open({ baseUrl: pbx.ready.baseUrl, trustedCertificatePem: null });
  let server: TeamServerProcess | undefined;
  let core: RemoteCore | undefined;
  try {
    const [agent] = await pbx.phoneUsers();
    if (!agent) throw new Error('remote bench: the demo PBX has no user with a registered phone');
    server = await startTeamServerProcess(serverPbx, { dataDirectory, port: 0 });
    const place: TeamServerPlace = { dataDirectory, port: Number(new URL(server.origin).port) };
    const [session] = await server.mint([agent.username]);
    const sessionName = cookieSettingsFor(server.origin).sessionName;
    core = remoteCore({ origin: server.origin, cookie: `${sessionName}=${session!.token}` });
    const seen: CallsSeen[] = [];
    const hellos: number[] = [];
    core.onLinkStatus((status) => {
      if (status === 'connected') hellos.push(Date.now());
    });
    core.subscribe((channel, payload) => {
      if (channel === 'calls:changed') seen.push({ at: Date.now(), calls: payload as CallView[] });
    });
    await core.start();
    const client = core;
    await waitFor('the first hello', () => (client.linkStatus === 'connected' ? true : undefined));

    const direct = new PbxClient({
      baseUrl: pbx.ready.baseUrl,
      clientId: pbx.ready.credentials.clientId,
      clientSecret: pbx.ready.credentials.clientSecret,
      fetch: transport.fetch,
      clock: systemClock,
      logger: silentLogger,
    });
    await measureRoundTrip(report, core, direct);

    const token = await accessToken(pbx.ready);
    const uniqueid = await answeredCall(pbx.ready, token, agent.extension);
    await waitFor('the answered call at the client', () =>
      seen.find(({ calls }) =>
        calls.some((call) => call.uniqueid === uniqueid && call.state === 'connected'),
      ),
    );
    server = await measureRestarts(report, {
      server,
      start: async () => (server = await startTeamServerProcess(serverPbx, place)),
      core,
      seen,
      hellos,
      uniqueid,
      async toggle(round) {
        const hold = round % 2 === 0;
        await pbxRequest(`${pbx.ready.baseUrl}/call`, 'PATCH', token, {
          extension: agent.extension,
          state: hold ? 'held' : 'resumed',
        });
        return hold ? 'held' : 'connected';
      },
    });
  } finally {
    await core?.dispose();
    await server?.stop();
    await transport.close();
    pbx.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}
