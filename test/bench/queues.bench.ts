/**
 * The agent's queues:
 *
 * 1. One board refresh for an agent in 20 of 500 queues (10 of them inbound), over loopback through the
 *    real PbxClient and QueuesService: its time and its requests (target: 1 + the inbound queues, < 50 ms).
 *    The PBX is a small HTTP server answering the five endpoints with canned bodies of realistic size.
 * 2. A simulated working day (8 h) where callers wait in the agent's inbound queue 20 % of the time, run on
 *    virtual time with the real CallMonitor and QueuesService: the pop latency of queue calls (from the
 *    moment the call rings the agent's phone to the monitor's event) and the PBX requests per agent-hour,
 *    adaptive polling (queues every 2 s, the phone at 250 ms while callers wait) against fixed 1 s polling of
 *    the phone alone (target: p95 <= 500 ms at no more than 2.5x the requests).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PbxClient } from '../../src-main/api';
import type { ActiveCall, AgentQueues, Queue, QueueDetail } from '../../src-main/api/schemas';
import { CallMonitor, type PollCadence } from '../../src-main/calls/monitor/callMonitor';
import { MemoryQueueChangeLog, QueuesService, type QueuesClient } from '../../src-main/calls/queues';
import type { Timers } from '../../src-main/calls/timers';
import { createRandom } from '../../src-main/demo-pbx/random';
import { systemClock } from '../../src-main/shared/clock';
import { defaultSettings } from '../../src-main/shared/contract';
import { silentLogger } from '../../src-main/shared/logger';
import type { Report } from './run';
import { percentile } from './support/percentile';

const AGENT_ID = 3;

// ---- shared -----------------------------------------------------------------------------------------

function queueItem(id: number, type: 0 | 1 | 2 | 3, waiting = 0, ringing = 0): Queue {
  const pair: [number, number] = [12, 15];
  const periods = { day: pair, week: pair, month: pair, quarter: pair };
  return {
    id,
    group_id: 1 + (id % 7),
    active: true,
    type,
    number: String(6000 + id),
    name: `Queue ${id}`,
    callers_waiting: waiting,
    callers_ringing: ringing,
    callers_talking: 0,
    agents_idle: 2,
    agents_ringing: 0,
    agents_talking: 3,
    agents_acw: 1,
    agents_aux: 1,
    answered: 120,
    overflowed: 0,
    abandoned: 7,
    talktime: 5400,
    waittime: 900,
    answered_wait_time: 7.5,
    answered_in_service: 100,
    answered_in_work_hours: 120,
    answered_in_work_and_sl: 100,
    abandoned_in_threshold: 3,
    abandoned_in_work_hours: 7,
    abandoned_in_work_and_sl: 4,
    abandoned_full: 0,
    sl: periods,
    sl_work: periods,
    last_call_enter: 1_773_000_000,
    last_call_answer: 1_773_000_000,
    callers: [],
  };
}

const detailOf = (id: number, holdTime: number): QueueDetail => ({
  name: `Queue ${id}`,
  number: String(6000 + id),
  agents_idle: 2,
  callers_waiting: holdTime > 0 ? 1 : 0,
  hold_time: holdTime,
  working_time: true,
  active: true,
});

/** The demo PBX's seeded generator: every run simulates the same day. */
function seeded(seed: number): () => number {
  const random = createRandom(seed);
  return () => random.next();
}

function newService(
  client: QueuesClient,
  deps: { clock: { now(): number }; timers?: Timers; random?: () => number },
  onCadence: (cadence: PollCadence) => void,
  policy = {},
) {
  const service = new QueuesService({
    client: () => client,
    agent: () => ({ id: AGENT_ID, username: 'agent' }),
    settings: () => defaultSettings(),
    log: new MemoryQueueChangeLog(),
    emit: () => {},
    setPollCadence: onCadence,
    clock: deps.clock,
    timers: deps.timers,
    random: deps.random,
    logger: silentLogger,
    policy,
  });
  service.reconfigure();
  return service;
}

// ---- 1. one board refresh over loopback --------------------------------------------------------------

const ALL_QUEUES = 500;
const AGENT_QUEUES = 20;
const REFRESHES = 60;
const WARM_UP = 10;

/** Queues 1–500, types in turn; the agent serves every 25th, ten of them inbound. */
const queueTypes = (id: number): 0 | 1 | 2 | 3 =>
  Math.floor(id / 25) % 2 === 0 ? 1 : ([0, 2, 3] as const)[id % 3]!;

function send(response: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function boardRefresh(report: Report): Promise<void> {
  const queues = Array.from({ length: ALL_QUEUES }, (_, index) =>
    queueItem(index + 1, queueTypes(index + 1)),
  );
  const mine = queues.filter((queue) => queue.id % 25 === 0).slice(0, AGENT_QUEUES);
  const inbound = mine.filter((queue) => queue.type === 1).length;
  const agents: AgentQueues[] = Array.from({ length: 200 }, (_, index) => ({
    id: index + 1,
    name: `Agent ${index + 1}`,
    queues: (index + 1 === AGENT_ID ? mine : queues.slice(index % 400, (index % 400) + 5)).map((queue) => ({
      id: queue.id,
      type: queue.type as 0 | 1 | 2 | 3,
      priority: 50,
      suspended: false,
    })),
  }));
  const bodies = {
    queues: JSON.stringify({ success: true, data: queues }),
    agents: JSON.stringify({ success: true, data: agents }),
  };
  let requests = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests++;
    const path = request.url ?? '';
    request.resume();
    if (path.startsWith('/login/oauth2/token')) {
      send(response, { access_token: 'bench', token_type: 'Bearer', expires_in: 3600 });
    } else if (path === '/api/v1.0/queues') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(bodies.queues);
    } else if (path === '/api/v1.0/queues/agents') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(bodies.agents);
    } else if (path.startsWith('/api/v1.0/queue/')) {
      send(response, { success: true, data: detailOf(Number(path.split('/').at(-1)), 0) });
    } else {
      send(response, { success: true, data: [] });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new PbxClient({
    baseUrl: `http://127.0.0.1:${port}/api/v1.0`,
    clientId: 'bench',
    clientSecret: 'bench',
    fetch,
    logger: silentLogger,
    clock: systemClock,
  });
  const service = newService(client, { clock: systemClock }, () => {}, {
    boardFreshMs: 0,
    watch: { everyMs: 3_600_000 },
  });
  try {
    await service.refresh();
    const times: number[] = [];
    const counts: number[] = [];
    for (let round = 0; round < WARM_UP + REFRESHES; round++) {
      // Each refresh starts from an idle connection pool state like the app's: nothing else in flight.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const before = requests;
      const start = performance.now();
      const board = await service.board();
      const elapsed = performance.now() - start;
      if (board.rows.length !== AGENT_QUEUES) throw new Error(`the board has ${board.rows.length} rows`);
      if (round >= WARM_UP) {
        times.push(elapsed);
        counts.push(requests - before);
      }
    }
    times.sort((a, b) => a - b);
    report('queues-board-refresh-p50', percentile(times, 50), 'ms', '< 50 ms (20 of 500 queues, loopback)');
    report('queues-board-refresh-p95', percentile(times, 95), 'ms');
    report(
      'queues-board-refresh-requests',
      Math.max(...counts),
      'requests',
      `1 + ${inbound} inbound = ${1 + inbound}`,
    );
  } finally {
    service.dispose();
    await new Promise((resolve) => server.close(resolve));
  }
}

// ---- 2. a simulated day ----------------------------------------------------------------------------

const DAY_MS = 8 * 3600_000;
/** Each request reaches the PBX after half of this, and its answer comes back after the other half. */
const ROUND_TRIP_MS = 20;
const SUPPORT = 2;

/** Virtual time: timers fire in order; between two, every promise the last one set off settles. */
class VirtualTime implements Timers {
  private nowMs = Date.UTC(2026, 2, 10, 8, 0);
  private sequence = 0;
  private readonly pending = new Map<number, { dueMs: number; callback: () => void }>();
  readonly clock = { now: () => this.nowMs };

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = ++this.sequence;
    this.pending.set(handle, { dueMs: this.nowMs + Math.max(0, ms), callback });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Runs every timer due before `endMs`. */
  async runUntil(endMs: number): Promise<void> {
    for (;;) {
      let next: [number, { dueMs: number; callback: () => void }] | undefined;
      for (const entry of this.pending) {
        if (
          !next ||
          entry[1].dueMs < next[1].dueMs ||
          (entry[1].dueMs === next[1].dueMs && entry[0] < next[0])
        ) {
          next = entry;
        }
      }
      if (!next || next[1].dueMs > endMs) break;
      this.pending.delete(next[0]);
      this.nowMs = next[1].dueMs;
      next[1].callback();
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.nowMs = endMs;
  }

  /** A PBX answer: computed when the request arrives, delivered a round trip after it was sent. */
  answer<T>(produce: (atMs: number) => T, signal?: AbortSignal): Promise<T> {
    return new Promise((resolve, reject) => {
      const sentAt = this.nowMs;
      const handle = this.setTimeout(() => resolve(produce(sentAt + ROUND_TRIP_MS / 2)), ROUND_TRIP_MS);
      signal?.addEventListener('abort', () => {
        this.clearTimeout(handle);
        reject(signal.reason);
      });
    });
  }
}

interface QueueCall {
  uniqueid: string;
  enterMs: number;
  ringMs: number;
  answerMs: number;
  endMs: number;
}

/**
 * The day's queue calls, one after another: a gap (exponential, mean 22 s), a wait in the queue (5–15 s),
 * 3 s ringing, 15–45 s talking. The queue has callers waiting or ringing 13 s in every 65 s on average: 20 %.
 */
function simulatedDay(startMs: number): QueueCall[] {
  const random = seeded(0x51e7);
  const calls: QueueCall[] = [];
  let t = startMs;
  while (t < startMs + DAY_MS - 120_000) {
    const enterMs = t - Math.log(1 - random()) * 22_000;
    const ringMs = enterMs + 5_000 + random() * 10_000;
    const answerMs = ringMs + 3_000;
    const endMs = answerMs + 15_000 + random() * 30_000;
    calls.push({
      uniqueid: `${Math.floor(enterMs / 1000)}.${calls.length + 1}`,
      enterMs,
      ringMs,
      answerMs,
      endMs,
    });
    t = endMs;
  }
  return calls;
}

function activeCall(call: QueueCall, atMs: number): ActiveCall {
  return {
    uniqueid: call.uniqueid,
    state: atMs < call.answerMs ? 1 : 3,
    previous_state: 0,
    created: Math.floor(call.enterMs / 1000),
    connected: atMs < call.answerMs ? null : Math.floor(call.answerMs / 1000),
    now: Math.floor(atMs / 1000),
    queue_id: SUPPORT,
    data: {},
    caller_channel: 'PJSIP/trunk1-0000001b',
    caller_number: '+420777123456',
    caller_number_norm: '+420777123456',
    caller_extension: '',
    caller_username: null,
    caller_name: '',
    caller_internal: false,
    caller_ringing: false,
    autoanswer: false,
    called_number: '101',
    called_number_norm: '101',
    called_number_original: '101',
    called_name: 'Support',
  } as ActiveCall;
}

interface DayResult {
  popsMs: number[];
  requests: number;
  waitingShare: number;
}

async function runDay(adaptive: boolean): Promise<DayResult> {
  const time = new VirtualTime();
  const startMs = time.clock.now();
  const calls = simulatedDay(startMs);
  let requests = 0;
  const at = (atMs: number) => ({
    waiting: calls.filter((call) => call.enterMs <= atMs && atMs < call.ringMs).length,
    ringing: calls.filter((call) => call.ringMs <= atMs && atMs < call.answerMs).length,
    longest: Math.max(
      0,
      ...calls
        .filter((call) => call.enterMs <= atMs && atMs < call.ringMs)
        .map((call) => atMs - call.enterMs),
    ),
  });
  const client: QueuesClient = {
    queues: () => {
      requests++;
      return time.answer((atMs) => {
        const { waiting, ringing } = at(atMs);
        return [queueItem(SUPPORT, 1, waiting, ringing), queueItem(5, 2), queueItem(6, 3)];
      });
    },
    queue: (id) => {
      requests++;
      return time.answer((atMs) => detailOf(id, Math.round(at(atMs).longest / 1000)));
    },
    teams: () => {
      requests++;
      return time.answer(() => []);
    },
    agentQueues: {
      get: () => {
        requests++;
        return time.answer(() => [
          { id: AGENT_ID, queues: [2, 5, 6].map((id) => ({ id, priority: 50, suspended: false })) },
        ]);
      },
      set: async () => [],
    },
  };
  const rings = new Map(calls.map((call) => [call.uniqueid, call.ringMs]));
  const popsMs: number[] = [];
  const random = seeded(adaptive ? 7 : 11);
  const monitor = new CallMonitor({
    source: {
      listCalls: (_selector, options) => {
        requests++;
        return time.answer(
          (atMs) =>
            calls
              .filter((call) => call.ringMs <= atMs && atMs < call.endMs)
              .map((call) => activeCall(call, atMs)),
          options?.signal,
        );
      },
    },
    agent: { selector: { identifier: 'agent-phone' }, username: 'agent' },
    host: 'pbx.example.com',
    clock: time.clock,
    logger: silentLogger,
    timers: time,
    random,
    policy: { intervalMs: 1000, fastIntervalMs: 250 },
    onSnapshot: (snapshot) => {
      for (const event of snapshot.events) {
        const ringMs = event.type === 'inbound-ringing' ? rings.get(event.call.uniqueid) : undefined;
        if (ringMs !== undefined) popsMs.push(time.clock.now() - ringMs);
      }
    },
  });
  const service = adaptive
    ? newService(client, { clock: time.clock, timers: time, random }, (cadence) =>
        monitor.setCadence(cadence),
      )
    : undefined;
  monitor.start();
  await time.runUntil(startMs + DAY_MS);
  monitor.stop();
  service?.dispose();
  const waitingMs = calls.reduce((total, call) => total + (call.answerMs - call.enterMs), 0);
  return { popsMs: popsMs.sort((a, b) => a - b), requests, waitingShare: waitingMs / DAY_MS };
}

async function simulatedDayFigures(report: Report): Promise<void> {
  const fixed = await runDay(false);
  const adaptive = await runDay(true);
  const hours = DAY_MS / 3600_000;
  report('queues-day-waiting-share', fixed.waitingShare * 100, '% of the day', '20 %');
  report('queues-day-queue-calls', adaptive.popsMs.length, 'calls');
  report('queues-pop-p50-fixed-1s', percentile(fixed.popsMs, 50), 'ms');
  report('queues-pop-p95-fixed-1s', percentile(fixed.popsMs, 95), 'ms');
  report('queues-pop-p50-adaptive', percentile(adaptive.popsMs, 50), 'ms');
  report('queues-pop-p95-adaptive', percentile(adaptive.popsMs, 95), 'ms', '<= 500 ms');
  const fixedRate = fixed.requests / hours;
  const adaptiveRate = adaptive.requests / hours;
  report('queues-requests-per-agent-hour-fixed-1s', Math.round(fixedRate), 'requests');
  report('queues-requests-per-agent-hour-adaptive', Math.round(adaptiveRate), 'requests');
  report('queues-requests-ratio', adaptiveRate / fixedRate, 'x fixed', '<= 2.5x');
}

export default async function queuesBench(report: Report): Promise<void> {
  await boardRefresh(report);
  await simulatedDayFigures(report);
}
