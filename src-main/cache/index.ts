/** The local cache: SQLite directory, number index, search and sync. */
export { openCache, type CacheDatabase, type OpenCacheOptions } from './database';
export { CacheFullError, CacheOpenError } from './errors';
export { DirectoryCache, type DirectoryCacheOptions } from './directory';
export {
  inlineDetailWriter,
  workerDetailWriterFactory,
  type DetailWriter,
  type DetailWriterFactory,
  type WorkerScript,
} from './detailWriter';
export type { NumberingPlan } from './numbering';
export type { SearchOptions } from './search';
export type { CompanyDetail, PersonDetail } from './store';
export type { DirectorySource, SourceCallOptions, SourcePage } from './source';
export {
  DirectorySync,
  type CollectionReport,
  type DirectorySyncOptions,
  type SyncPhase,
  type SyncProgress,
  type SyncReport,
  type SyncRunOptions,
} from './sync';
export * from './types';
