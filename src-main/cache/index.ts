/**
 * The local store: per PBX, one SQLite file holding the directory (with its number and search indexes) and
 * the directory sync's bookkeeping, rebuildable from the PBX; and one holding the call history, reviews and
 * the wrap-up outbox, what the agent wrote, salvaged when damaged. The rest of the app imports it from here.
 *
 * - database/: opening a file (WAL, migrations, the integrity check, corruption and what replaces a damaged
 *   file), and what every area shares (kind codes, text folding);
 * - directory/: the directory as the app reads it (DirectoryCache: search, number lookup, cards);
 * - store/: writing directory records and keeping the number and search indexes in step;
 * - sync/: DirectorySync, which mirrors the PBX directory, and its writer thread;
 * - history/: the history file: the call history, stored reviews, wrap-ups with their outbox, full-text
 *   search, and the salvage of a damaged file.
 */
export { openCache, type CacheDatabase, type OpenCacheOptions } from './database/openCache';
export type { EntryKind } from './database/entryKind';
export { CacheFullError, CacheOpenError } from './errors';
export { CacheDamagedError } from './database/storeFileErrors';
export { deferredIntegrityCheck, workerIntegrityCheck, type IntegrityCheck } from './database/integrityCheck';
export { historyFileBeside, openHistoryFile } from './history/openHistoryFile';
export { sqliteCode } from './database/sqliteErrors';
export { DirectoryCache, type DirectoryCacheOptions } from './directory/directoryCache';
export { directoryCopyInfo, DirectoryCopyWriter, type DirectoryCopyInfo } from './store/directoryCopyWriter';
export type { SearchOptions } from './directory/directorySearch';
export type { CompanyDetail } from './store/companyStore';
export type { NumberingPlan } from './store/numberKeys';
export type { PersonDetail } from './store/personStore';
export {
  inlineDetailWriter,
  workerDetailWriterFactory,
  type DetailWriter,
  type DetailWriterFactory,
  type WorkerScript,
} from './sync/detailWriter';
export {
  isNotFound,
  type DirectorySource,
  type SourceCallOptions,
  type SourcePage,
} from './sync/directorySource';
export { DirectorySync } from './sync/directorySync';
export { forEachConcurrently } from './sync/forEachConcurrently';
export type { CollectionReport, SyncPhase, SyncProgress, SyncReport, SyncRunOptions } from './sync/syncRun';
export { KIND_OF_COLLECTION } from './sync/detailOutcome';
export type { SyncQuarantined } from './sync/syncLedger';
export type { DirectorySyncOptions } from './sync/syncSettings';
export {
  HistoryStore,
  InvalidHistoryCursor,
  type HistoryCallUpdate,
  type HistoryQuery,
  type NewHistoryCall,
} from './history/historyStore';
export {
  HistoryTextIndex,
  snippetParts,
  type IndexedText,
  type TextHit,
  type TextSource,
} from './history/historyTextIndex';
export { newReview, ReviewRecordStore, type StoredReview, type V2State } from './history/reviewRecordStore';
export { WrapUpStore, type OutboxEntry, type WrapUpFields } from './history/wrapUpStore';
export { WrapUpDraftStore, type StoredDraft } from './history/wrapUpDraftStore';
/** What the cache answers with: plain, serialisable data, ready to cross IPC (shapes of the IPC contract). */
export type {
  CompanyCard,
  CompanyCardPerson,
  CompanyLink,
  CompanySummary,
  DirectoryCounts,
  DirectoryEntry,
  DirectoryGroup,
  DirectoryNumber,
  DirectorySearchResult,
  ExtensionSummary,
  NumberMatch,
  PersonCard,
  PersonCardContact,
  PersonSummary,
  UserSummary,
} from '../shared/contract';
