/**
 * "Clear local data" (Settings ▸ Privacy), for one database file: deletes every row of the agent's record
 * of calls (history, reviews with their transcripts, wrap-ups and their outbox, metadata, searchable text)
 * and of the directory the sync mirrors (records, number and search indexes, the sync's bookkeeping, so
 * the next sync starts over), then compacts the file so none of it can be read back from free pages or the
 * WAL. Only the tables the file has are touched: the directory cache and a separate store of the agent's
 * own data are each cleared by the same call. The meta tables (the numbering plan, the PBX's dispositions,
 * a repair notice the agent has not seen) stay.
 */
import type { Database } from 'better-sqlite3';
import { HISTORY_TABLES } from '../history/historySchema';
import { compactDatabase } from './compactDatabase';

/** The directory's records, indexes and sync bookkeeping (directory/directorySchema.ts). */
const DIRECTORY_TABLES = [
  'company_persons',
  'persons',
  'companies',
  'users',
  'groups',
  'roles',
  'teams',
  'queues',
  'extensions',
  'numbers',
  'record_sync',
  'sync_state',
] as const;

/** Whose rows are deleted: everything of both kinds of file but their meta tables. */
const TABLES = [...HISTORY_TABLES.filter((table) => table !== 'meta'), ...DIRECTORY_TABLES];

/** Full-text indexes, after their content (delete triggers): emptied whole, so no term of a row stays. */
const FULL_TEXT_INDEXES = ['history_fts', 'person_fts', 'entry_fts'] as const;

/** Needs the only connection to the file that is in use (the sync's writer closed). */
export function eraseLocalData(db: Database): void {
  const present = new Set(
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[],
  );
  db.transaction(() => {
    for (const table of TABLES) if (present.has(table)) db.exec(`DELETE FROM ${table}`);
    for (const index of FULL_TEXT_INDEXES) {
      if (present.has(index)) db.exec(`INSERT INTO ${index} (${index}) VALUES ('delete-all')`);
    }
  })();
  compactDatabase(db);
}
