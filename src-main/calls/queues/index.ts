/** The agent's queues: membership, changes, the local change log and the live statistics (docs/queues.md). */
export { QueuesService } from './queuesService';
export { DEFAULT_QUEUES_POLICY, type QueuesPolicy } from './queuesPolicy';
export type { AgentUser, QueuesServiceDeps } from './queuesServiceDeps';
export {
  JsonLinesQueueChangeLog,
  MemoryQueueChangeLog,
  type QueueChangeLogStore,
  type QueueLogRecord,
} from './queueChangeLog';
export type { QueuesClient } from './queueReading';
export { teamQueueReadings, type SharedQueues } from './sharedQueues';
export type { QueuePollPolicy } from './sharedQueueReadings';
export { QueuesError } from './queuesError';
