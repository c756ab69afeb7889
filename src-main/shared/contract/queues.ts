/**
 * The agent's queues: the membership of the agent's own PBX user (pause, resume, and where a setting
 * allows it join and leave), the queue board (live statistics of those queues) and the "paused while away"
 * offer. docs/queues.md describes the behaviour; the PBX side is in docs/pbx-api.md (Agent queues).
 */
import { z } from 'zod';
import { command, event } from './define';
import type { IpcError } from './errors';

/** The API's queue type codes, by name: 0 outbound campaign, 1 inbound, 2 CRM task, 3 e-mail. */
export const QUEUE_TYPE_NAMES = { 0: 'outbound', 1: 'inbound', 2: 'task', 3: 'email' } as const;
export type QueueTypeName = (typeof QUEUE_TYPE_NAMES)[keyof typeof QUEUE_TYPE_NAMES] | 'unknown';

/** The long-wait notification's threshold, in seconds. */
export const QUEUE_LONG_WAIT_SECONDS = { min: 10, max: 3600, default: 60 } as const;

/** What Ringside does with the agent's queues when it quits. */
export const QueuePauseOnQuitSchema = z.enum(['ask', 'always', 'never']);
export type QueuePauseOnQuit = z.infer<typeof QueuePauseOnQuitSchema>;

/** Why Ringside paused the agent's queues by itself. */
export type AwayReason = 'quit' | 'shutdown' | 'sleep' | 'lock';

const QueueId = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

export const QueueChangeSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('pause'), queueId: QueueId }),
  z.strictObject({ action: z.literal('resume'), queueId: QueueId }),
  z.strictObject({ action: z.literal('pause-all') }),
  z.strictObject({ action: z.literal('resume-all') }),
  z.strictObject({
    action: z.literal('join'),
    queueId: QueueId,
    priority: z.number().int().min(1).max(100).optional(),
  }),
  z.strictObject({ action: z.literal('leave'), queueId: QueueId }),
]);
export type QueueChange = z.infer<typeof QueueChangeSchema>;
export type QueueAction = QueueChange['action'];

/** One queue of the agent's membership, named from GET /queues when that lists it. */
export interface MyQueue {
  id: number;
  /** Null when GET /queues does not list the queue: it is shown by its id. */
  name: string | null;
  number: string | null;
  type: QueueTypeName;
  /** 1 (lowest) to 100 (highest); null when the PBX did not say. */
  priority: number | null;
  /** The membership's `suspended`: the agent gets no work from this queue for now. */
  paused: boolean;
  /** The queue's own `active` in GET /queues; null when not listed. */
  queueActive: boolean | null;
  /** Callers waiting now, from the latest GET /queues; null without one. */
  callersWaiting: number | null;
}

/** A queue whose part of the last change failed, with the PBX's message (`Unknown queue id`, …). */
export interface QueueFailure {
  queueId: number;
  message: string;
}

/** The queues Ringside paused by itself (on quit, sleep or lock), offered for resuming on return. */
export interface AwayPause {
  reason: AwayReason;
  /** Epoch milliseconds. */
  at: number;
  queueIds: number[];
}

/** Team colours (`color_agent_ready`, `color_agent_aux`) as `#rrggbb`, for accents beside text labels. */
export interface TeamAccent {
  ready: string | null;
  aux: string | null;
}

export interface QueuesView {
  /** `unavailable`: no agent to act for (not connected, no agent username, the PBX does not know it). */
  status: 'unavailable' | 'loading' | 'ready' | 'failed';
  /** Why the membership is unavailable, or why the last read failed (the last good list stays). */
  problem: IpcError | null;
  /** The agent's PBX user, once resolved. */
  agent: { id: number; username: string } | null;
  queues: MyQueue[];
  /** When the membership was last read from the PBX (epoch ms). */
  readAt: number | null;
  /** Callers waiting in the agent's active (not paused) queues: the tray's and the navigation's count. */
  waiting: number;
  /** The setting that allows joining and leaving queues. */
  joinLeaveAllowed: boolean;
  /** The last change's per-queue failures (shown next to their queues until the next change). */
  failures: QueueFailure[];
  /** The PBX's answer about the agent itself in the last change (`Unknown agent id`), if it failed. */
  agentError: string | null;
  awayPause: AwayPause | null;
  accent: TeamAccent | null;
  /** A change is on its way to the PBX. */
  changing: boolean;
}

export interface QueueChangeOutcome {
  /** True only when the PBX said success for the agent's element and for every queue in it. */
  ok: boolean;
  /** Nothing needed changing: no request was sent. */
  unchanged: boolean;
  failures: QueueFailure[];
  agentError: string | null;
  /** The membership as the PBX reports it after the change. */
  view: QueuesView;
}

/** `sl` or `sl_work` of one period, as the API gives it: a pair of integers whose meaning it does not define. */
export interface ServiceLevelFigure {
  /** `sl.day`, `sl_work.week`, …: the API's own names. */
  name: string;
  /** The API's field and period, for the window to word the name (literally: the API gives no meaning). */
  field: 'sl' | 'sl_work';
  period: 'day' | 'week' | 'month' | 'quarter';
  values: number[];
}

/** One of the agent's queues on the board: the API's figures under the API's names. */
export interface QueueBoardRow {
  id: number;
  name: string | null;
  number: string | null;
  type: QueueTypeName;
  /** The agent's membership of this queue is paused. */
  paused: boolean;
  /** GET /queues lists this queue; without it there are no figures. */
  listed: boolean;
  queueActive: boolean | null;
  callersWaiting: number | null;
  callersRinging: number | null;
  callersTalking: number | null;
  agentsIdle: number | null;
  agentsRinging: number | null;
  agentsTalking: number | null;
  agentsAcw: number | null;
  agentsAux: number | null;
  answered: number | null;
  abandoned: number | null;
  serviceLevel: ServiceLevelFigure[];
  /** `hold_time` of GET /queue/{id}: the longest current wait in seconds (inbound queues only). */
  holdTime: number | null;
  /** `working_time` of GET /queue/{id} (inbound queues only); false: outside working hours. */
  workingTime: boolean | null;
  /** Why GET /queue/{id} failed for this queue; the rest of the row stands. */
  detailProblem: string | null;
}

export interface QueueBoardView {
  rows: QueueBoardRow[];
  /** When GET /queues answered (epoch ms); null before the first reading. */
  readAt: number | null;
  /** Why the last reading failed (the rows are the last good ones). */
  problem: IpcError | null;
}

/** A queue the agent could join (GET /queues, not yet in the membership). */
export interface QueueChoice {
  id: number;
  name: string;
  number: string;
  type: QueueTypeName;
}

/** One change Ringside made to the agent's membership, as the local log keeps it. */
export interface QueueLogEntry {
  /** Epoch milliseconds. */
  at: number;
  agentId: number;
  action: QueueAction | 'resume-away';
  /** Who asked: the agent, or Ringside on quit, shutdown, sleep or lock. */
  cause: 'agent' | AwayReason;
  /** The queues the change was about. */
  queueIds: number[];
  ok: boolean;
  failures: QueueFailure[];
  agentError: string | null;
}

/** A caller has waited longer than the threshold in one of the agent's active queues. */
export interface QueueLongWait {
  queueId: number;
  queueName: string | null;
  waitSeconds: number;
}

export const queuesCommands = {
  /** The agent's queue membership as last read. */
  'queues:get': command(z.undefined()).returns<QueuesView>(),
  /** Reads the membership now (the window gained focus). */
  'queues:refresh': command(z.undefined()).returns<QueuesView>(),
  /** Pause, resume, join or leave: one request with every queue the agent serves, then a fresh read. */
  'queues:change': command(QueueChangeSchema).changes<QueueChangeOutcome>(),
  /** Resumes the queues Ringside paused on quit, sleep or lock (those still paused). */
  'queues:resumeAway': command(z.undefined()).changes<QueueChangeOutcome>(),
  /** Forgets the "paused while away" offer. */
  'queues:dismissAway': command(z.undefined()).changes<QueuesView>(),
  /** Queues the agent could join (only while joining is allowed). */
  'queues:catalog': command(z.undefined()).returns<QueueChoice[]>(),
  /** The most recent changes Ringside made, newest first. */
  'queues:log': command(z.undefined()).returns<QueueLogEntry[]>(),
  /** The board's latest reading (read now when there is none fresh); keeps the board refreshing. */
  'queueBoard:get': command(z.undefined()).returns<QueueBoardView>(),
};

export const queuesEvents = {
  'queues:changed': event<QueuesView>(),
  'queueBoard:changed': event<QueueBoardView>(),
  /** For the desktop's notification (at most once per queue per minute). */
  'queues:longWait': event<QueueLongWait>(),
  /** The long-wait notification was clicked: show the board. */
  'queueBoard:show': event<null>(),
  /** The "still paused" notification was clicked: show My queues. */
  'queues:show': event<null>(),
};
