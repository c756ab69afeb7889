/**
 * One reading of the queues' live statistics: `GET /queues` once, and `GET /queue/{id}` for the given
 * inbound queues only (their longest current wait and working hours). A detail that fails is kept as that
 * queue's problem; the rest of the reading stands.
 */
import type { AgentQueuesApi } from '../../api/endpoints/users';
import type { SystemApi } from '../../api/endpoints/system';
import type { Queue, QueueDetail } from '../../api/schemas';
import { errorMessage } from '../../shared/contract';

/** The PBX client as the queue services use it (PbxClient satisfies it). */
export interface QueuesClient extends Pick<SystemApi, 'queues' | 'queue' | 'teams'> {
  readonly agentQueues: Pick<AgentQueuesApi, 'get' | 'set'>;
}

export type QueueDetailReading = { detail: QueueDetail } | { problem: string };

export interface QueueReading {
  /** When GET /queues answered (epoch ms). */
  at: number;
  queues: ReadonlyMap<number, Queue>;
  /** Only for the inbound queues asked for that `/queues` lists. */
  details: ReadonlyMap<number, QueueDetailReading>;
  /** Whether the details of every one of the agent's inbound queues were asked for (the board's reading). */
  complete: boolean;
}

export const INBOUND = 1;

/** An item of a list that names something by a numeric id (drift may send anything else). */
export function hasId<T>(item: T): item is T & { id: number } {
  return typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'number';
}

/** The wanted queues whose detail `/queue/{id}` answers: each once, inbound ones the list names. */
export function detailIds(queues: ReadonlyMap<number, Queue>, wanted: readonly number[]): number[] {
  return [...new Set(wanted)].filter((id) => queues.get(id)?.type === INBOUND);
}

/** One queue's detail; a failure is kept as that queue's problem. */
export async function readDetail(
  client: Pick<QueuesClient, 'queue'>,
  id: number,
): Promise<QueueDetailReading> {
  try {
    return { detail: await client.queue(id) };
  } catch (error) {
    return { problem: errorMessage(error) };
  }
}

/**
 * `chooseDetails` picks, from the list just read, the queues whose detail to read; only inbound queues the
 * list names are read (the API answers `/queue/{id}` for inbound queues alone).
 */
export async function readQueues(
  client: Pick<QueuesClient, 'queues' | 'queue'>,
  chooseDetails: (queues: ReadonlyMap<number, Queue>) => readonly number[],
  now: () => number,
  complete: boolean,
): Promise<QueueReading> {
  const list = await client.queues();
  const at = now();
  // A drifted item without a numeric id names no queue: it is left out (the drift is logged by the client).
  const queues = new Map(list.filter(hasId).map((queue) => [queue.id, queue]));
  const wanted = detailIds(queues, chooseDetails(queues));
  const read = await Promise.all(wanted.map(async (id) => [id, await readDetail(client, id)] as const));
  return { at, queues, details: new Map(read), complete };
}
