/** How a directory sync is tuned: the options it takes, and their defaults. */
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { DetailCollection } from './detailCollection';
import type { DetailWriterFactory } from './detailWriter';

export interface DirectorySyncOptions {
  logger: Logger;
  clock: Clock;
  /** Detail requests in flight; default 8. */
  concurrency?: number;
  /** List page size for persons and companies; default 500. */
  pageSize?: number;
  /** List pages in flight; default 4. */
  listConcurrency?: number;
  /** Fetched details collected before they are handed to the writer; default 500. */
  batchSize?: number;
  /** Where details are written; default: on this thread, in short transactions between event-loop turns. */
  detailWriter?: DetailWriterFactory;
  /** Least recently fetched details refreshed per run; default persons 1000, companies 200, users 200. */
  rollingRefresh?: Partial<Record<DetailCollection, number>>;
}

/** The options with their defaults applied and checked. */
export type SyncSettings = Required<Omit<DirectorySyncOptions, 'detailWriter' | 'rollingRefresh'>> &
  Pick<DirectorySyncOptions, 'detailWriter'> & { rollingRefresh: Record<DetailCollection, number> };

const DEFAULT_ROLLING_REFRESH: Record<DetailCollection, number> = {
  persons: 1000,
  companies: 200,
  users: 200,
};

export function syncSettings(options: DirectorySyncOptions): SyncSettings {
  const pageSize = positive(options.pageSize ?? 500, 'pageSize');
  if (pageSize < 2) throw new RangeError('pageSize must be at least 2: consecutive pages overlap by one');
  return {
    ...options,
    concurrency: positive(options.concurrency ?? 8, 'concurrency'),
    pageSize,
    listConcurrency: positive(options.listConcurrency ?? 4, 'listConcurrency'),
    batchSize: positive(options.batchSize ?? 500, 'batchSize'),
    rollingRefresh: { ...DEFAULT_ROLLING_REFRESH, ...options.rollingRefresh },
  };
}

function positive(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, not ${value}`);
  return value;
}
