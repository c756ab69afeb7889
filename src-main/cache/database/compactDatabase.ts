/**
 * Rewrites a database file so that nothing deleted from it can be read back: VACUUM copies the live pages
 * into a fresh file (free pages, where deleted rows linger, are left behind), then a TRUNCATE checkpoint
 * moves that into the main file and empties the WAL, which still held earlier versions of the pages.
 * Outside any transaction; other connections to the file must be closed or idle, or the WAL stays.
 */
import type { Database } from 'better-sqlite3';

export function compactDatabase(db: Database): void {
  db.exec('VACUUM');
  if (!db.memory) db.pragma('wal_checkpoint(TRUNCATE)');
}
