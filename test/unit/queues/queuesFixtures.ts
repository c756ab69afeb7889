/**
 * What the queue tests share: a demo PBX with a manual clock and a client for it that counts requests,
 * a control-interface client, a QueuesService wired to either, and a scripted in-memory client for the
 * bad-input cases the demo PBX never produces.
 */
import { afterAll } from 'vitest';
import { PbxClient } from '../../../src-main/api';
import type { AgentQueueResult, AgentQueues, Queue, QueueDetail, Team } from '../../../src-main/api/schemas';
import type { PollCadence } from '../../../src-main/calls/monitor/callMonitor';
import {
  MemoryQueueChangeLog,
  QueuesService,
  type AgentUser,
  type QueueChangeLogStore,
  type QueuesClient,
  type QueuesPolicy,
} from '../../../src-main/calls/queues';
import { startDemoPbx, type DemoPbx, type DemoPbxOptions } from '../../../src-main/demo-pbx';
import { defaultSettings, type Events, type QueueSettings } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { demoPbxApi } from '../../support/demoPbxApi';
import { globalTimers } from '../calls/fixtures';

export const DEMO_AGENT_ID = 3;
const START = Date.UTC(2026, 2, 10, 9, 30);

export interface CountingClient extends QueuesClient {
  requests: string[];
}

/** Counts each request by method and path (`GET /queues`, `GET /queue/2`, `POST /queues/agents`). */
export function counting(client: QueuesClient): CountingClient {
  const requests: string[] = [];
  const track = <T>(request: string, call: () => Promise<T>) => {
    requests.push(request);
    return call();
  };
  return {
    requests,
    queues: (options) => track('GET /queues', () => client.queues(options)),
    queue: (id, options) => track(`GET /queue/${id}`, () => client.queue(id, options)),
    teams: (options) => track('GET /teams', () => client.teams(options)),
    agentQueues: {
      get: (options) => track('GET /queues/agents', () => client.agentQueues.get(options)),
      set: (agents, options) => track('POST /queues/agents', () => client.agentQueues.set(agents, options)),
    },
  };
}

export interface QueuesPbx {
  pbx: DemoPbx;
  client: CountingClient;
  /** POST to the control interface (`/_sim/…`) or the API (`/queues/agents`); the answer's `data`. */
  post(path: string, body: unknown): Promise<unknown>;
  /** The membership of a user as GET /queues/agents says. */
  membershipOf(userId: number): Promise<AgentQueues['queues']>;
}

export async function startQueuesPbx(options: DemoPbxOptions = {}): Promise<QueuesPbx> {
  const pbx = await startDemoPbx({
    persons: 20,
    ringEverySeconds: 0,
    clock: { mode: 'manual', startMs: START },
    ...options,
  });
  afterAll(() => pbx.close());
  const pbxClient = new PbxClient({
    baseUrl: pbx.baseUrl,
    clientId: pbx.credentials.clientId,
    clientSecret: pbx.credentials.clientSecret,
    fetch,
    logger: silentLogger,
    clock: { now: () => pbx.sim.clock.now() },
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 0 },
  });
  const api = demoPbxApi(pbx);
  return {
    pbx,
    client: counting(pbxClient),
    post: (path, body) => api('POST', path, body),
    membershipOf: async (userId) =>
      (await pbxClient.agentQueues.get()).find((agent) => agent.id === userId)?.queues ?? [],
  };
}

export interface ServiceHarness {
  service: QueuesService;
  events: { channel: keyof Events; payload: unknown }[];
  cadence: PollCadence[];
  settings: QueueSettings;
  log: QueueChangeLogStore;
  /** The payloads of one event channel, oldest first. */
  emitted<E extends keyof Events>(channel: E): Events[E][];
}

export function startService(
  client: QueuesClient,
  options: {
    agent?: AgentUser;
    settings?: Partial<QueueSettings>;
    log?: QueueChangeLogStore;
    clock?: { now(): number };
    policy?: Partial<QueuesPolicy>;
  } = {},
): ServiceHarness {
  const events: ServiceHarness['events'] = [];
  const cadence: PollCadence[] = [];
  const settings: QueueSettings = { ...defaultSettings(), ...options.settings };
  const log = options.log ?? new MemoryQueueChangeLog();
  const agent = options.agent ?? { id: DEMO_AGENT_ID, username: 'agent', teamId: 2 };
  const service = new QueuesService({
    client: () => client,
    agent: () => agent,
    settings: () => settings,
    log,
    emit: (channel, payload) => events.push({ channel, payload }),
    setPollCadence: (value) => cadence.push(value),
    clock: options.clock ?? { now: () => Date.now() },
    logger: silentLogger,
    timers: globalTimers,
    random: () => 0.5,
    // Long enough that nothing runs by itself unless a test says so.
    policy: {
      membershipEveryMs: 3_600_000,
      ...options.policy,
      watch: { everyMs: 3_600_000, ...options.policy?.watch },
    },
  });
  afterAll(() => service.dispose());
  return {
    service,
    events,
    cadence,
    settings,
    log,
    emitted: (channel) =>
      events.filter((event) => event.channel === channel).map((event) => event.payload) as never,
  };
}

/** A queue of GET /queues with every figure zero unless given. */
export function queueItem(fields: Partial<Queue> & Pick<Queue, 'id' | 'name' | 'type'>): Queue {
  const pair = [0, 0] as [number, number];
  const periods = { day: pair, week: pair, month: pair, quarter: pair };
  return {
    group_id: 1,
    active: true,
    number: String(600 + fields.id),
    callers_waiting: 0,
    callers_ringing: 0,
    callers_talking: 0,
    agents_idle: 0,
    agents_ringing: 0,
    agents_talking: 0,
    agents_acw: 0,
    agents_aux: 0,
    answered: 0,
    overflowed: 0,
    abandoned: 0,
    talktime: 0,
    waittime: 0,
    answered_wait_time: 0,
    answered_in_service: 0,
    answered_in_work_hours: 0,
    answered_in_work_and_sl: 0,
    abandoned_in_threshold: 0,
    abandoned_in_work_hours: 0,
    abandoned_in_work_and_sl: 0,
    abandoned_full: 0,
    sl: periods,
    sl_work: periods,
    last_call_enter: 0,
    last_call_answer: 0,
    callers: [],
    ...fields,
  };
}

/** An in-memory PBX for the queue services: what it answers is set by the test. */
export class ScriptedQueuesClient implements QueuesClient {
  list: Queue[] = [];
  details = new Map<number, QueueDetail | Error>();
  membership: AgentQueues[] = [];
  teamList: Team[] = [];
  /** What POST /queues/agents answers; by default every queue succeeds and the membership follows. */
  answer: ((agents: AgentQueues[]) => AgentQueueResult[]) | undefined;
  readonly posted: AgentQueues[][] = [];

  async queues(): Promise<Queue[]> {
    return structuredClone(this.list);
  }

  async queue(id: number): Promise<QueueDetail> {
    const detail = this.details.get(id);
    if (detail instanceof Error) throw detail;
    if (!detail) throw new Error(`no detail for ${id}`);
    return { ...detail };
  }

  async teams(): Promise<Team[]> {
    return this.teamList;
  }

  readonly agentQueues = {
    get: async (): Promise<AgentQueues[]> => structuredClone(this.membership),
    set: async (agents: AgentQueues[]): Promise<AgentQueueResult[]> => {
      this.posted.push(structuredClone(agents));
      if (this.answer) return this.answer(agents);
      return agents.map((agent) => {
        const current = this.membership.find((candidate) => candidate.id === agent.id);
        if (current) {
          current.queues = agent.queues.map((entry) => ({
            ...current.queues.find((queue) => queue.id === entry.id),
            ...entry,
          }));
        }
        return {
          id: agent.id,
          success: true,
          queues: agent.queues.map((queue) => ({
            id: queue.id,
            success: true,
            message: 'Agent membership updated',
          })),
        };
      });
    },
  };
}
