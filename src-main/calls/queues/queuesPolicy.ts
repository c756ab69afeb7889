/** How often and how freshly the queue service reads, and how much of the change log it shows. */
import type { QueueWatchPolicy } from './queueWatch';

export interface QueuesPolicy {
  membershipEveryMs: number;
  /** ± this fraction of `membershipEveryMs`. */
  membershipJitter: number;
  /** A long-wait alert for a queue repeats at most this often. */
  longWaitRepeatMs: number;
  /** The board reads again when its reading is older than this. */
  boardFreshMs: number;
  /** The join list reads `/queues` again when the reading is older than this. */
  catalogFreshMs: number;
  /** How many changes `log()` returns. */
  logShown: number;
  watch: Partial<QueueWatchPolicy>;
}

export const DEFAULT_QUEUES_POLICY: QueuesPolicy = {
  membershipEveryMs: 15_000,
  membershipJitter: 0.2,
  longWaitRepeatMs: 60_000,
  boardFreshMs: 1_500,
  catalogFreshMs: 15_000,
  logShown: 50,
  watch: {},
};
