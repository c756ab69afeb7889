/**
 * The history file's schema (one file per PBX, beside its directory cache; docs/history-and-review.md):
 * the call history, stored call reviews, wrap-ups with their outbox and drafts, the last metadata per call,
 * and full-text search over transcripts, summaries and notes. Append-only, like the directory's migrations.
 *
 * Every table has a rowid and a named unique index on its key: a damaged file is salvaged by reading rows
 * by rowid ranges, and the indexes tell which rows existed, so that what could not be read is counted
 * (historySalvage.ts).
 */
import type { Database } from 'better-sqlite3';
import {
  HISTORY_COLUMNS,
  HISTORY_INDEXES,
  HISTORY_RECORD_TABLES,
  HISTORY_TEXT_TABLES,
} from './historyTables';

/** 'RGSH' in ASCII: a Ringside history file (the directory cache is 'RGSD'). */
export const HISTORY_APPLICATION_ID = 0x52475348;

/** Keys of the history file's own meta table. */
export const HISTORY_META = {
  /** The last repair of a damaged file, until the agent has seen it (a HistoryRepair as JSON). */
  repair: 'history.repair',
} as const;

const v1 = (db: Database): void => {
  const columns = HISTORY_COLUMNS;
  db.exec(`
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    -- One row per call the monitor saw.
    CREATE TABLE call_history (uniqueid TEXT NOT NULL, ${columns.call_history});
    CREATE UNIQUE INDEX call_history_by_id ON call_history (uniqueid);
    -- The PBX's record of a call (v1 JSON, v2 JSON) and where fetching it stands.
    CREATE TABLE review_records (uniqueid TEXT NOT NULL, ${columns.review_records});
    CREATE UNIQUE INDEX review_records_by_id ON review_records (uniqueid);
    -- The agent's wrap-up (local copy) and the saves not yet accepted by the PBX, one outbox row per call.
    CREATE TABLE wrapups (uniqueid TEXT NOT NULL, ${columns.wrapups});
    CREATE UNIQUE INDEX wrapups_by_id ON wrapups (uniqueid);
    CREATE TABLE wrapup_outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, uniqueid TEXT NOT NULL, ${columns.wrapup_outbox});
    CREATE UNIQUE INDEX wrapup_outbox_by_id ON wrapup_outbox (uniqueid);
    -- The last metadata the PBX reported for a call, for when it cannot be asked.
    CREATE TABLE call_metadata (uniqueid TEXT NOT NULL, ${columns.call_metadata});
    CREATE UNIQUE INDEX call_metadata_by_id ON call_metadata (uniqueid);
    ${HISTORY_INDEXES}
    ${HISTORY_TEXT_TABLES}
  `);
  db.pragma(`application_id = ${HISTORY_APPLICATION_ID}`);
};

/** Wrap-up drafts: typed, not yet saved (wrapUpDraftStore.ts). Only the history file has them. */
const v2 = (db: Database): void => {
  db.exec(`
    CREATE TABLE wrapup_drafts (uniqueid TEXT NOT NULL, draft TEXT NOT NULL, updated_at INTEGER NOT NULL);
    CREATE UNIQUE INDEX wrapup_drafts_by_id ON wrapup_drafts (uniqueid);
  `);
};

export const HISTORY_MIGRATIONS: readonly ((db: Database) => void)[] = [v1, v2];

/**
 * The tables that hold what the agent and the PBX gave, in the order a salvage copies them. The search
 * index (`history_fts`) is not among them: it is rebuilt from `history_text` as the rows go in.
 */
export const HISTORY_TABLES = ['meta', ...HISTORY_RECORD_TABLES, 'wrapup_drafts'] as const;

/** Brings the history file's schema up to date, one transaction per migration. */
export function migrateHistoryFile(db: Database): void {
  const from = Number(db.pragma('user_version', { simple: true }));
  HISTORY_MIGRATIONS.slice(from).forEach((migration, index) => {
    db.transaction(() => {
      migration(db);
      db.pragma(`user_version = ${from + index + 1}`);
    })();
  });
}
