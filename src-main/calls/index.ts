/** The calls layer: monitor, call control, screen-pop and the one dial path (docs/calls.md). */
export { CallsService, type CallsClient, type CallsServiceDeps, type CallsSettings } from './service';
export { CallMonitor, DEFAULT_MONITOR_POLICY, type MonitorHealth, type MonitorSnapshot } from './monitor';
export { CallsError } from './errors';
export type { CallerDirectory } from './callerLookup';
export type { DialRequestOutcome } from './dial';
export type { RecentCallsOf } from './screenpop';
export {
  JsonFileRecentNumbersStore,
  MemoryRecentNumbersStore,
  RECENT_NUMBERS_LIMIT,
  type RecentNumbersStore,
} from './recentNumbers';
