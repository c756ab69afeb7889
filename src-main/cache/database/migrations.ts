/**
 * The cache schema as an append-only list of migrations: migration i brings `user_version` from i to i + 1.
 * Never edit a released migration; add a new one.
 */
import type { Database } from 'better-sqlite3';
import {
  createDirectoryTables,
  dropStoredUserRecords,
  indexNumbersByNational,
  indexPersonSortKeysById,
  indexUserSortKeys,
  storeShownNumbersInPersonRows,
} from '../directory/directorySchema';
import { createHistoryTables } from '../history/legacyHistoryTables';
import { moveHistoryOut } from '../history/moveHistoryOut';
import { compactDatabase } from './compactDatabase';
import type { CacheDatabase } from './storeFile';

/** 'RGSD' in ASCII: marks the file as Ringside's, so a foreign SQLite file is recognised and moved aside. */
export const APPLICATION_ID = 0x52475344;

/** What a migration may need beyond the file itself. */
export interface MigrationContext {
  /** Opens the history file of the same PBX (beside this one). */
  openHistoryFile(): CacheDatabase;
}

export type Migration = (db: Database, context: MigrationContext) => void;

const v1: Migration = (db) => {
  createDirectoryTables(db);
  db.pragma(`application_id = ${APPLICATION_ID}`);
};

/** The history gets a file of its own (history/moveHistoryOut.ts). */
const v5: Migration = (db, context) => moveHistoryOut(db, context.openHistoryFile);

/** The records the last sync set aside, so Settings can list them after a restart (sync/syncLedger.ts). */
const v6: Migration = (db) => {
  db.exec(`CREATE TABLE sync_quarantine (
    collection TEXT NOT NULL,
    id INTEGER NOT NULL,
    reason TEXT NOT NULL,
    UNIQUE (collection, id)
  )`);
};

export const MIGRATIONS: readonly Migration[] = [
  v1,
  createHistoryTables,
  indexNumbersByNational,
  dropStoredUserRecords,
  v5,
  v6,
  storeShownNumbersInPersonRows,
  indexPersonSortKeysById,
  indexUserSortKeys,
];

/** Migrations that remove data which must not stay readable in the file: the file is compacted after them. */
const COMPACT_AFTER: ReadonlySet<Migration> = new Set([dropStoredUserRecords, v5]);

/** Brings the schema up to date, one transaction per migration. */
export function migrate(db: Database, context: MigrationContext): { from: number; to: number } {
  const from = Number(db.pragma('user_version', { simple: true }));
  const pending = MIGRATIONS.slice(from);
  pending.forEach((migration, index) => {
    db.transaction(() => {
      migration(db, context);
      db.pragma(`user_version = ${from + index + 1}`);
    })();
  });
  // A new file held nothing to remove.
  if (from > 0 && pending.some((migration) => COMPACT_AFTER.has(migration))) compactDatabase(db);
  return { from, to: MIGRATIONS.length };
}
