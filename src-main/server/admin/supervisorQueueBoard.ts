/**
 * The supervisor view's queue board (docs/team-server.md, "Administration"): every queue of the PBX, read at
 * most once per `freshForMs` for all administrators together, so the view adds no PBX load per viewer. An
 * ask while a reading runs joins it; an ask within `freshForMs` of the last reading's start gets that
 * reading (or its failure) again. A failed reading keeps the last good queues and says why.
 *
 * The reading itself is a collaborator (`read`): on the team server, the agents' shared reading
 * (`SharedQueueReadings.read` with `SUPERVISOR_READING`), so the view and the agents' boards cost one
 * `GET /queues` between them.
 */
import type { Queue } from '../../api/schemas';
import { INBOUND, type QueueReading } from '../../calls/queues/queueReading';
import { queueTypeName } from '../../calls/queues/queueViews';
import type { ReadingWants } from '../../calls/queues/sharedQueueReadings';
import type { Clock } from '../../shared/clock';
import {
  asIpcError,
  type IpcError,
  type SupervisorQueue,
  type SupervisorQueueBoard as BoardView,
} from '../../shared/contract';

export const SUPERVISOR_BOARD_FRESH_MS = 2000;

export interface SupervisorQueueBoardDeps {
  /** One reading of every queue. */
  read(): Promise<QueueReading>;
  clock: Clock;
  /** A reading started this recently is served again instead of a new one; default 2 s. */
  freshForMs?: number;
}

const waitingOrRinging = (queue: Queue) => queue.callers_waiting + queue.callers_ringing > 0;

/**
 * What the view wants of a reading: `GET /queue/{id}` only for the inbound queues with callers waiting or
 * ringing; the others have no current wait to report, and a PBX with many queues is not asked about each
 * every 2 s.
 */
export const SUPERVISOR_READING: ReadingWants = {
  details: (queues) => [...queues.values()].filter(waitingOrRinging).map((queue) => queue.id),
  complete: true,
};

function longestWait(queue: Queue, reading: QueueReading): number | null {
  if (queue.type !== INBOUND) return null;
  if (!waitingOrRinging(queue)) return 0;
  const detail = reading.details.get(queue.id);
  return detail && 'detail' in detail ? detail.detail.hold_time : null;
}

/** The reading's queues as the board lists them, by name. */
export function supervisorQueues(reading: QueueReading): SupervisorQueue[] {
  return [...reading.queues.values()]
    .map((queue) => ({
      id: queue.id,
      name: queue.name,
      number: queue.number,
      type: queueTypeName(typeof queue.type === 'number' ? queue.type : undefined),
      active: queue.active,
      callersWaiting: queue.callers_waiting,
      longestWaitSeconds: longestWait(queue, reading),
      agentsServing: queue.agents_idle + queue.agents_ringing + queue.agents_talking + queue.agents_acw,
      agentsAux: queue.agents_aux,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

export class SupervisorQueueBoard {
  private readonly freshForMs: number;
  private running: Promise<void> | undefined;
  private startedAt = Number.NEGATIVE_INFINITY;
  private latest: QueueReading | undefined;
  private problem: IpcError | null = null;

  constructor(private readonly deps: SupervisorQueueBoardDeps) {
    this.freshForMs = deps.freshForMs ?? SUPERVISOR_BOARD_FRESH_MS;
  }

  /** The board now: read anew unless a reading runs (joined) or started less than `freshForMs` ago. */
  async board(): Promise<BoardView> {
    const now = this.deps.clock.now();
    if (!this.running && now - this.startedAt >= this.freshForMs) {
      this.startedAt = now;
      this.running = this.readOnce().finally(() => (this.running = undefined));
    }
    await this.running;
    return {
      queues: this.latest ? supervisorQueues(this.latest) : [],
      readAt: this.latest?.at ?? null,
      problem: this.problem,
    };
  }

  private async readOnce(): Promise<void> {
    try {
      this.latest = await this.deps.read();
      this.problem = null;
    } catch (error) {
      this.problem = asIpcError(error);
    }
  }
}
