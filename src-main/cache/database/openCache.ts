/**
 * Opens a PBX's directory cache (storeFile.ts does what every Ringside file needs). The cache can always be
 * rebuilt from the PBX: a corrupt or foreign file is set aside (corruptCopies.ts) and replaced by an empty
 * cache that the next sync refills, with one log line. A damaged cache that still holds an older Ringside's
 * history (migration 2) has that history salvaged into the history file first.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { systemClock } from '../../shared/clock';
import type { MessageKey } from '../../shared/i18n';
import { copyReadableHistory, repairOf, saveRepair } from '../history/historySalvage';
import { LEGACY_HISTORY_TABLES } from '../history/legacyHistoryTables';
import { historyFileBeside, openHistoryFile } from '../history/openHistoryFile';
import { setAsideAsCorrupt } from './corruptCopies';
import { APPLICATION_ID, MIGRATIONS, migrate } from './migrations';
import {
  openStoreFile,
  type CacheDatabase,
  type OpenCacheOptions,
  type StoreFileKind,
  type UnusableFile,
} from './storeFile';

export type { CacheDatabase, OpenCacheOptions } from './storeFile';

const DIRECTORY_CACHE: StoreFileKind = {
  name: 'directory cache',
  applicationId: APPLICATION_ID,
  version: MIGRATIONS.length,
  synchronous: 'NORMAL',
  secureDelete: false,
  // The message key CacheDamagedError words (storeFileErrors.ts).
  recovery: 'store.recoveryDirectory' satisfies MessageKey,
  migrate: (db, path, options) =>
    migrate(db, { openHistoryFile: () => openHistoryFile(historyFileBeside(path), options) }),
  replace: (unusable) => replaceDirectoryCache(unusable),
};

export function openCache(path: string, options: OpenCacheOptions): CacheDatabase {
  return openStoreFile(path, DIRECTORY_CACHE, options);
}

function replaceDirectoryCache({ path, reason, options, reopen }: UnusableFile): CacheDatabase {
  const clock = options.clock ?? systemClock;
  rescueOlderHistory(path, options);
  const aside = setAsideAsCorrupt(path, clock);
  options.logger.warn(
    `Directory cache ${path} was unusable (${reason}); moved it to ${aside} and started an empty cache.`,
  );
  return reopen();
}

/** The history an older Ringside kept in the cache file is the agent's: salvaged, not set aside with it. */
function rescueOlderHistory(path: string, options: OpenCacheOptions): void {
  // Only from a file that says it is Ringside's (another application's tables are not the agent's calls).
  if (applicationIdOf(path) !== APPLICATION_ID) return;
  let history: CacheDatabase | undefined;
  try {
    const salvage = copyReadableHistory(
      path,
      () => (history = openHistoryFile(historyFileBeside(path), options)),
      LEGACY_HISTORY_TABLES,
    );
    if (history) {
      const repair = repairOf(salvage, (options.clock ?? systemClock).now());
      saveRepair(history, repair);
      options.logger.info(
        `Salvaged ${repair.recoveredCalls} calls and ${repair.recoveredUnsentWrapUps} unsent wrap-ups ` +
          `from the damaged directory cache ${path}`,
      );
    }
  } catch (error) {
    options.logger.error(`The history in the damaged directory cache ${path} could not be salvaged`, error);
  } finally {
    history?.close();
  }
}

/** The application id in a SQLite file's header (bytes 68–71); undefined without a header to read. */
function applicationIdOf(path: string): number | undefined {
  let file: number | undefined;
  try {
    file = openSync(path, 'r');
    const header = Buffer.alloc(SQLITE_HEADER_BYTES);
    if (readSync(file, header, 0, SQLITE_HEADER_BYTES, 0) < SQLITE_HEADER_BYTES) return undefined;
    return header.readUInt32BE(APPLICATION_ID_OFFSET);
  } catch {
    return undefined;
  } finally {
    if (file !== undefined) closeSync(file);
  }
}

const SQLITE_HEADER_BYTES = 100;
const APPLICATION_ID_OFFSET = 68;
