/**
 * The cache schema as an append-only list of migrations: migration i brings `user_version` from i to i + 1.
 * Never edit a released migration; add a new one.
 */
import type { Database } from 'better-sqlite3';
import { createDirectoryTables, indexNumbersByNational } from '../directory/directorySchema';
import { createHistoryTables } from '../history/historySchema';

/** 'RGSD' in ASCII: marks the file as Ringside's, so a foreign SQLite file is recognised and moved aside. */
export const APPLICATION_ID = 0x52475344;

export type Migration = (db: Database) => void;

const v1: Migration = (db) => {
  createDirectoryTables(db);
  db.pragma(`application_id = ${APPLICATION_ID}`);
};

export const MIGRATIONS: readonly Migration[] = [v1, createHistoryTables, indexNumbersByNational];

/** Brings the schema up to date, one transaction per migration. */
export function migrate(db: Database): { from: number; to: number } {
  const from = Number(db.pragma('user_version', { simple: true }));
  MIGRATIONS.slice(from).forEach((migration, index) => {
    db.transaction(() => {
      migration(db);
      db.pragma(`user_version = ${from + index + 1}`);
    })();
  });
  return { from, to: MIGRATIONS.length };
}
