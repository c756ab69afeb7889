/**
 * What every connection to a Ringside file needs; these settings belong to the connection, not the file.
 * Kept apart from storeFile.ts so the sync's writer thread opens its connection without loading the rest.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';

/** `synchronous` as PRAGMA reports it. */
const SYNCHRONOUS = { NORMAL: 1, FULL: 2 } as const;

/** NORMAL: in WAL mode a commit survives the app crashing; FULL: a power cut as well. */
export function configureConnection(
  db: SqliteDatabase,
  synchronous: keyof typeof SYNCHRONOUS = 'NORMAL',
): void {
  db.pragma(`synchronous = ${synchronous}`);
  const level = Number(db.pragma('synchronous', { simple: true }));
  if (level !== SYNCHRONOUS[synchronous]) {
    throw new Error(
      `SQLite kept synchronous=${level} although ${synchronous} (${SYNCHRONOUS[synchronous]}) was requested`,
    );
  }
  db.pragma('foreign_keys = ON');
}
