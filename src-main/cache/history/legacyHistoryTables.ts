/**
 * Migration 2 of the directory cache, as released (the same statements, the columns now shared with the
 * history file: historyTables.ts): the call history, stored call reviews, wrap-ups with their outbox, and
 * full-text search, in the same file as the directory. They have their own file since
 * (historySchema.ts); migration 5 moves what an older Ringside stored here into it (moveHistoryOut.ts).
 */
import type { Database } from 'better-sqlite3';
import {
  HISTORY_COLUMNS,
  HISTORY_INDEXES,
  HISTORY_RECORD_TABLES,
  HISTORY_TEXT_TABLES,
} from './historyTables';

export function createHistoryTables(db: Database): void {
  const columns = HISTORY_COLUMNS;
  db.exec(`
    -- One row per call the monitor saw.
    CREATE TABLE call_history (uniqueid TEXT PRIMARY KEY, ${columns.call_history}) WITHOUT ROWID;
    -- The PBX's record of a call (v1 JSON, v2 JSON) and where fetching it stands.
    CREATE TABLE review_records (uniqueid TEXT PRIMARY KEY, ${columns.review_records}) WITHOUT ROWID;
    -- The agent's wrap-up (local copy) and the saves not yet accepted by the PBX, one outbox row per call.
    CREATE TABLE wrapups (uniqueid TEXT PRIMARY KEY, ${columns.wrapups}) WITHOUT ROWID;
    CREATE TABLE wrapup_outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, uniqueid TEXT NOT NULL UNIQUE, ${columns.wrapup_outbox});
    -- The last metadata the PBX reported for a call, for when it cannot be asked.
    CREATE TABLE call_metadata (uniqueid TEXT PRIMARY KEY, ${columns.call_metadata}) WITHOUT ROWID;
    ${HISTORY_INDEXES}
    ${HISTORY_TEXT_TABLES}
  `);
}

/** The tables migration 2 created. */
export const LEGACY_HISTORY_TABLES = HISTORY_RECORD_TABLES;
