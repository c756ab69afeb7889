/**
 * What the screens, the tray and the poll cadence make of the membership and a reading: the agent's queues
 * named from `/queues` (a queue it does not list is shown by its id), the board's rows with the API's own
 * figures, the callers waiting in the agent's active queues, whether a queue call is likely, and the queues
 * where a caller has waited too long. Pure.
 */
import type { Queue, QueueMembership } from '../../api/schemas';
import {
  QUEUE_TYPE_NAMES,
  type MyQueue,
  type QueueBoardRow,
  type QueueChoice,
  type QueueLongWait,
  type QueueTypeName,
  type ServiceLevelFigure,
} from '../../shared/contract';
import { INBOUND, type QueueReading } from './queueReading';

/** Queue types whose queue calls ring the agent's phone: outbound campaigns and inbound queues. */
const CALLING_TYPES: ReadonlySet<number> = new Set([0, INBOUND]);
const SL_PERIODS = ['day', 'week', 'month', 'quarter'] as const;

export function queueTypeName(code: number | undefined): QueueTypeName {
  return code !== undefined && code in QUEUE_TYPE_NAMES
    ? QUEUE_TYPE_NAMES[code as keyof typeof QUEUE_TYPE_NAMES]
    : 'unknown';
}

const isActive = (membership: QueueMembership) => membership.suspended !== true;
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

function typeOf(membership: QueueMembership, listed: Queue | undefined): number | undefined {
  return typeof listed?.type === 'number' ? listed.type : membership.type;
}

/** What every view says of one of the agent's queues: who it is (from `/queues`) and whether it is paused. */
function describe(entry: QueueMembership, listed: Queue | undefined) {
  return {
    id: entry.id,
    name: text(listed?.name),
    number: text(listed?.number),
    type: queueTypeName(typeOf(entry, listed)),
    paused: !isActive(entry),
    queueActive: flag(listed?.active),
    callersWaiting: count(listed?.callers_waiting),
  };
}

export function myQueues(
  membership: readonly QueueMembership[],
  reading: QueueReading | undefined,
): MyQueue[] {
  return membership.map((entry) => ({
    ...describe(entry, reading?.queues.get(entry.id)),
    priority: count(entry.priority),
  }));
}

/** `sl` and `sl_work` per period, named as the API names them; what the pairs mean it does not say. */
function serviceLevel(queue: Queue): ServiceLevelFigure[] {
  const figures: ServiceLevelFigure[] = [];
  for (const field of ['sl', 'sl_work'] as const) {
    const periods = queue[field] as Record<string, unknown> | undefined;
    for (const period of SL_PERIODS) {
      const values = periods?.[period];
      if (Array.isArray(values) && values.every((value) => typeof value === 'number')) {
        figures.push({ name: `${field}.${period}`, field, period, values: values as number[] });
      }
    }
  }
  return figures;
}

export function boardRows(
  membership: readonly QueueMembership[],
  reading: QueueReading | undefined,
): QueueBoardRow[] {
  return membership.map((entry) => {
    const listed = reading?.queues.get(entry.id);
    const detail = reading?.details.get(entry.id);
    return {
      ...describe(entry, listed),
      listed: listed !== undefined,
      callersRinging: count(listed?.callers_ringing),
      callersTalking: count(listed?.callers_talking),
      agentsIdle: count(listed?.agents_idle),
      agentsRinging: count(listed?.agents_ringing),
      agentsTalking: count(listed?.agents_talking),
      agentsAcw: count(listed?.agents_acw),
      agentsAux: count(listed?.agents_aux),
      answered: count(listed?.answered),
      abandoned: count(listed?.abandoned),
      serviceLevel: listed ? serviceLevel(listed) : [],
      holdTime: detail && 'detail' in detail ? count(detail.detail.hold_time) : null,
      workingTime: detail && 'detail' in detail ? flag(detail.detail.working_time) : null,
      detailProblem: detail && 'problem' in detail ? detail.problem : null,
    };
  });
}

/** Callers waiting in the agent's active (not paused) queues: the tray's and the navigation's count. */
export function waitingInActiveQueues(
  membership: readonly QueueMembership[],
  reading: QueueReading | undefined,
): number {
  let waiting = 0;
  for (const entry of membership) {
    if (isActive(entry)) waiting += count(reading?.queues.get(entry.id)?.callers_waiting) ?? 0;
  }
  return waiting;
}

/** A queue call is likely: one of the agent's active calling queues has callers waiting or ringing. */
export function queueCallLikely(
  membership: readonly QueueMembership[],
  reading: QueueReading | undefined,
): boolean {
  return membership.some((entry) => {
    const listed = reading?.queues.get(entry.id);
    if (!isActive(entry) || !listed || !CALLING_TYPES.has(typeOf(entry, listed) ?? -1)) return false;
    return (count(listed.callers_waiting) ?? 0) + (count(listed.callers_ringing) ?? 0) > 0;
  });
}

/** The agent's active inbound queues with callers waiting: their details carry the longest wait. */
export function waitingInboundQueues(
  membership: readonly QueueMembership[],
  reading: Pick<QueueReading, 'queues'> | undefined,
): number[] {
  return membership
    .filter((entry) => {
      const listed = reading?.queues.get(entry.id);
      return isActive(entry) && listed?.type === INBOUND && (count(listed.callers_waiting) ?? 0) > 0;
    })
    .map((entry) => entry.id);
}

/** The agent's inbound queues: the board reads their details. */
export function inboundQueues(
  membership: readonly QueueMembership[],
  reading: Pick<QueueReading, 'queues'> | undefined,
): number[] {
  return membership
    .filter((entry) => (reading?.queues.get(entry.id)?.type ?? entry.type) === INBOUND)
    .map((entry) => entry.id);
}

/** Active queues where the longest current wait (`hold_time`) passed the threshold. */
export function longWaits(
  membership: readonly QueueMembership[],
  reading: QueueReading,
  thresholdSeconds: number,
): QueueLongWait[] {
  const waits: QueueLongWait[] = [];
  for (const entry of membership) {
    const detail = reading.details.get(entry.id);
    if (!isActive(entry) || !detail || !('detail' in detail)) continue;
    const waitSeconds = count(detail.detail.hold_time) ?? 0;
    if (waitSeconds > thresholdSeconds) {
      waits.push({ queueId: entry.id, queueName: reading.queues.get(entry.id)?.name ?? null, waitSeconds });
    }
  }
  return waits;
}

/** Queues the agent could join: those the reading lists that the membership does not hold, by name. */
export function joinChoices(reading: QueueReading, membership: readonly QueueMembership[]): QueueChoice[] {
  const members = new Set(membership.map((queue) => queue.id));
  return [...reading.queues.values()]
    .filter((queue) => !members.has(queue.id))
    .map((queue) => ({
      id: queue.id,
      name: queue.name,
      number: queue.number,
      type: queueTypeName(typeof queue.type === 'number' ? queue.type : undefined),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
