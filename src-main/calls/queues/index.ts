/** The agent's queues: membership, changes, the local change log and the live statistics (docs/queues.md). */
export {
  QueuesService,
  DEFAULT_QUEUES_POLICY,
  type AgentUser,
  type QueuesPolicy,
  type QueuesServiceDeps,
} from './queuesService';
export {
  JsonLinesQueueChangeLog,
  MemoryQueueChangeLog,
  type QueueChangeLogStore,
  type QueueLogRecord,
} from './queueChangeLog';
export type { QueuesClient } from './queueReading';
export { QueuesError } from './queuesError';
