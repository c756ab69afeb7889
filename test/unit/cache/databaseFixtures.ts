/** Cache files as an older Ringside left them, for the tests of what a newer one makes of them. */
import Database from 'better-sqlite3';
import { MIGRATIONS, type MigrationContext } from '../../../src-main/cache/database/migrations';

/** The migrations before the history's own file open no other file. */
const NO_HISTORY_FILE: MigrationContext = {
  openHistoryFile: () => {
    throw new Error('the first migrations open no other file');
  },
};

/** A cache file at schema `version` (in WAL mode, as Ringside keeps it), open for the test to fill. */
export function olderCache(path: string, version: number): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  MIGRATIONS.slice(0, version).forEach((migration) => migration(db, NO_HISTORY_FILE));
  db.pragma(`user_version = ${version}`);
  return db;
}
