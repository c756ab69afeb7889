/** What the queue service needs from its host: the PBX client, the agent, settings, the log and events. */
import type { Clock } from '../../shared/clock';
import type { Events, QueueSettings } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import type { PollCadence } from '../monitor/callMonitor';
import type { Timers } from '../timers';
import type { QueueChangeLogStore } from './queueChangeLog';
import type { QueuesClient } from './queueReading';
import type { QueuesPolicy } from './queuesPolicy';
import type { SharedQueues } from './sharedQueues';

/** The agent's PBX user: whose membership Ringside shows and changes. */
export interface AgentUser {
  id: number;
  username: string;
  /** The user's team (its colours may accent states), when known. */
  teamId?: number | null;
}

export type QueuesEventChannel = 'queues:changed' | 'queueBoard:changed' | 'queues:longWait';
export type QueuesEmitter = <E extends QueuesEventChannel>(channel: E, payload: Events[E]) => void;

export interface QueuesServiceDeps {
  client(): QueuesClient | undefined;
  /**
   * The readings shared with the other agents on the PBX (a team server's): the live statistics and the
   * membership listing. Absent: the service reads on its own (one agent, the desktop).
   */
  shared?: SharedQueues;
  /** The agent's PBX user; undefined while unknown (`agentProblem` says why). */
  agent(): AgentUser | undefined;
  agentProblem?(): unknown;
  /** The agent's PBX user is being looked up: the queues are loading rather than unavailable. */
  agentPending?(): boolean;
  settings(): QueueSettings;
  log: QueueChangeLogStore;
  emit: QueuesEmitter;
  /** The call poll's cadence: fast while a queue call is likely. */
  setPollCadence(cadence: PollCadence): void;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  random?: () => number;
  policy?: Partial<QueuesPolicy>;
}
