/**
 * The calls layer: monitor, call control, screen-pop and the one dial path (docs/calls.md), and what follows a
 * call: history, review and wrap-up (docs/history-and-review.md).
 */
export { CallsService, type CallsClient, type CallsServiceDeps, type CallsSettings } from './callsService';
export {
  CallMonitor,
  DEFAULT_MONITOR_POLICY,
  type MonitorHealth,
  type MonitorSnapshot,
} from './monitor/callMonitor';
export { CallsError } from './errors';
export type { CallerDirectory } from './callerLookup';
export type { DialRequestOutcome } from './dial/dialService';
export type { RecentCallsOf } from './screenpop/screenPopResolver';
export {
  JsonFileRecentNumbersStore,
  MemoryRecentNumbersStore,
  type RecentNumbersStore,
} from './dial/recentNumbers';
export { HistoryService, type HistoryServiceDeps } from './history/historyService';
export { systemTimers, type Timers } from './timers';
