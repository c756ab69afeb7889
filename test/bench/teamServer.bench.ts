/**
 * The team server under many agents (docs/team-server.md, "Capacity (measured)"): a real team server in a
 * process of its own (support/teamServerProcess.ts, composed as `npm run server` composes it) against the
 * demo PBX in another (600 back-office staff, so 500 and more users have a registered phone; each is made a
 * member of two inbound queues through the PBX API, support/queueMembers.ts), and simulated agents in this
 * process: each signed in through an enrollment link, with the app page's key and a WebSocket of the browser
 * host's protocol open, as a browser keeps it. Every agent's session polls its calls every second (the
 * default setting) and watches its queues.
 *
 * Agents join in stages (1, then 100, then 500; RINGSIDE_BENCH_TEAM_AGENTS="1,100,500" to choose). At each
 * stage, after the joins settle, one measurement window (RINGSIDE_BENCH_TEAM_WINDOW_S, default 40 s) in which
 * inbound calls ring at the agents' phones (one at a time at one agent, four at a time otherwise) and:
 * - the server's CPU time and resident set size per agent (its RSS beyond its own before any agent joined;
 *   and per agent added since one agent), and its event-loop delay (p99, max; monitorEventLoopDelay in the
 *   server);
 * - screen-pop latency: from the request that starts a ringing call at the demo PBX to that agent's socket
 *   receiving `screenpop:show`; p95 at the most agents within 100 ms of p95 at one is the goal;
 * - requests the demo PBX served, by path, per agent-hour: the directory's (what the agents read in the window,
 *   plus one sync run, counted after the window, at the server's schedule: a run every 15 minutes after the
 *   previous one ended) and the queues' (GET /queues, /queue/{id}, /queues/agents, in the window); the goal
 *   is that the per-agent share falls as 1/N (the sync and, once it is shared, the queue reading are read
 *   once for the whole server);
 * - presence latency (from two agents on): from the call's start to a colleague's socket receiving
 *   `presence:changed` naming the ringing agent; goal one call-poll interval + 100 ms. A server that does not
 *   serve presence (`presence:list` refused or `available: false`) gets a line saying so.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Report } from './run';
import { accessToken, startDemoPbxProcess, type DemoPbxProcess } from './support/demoPbxChild';
import { percentile } from './support/percentile';
import { joinInboundQueues } from './support/queueMembers';
import { DEFAULT_SYNC_INTERVAL_MS } from '../../src-main/app/directory/syncScheduler';
import { defaultSettings } from '../../src-main/app/settings/settingsSchema';
import { requestsOf, type PbxReading } from './support/requestPaths';
import { ringMany, type CallTiming } from './support/ringingCalls';
import { closeAgents, joinAgents, type SimulatedAgent } from './support/simulatedAgents';
import { startTeamServerProcess, type TeamServerProcess } from './support/teamServerChild';
import type { TeamServerUsage } from './support/teamServerProcess';

const STAGES = (process.env.RINGSIDE_BENCH_TEAM_AGENTS ?? '1,100,500').split(',').map(Number);
const WINDOW_MS = Number(process.env.RINGSIDE_BENCH_TEAM_WINDOW_S ?? 40) * 1000;
/** The agents' call-poll interval: the default setting (1 s), which the simulated agents keep. */
const POLL_INTERVAL_MS = defaultSettings().pollIntervalMs;
/** Back-office users of the demo PBX, each with a phone (about 85 % of them registered). */
const STAFF = 600;
const CALLS_PER_STAGE = 40;
const CALLS_AT_ONCE = 4;
/** After the joins: the new agents' first polls and reads are not the steady state. */
const SETTLE_MS = 5000;
const POP_BUDGET_MS = 100;
const PRESENCE_BUDGET_MS = POLL_INTERVAL_MS + 100;
const HOUR_MS = 3_600_000;
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StageFigures {
  /** The agents the stage is named for, and those it measured. */
  stage: number;
  agents: number;
  /** The server's CPU time per second of the window, and its resident set size at the end. */
  cpuMsPerSecond: number;
  rss: number;
  popsMs: number[];
  missedPops: number;
  presenceMs: number[];
  missedPresence: number;
  /** PBX requests per agent-hour, by reading. */
  perAgentHour: Record<PbxReading, number>;
}

/** Whether the server serves colleagues' presence, asked as the page asks; the reason when it does not. */
async function presenceServed(observer: SimulatedAgent): Promise<string | null> {
  const answer = await observer.socket.invoke('presence:list').catch(() => undefined);
  if (!answer) return 'presence:list got no answer';
  if (!answer.ok) return `presence:list refused: ${answer.error?.code ?? 'no code'}`;
  return (answer.value as { available?: boolean }).available ? null : 'presence:list says available: false';
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const defined = (values: (number | undefined)[]) => values.filter((value) => value !== undefined);

/** `stage`: the agents the stage is named for; `agents`: those served (fewer when the server refused some). */
async function measureStage(
  report: Report,
  stage: number,
  agents: readonly SimulatedAgent[],
  server: TeamServerProcess,
  pbx: DemoPbxProcess,
  baselineRss: number,
): Promise<StageFigures> {
  const n = agents.length;
  const observer = n > 1 ? agents[0] : undefined;
  const unavailable = observer ? await presenceServed(observer) : 'one agent has no colleague';
  if (observer && unavailable) console.log(`presence: not available on this server (${unavailable})`);
  const targets = observer ? agents.slice(1) : agents;

  await sleep(SETTLE_MS);
  pbx.resetRequests();
  await server.usage(); // restarts the event-loop histogram
  const before = await server.usage();
  const pbxBefore = await pbx.usage();
  // The agents' own process: a pop that waits here is this process's delay, not the server's.
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const startedAt = performance.now();
  const [timings] = await Promise.all([
    ringMany(targets, CALLS_PER_STAGE, n > 1 ? CALLS_AT_ONCE : 1, {
      authUrl: pbx.ready.authUrl,
      token: await accessToken(pbx.ready),
      pollIntervalMs: POLL_INTERVAL_MS,
      timeoutMs: 10_000,
      observer: unavailable ? undefined : observer,
    }),
    sleep(WINDOW_MS),
  ]);
  const after: TeamServerUsage = await server.usage();
  const counts = await pbx.requests();
  const pbxAfter = await pbx.usage();
  const elapsedMs = performance.now() - startedAt;
  clientLoop.disable();

  const cpuShare = (micros: number) => micros / 1000 / elapsedMs;
  report(
    `team_server_${stage}_agents_cpu`,
    100 * cpuShare(after.cpuMicros - before.cpuMicros),
    '% of a core',
  );
  report(
    `team_server_${stage}_agents_cpu_per_agent`,
    (1000 * cpuShare(after.cpuMicros - before.cpuMicros)) / n,
    'ms/s',
  );
  report(`team_server_${stage}_agents_rss`, after.rss / MB, 'MB');
  report(`team_server_${stage}_agents_rss_per_agent`, (after.rss - baselineRss) / MB / n, 'MB');
  report(`team_server_${stage}_agents_heap_used`, after.heapUsed / MB, 'MB');
  report(`team_server_${stage}_agents_event_loop_p99`, after.eventLoopP99Ms, 'ms');
  report(`team_server_${stage}_agents_event_loop_max`, after.eventLoopMaxMs, 'ms');
  report(`team_server_${stage}_agents_client_event_loop_p99`, clientLoop.percentile(99) / 1e6, 'ms');
  report(
    `team_server_${stage}_agents_demo_pbx_cpu`,
    100 * cpuShare(pbxAfter.cpuMicros - pbxBefore.cpuMicros),
    '% of a core',
  );
  if (after.errors > 0) console.log(`team server: ${after.errors} errors logged so far`);

  const busiest = Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8)
    .map(([key, count]) => `${key} ${count}`);
  console.log(
    `demo PBX requests in the ${n}-agent window (${(elapsedMs / 1000).toFixed(0)} s): ${busiest.join(', ')}`,
  );
  const inWindowPerHour = (reading: PbxReading) => (requestsOf(counts, reading) * HOUR_MS) / elapsedMs;
  // One sync run, alone, counted at the PBX: the server's schedule makes that many runs an hour.
  pbx.resetRequests();
  const sync = await server.syncOnce();
  const syncRequests = requestsOf(await pbx.requests(), 'directory');
  const syncsPerHour = HOUR_MS / (DEFAULT_SYNC_INTERVAL_MS + sync.ms);
  report(`team_server_${stage}_agents_sync_run`, sync.ms / 1000, 's');
  report(`team_server_${stage}_agents_sync_run_cpu`, sync.cpuMicros / 1e6, 's');
  report(`team_server_${stage}_agents_sync_run_requests`, syncRequests, 'req');
  const figures: StageFigures = {
    stage,
    agents: n,
    cpuMsPerSecond: 1000 * cpuShare(after.cpuMicros - before.cpuMicros),
    rss: after.rss,
    popsMs: sorted(defined(timings.map((timing: CallTiming) => timing.popMs))),
    missedPops: timings.filter((timing) => timing.popMs === undefined).length,
    presenceMs: sorted(defined(timings.map((timing) => timing.presenceMs))),
    missedPresence: unavailable ? 0 : timings.filter((timing) => timing.presenceMs === undefined).length,
    perAgentHour: {
      directory: (inWindowPerHour('directory') + syncRequests * syncsPerHour) / n,
      queues: inWindowPerHour('queues') / n,
      calls: inWindowPerHour('calls') / n,
    },
  };
  for (const reading of ['directory', 'queues', 'calls'] as const) {
    report(
      `team_server_${stage}_agents_pbx_${reading}_requests_per_agent_hour`,
      figures.perAgentHour[reading],
      'req',
    );
  }
  if (figures.popsMs.length > 0) {
    report(`team_server_${stage}_agents_screenpop_p50`, percentile(figures.popsMs, 50), 'ms');
    report(`team_server_${stage}_agents_screenpop_p95`, percentile(figures.popsMs, 95), 'ms');
  }
  if (figures.missedPops > 0)
    console.log(`screen pops: ${figures.missedPops} of ${timings.length} never arrived`);
  if (figures.presenceMs.length > 0) {
    report(
      `team_server_${stage}_agents_presence_p95`,
      percentile(figures.presenceMs, 95),
      'ms',
      `≤ ${PRESENCE_BUDGET_MS} ms`,
    );
  }
  if (figures.missedPresence > 0) {
    console.log(
      `presence: ${figures.missedPresence} of ${timings.length} changes never reached the colleague`,
    );
  }
  return figures;
}

/** The figures of the most agents beside those of one, each with its limit from this run. */
function compareStages(report: Report, one: StageFigures, most: StageFigures): void {
  const n = most.agents;
  const name = most.stage;
  const added = n - one.agents;
  report(
    `team_server_cpu_per_added_agent_1_to_${name}`,
    (most.cpuMsPerSecond - one.cpuMsPerSecond) / added,
    'ms/s',
  );
  report(`team_server_rss_per_added_agent_1_to_${name}`, (most.rss - one.rss) / MB / added, 'MB');
  if (one.popsMs.length > 0 && most.popsMs.length > 0) {
    const p95One = percentile(one.popsMs, 95);
    const p95Most = percentile(most.popsMs, 95);
    report(`team_server_screenpop_p95_${name}_minus_1`, p95Most - p95One, 'ms', `≤ ${POP_BUDGET_MS} ms`);
    report.ratio(`team_server_screenpop_p95_${name}_agents`, p95Most, p95One + POP_BUDGET_MS, 'ms', {
      atMost: 1,
    });
  }
  for (const reading of ['directory', 'queues'] as const) {
    // The share at one agent divided by N: what each of N agents would cost if the reading were shared.
    report.ratio(
      `team_server_pbx_${reading}_share_${name}_agents`,
      most.perAgentHour[reading],
      one.perAgentHour[reading] / n,
      'req/agent-hour',
      { atMost: 1.5 },
    );
  }
}

export default async function (report: Report): Promise<void> {
  const pbx = await startDemoPbxProcess({ staff: STAFF });
  let server: TeamServerProcess | undefined;
  const agents: SimulatedAgent[] = [];
  try {
    const users = (await pbx.phoneUsers()).slice(0, Math.max(...STAGES));
    await joinInboundQueues(pbx.ready, await accessToken(pbx.ready), users);
    server = await startTeamServerProcess({
      baseUrl: pbx.ready.baseUrl,
      credentials: pbx.ready.credentials,
      country: pbx.ready.country,
    });
    const baselineRss = (await server.usage()).rss;
    report('team_server_0_agents_rss', baselineRss / MB, 'MB');
    const figures: StageFigures[] = [];
    let tried = 0;
    for (const stage of STAGES) {
      if (users.length < stage) {
        console.log(`team server bench: the demo PBX has ${users.length} users with phones, not ${stage}`);
        break;
      }
      const joinedAt = performance.now();
      const { joined, failed, reason } = await joinAgents(server, users.slice(tried, stage));
      tried = stage;
      agents.push(...joined);
      report(`team_server_${stage}_agents_join`, (performance.now() - joinedAt) / 1000, 's');
      if (failed > 0) {
        console.log(
          `team server bench: ${failed} agents could not be served (${reason}); measuring ${agents.length} of ${stage}`,
        );
      }
      if (agents.length === 0) break;
      figures.push(await measureStage(report, stage, agents, server, pbx, baselineRss));
    }
    const one = figures.find((figure) => figure.stage === 1);
    const most = figures.at(-1);
    if (one && most && most !== one) compareStages(report, one, most);
  } finally {
    closeAgents(agents);
    await server?.stop();
    pbx.stop();
  }
}
