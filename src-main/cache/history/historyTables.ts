/**
 * The history's tables as both of its homes create them: the directory cache's released migration 2
 * (legacyHistoryTables.ts, where each call's id is a WITHOUT ROWID key) and the history file
 * (historySchema.ts, rowid tables with a unique index on the id). The columns after the id, the indexes
 * and the full-text search are the same in both, so a row moves from one to the other as it is.
 */

/** The tables of records, in the order their rows are copied (calls before what refers to them). */
export const HISTORY_RECORD_TABLES = [
  'call_history',
  'review_records',
  'wrapups',
  'wrapup_outbox',
  'call_metadata',
  'history_text',
] as const;

/** Each table's columns after its `uniqueid` (and after `seq` for the outbox). */
export const HISTORY_COLUMNS = {
  // match_json: the directory match when the call was first seen. search_text: ' ' + folded names + ' ' +
  // digit forms of the number, for history:list's query.
  call_history: `direction TEXT NOT NULL, outcome TEXT NOT NULL,
      remote_number TEXT NOT NULL, remote_display TEXT NOT NULL, remote_dial TEXT, remote_name TEXT NOT NULL,
      match_json TEXT, company_id INTEGER, company_name TEXT, queue_id INTEGER, queue_name TEXT,
      started_at INTEGER NOT NULL, answered_at INTEGER, ended_at INTEGER, rang INTEGER NOT NULL DEFAULT 0,
      seen INTEGER NOT NULL DEFAULT 1, search_text TEXT NOT NULL`,
  // v2_state: unknown (not asked yet), shown, not-offered (404), failed.
  review_records: `state TEXT NOT NULL, record TEXT, v2 TEXT,
      v2_state TEXT NOT NULL DEFAULT 'unknown', permissions TEXT, permissions_agent TEXT,
      transcription_status INTEGER, attempts INTEGER NOT NULL DEFAULT 0,
      not_found INTEGER NOT NULL DEFAULT 0, message TEXT, first_attempt_at INTEGER NOT NULL,
      fetched_at INTEGER, next_attempt_at INTEGER`,
  wrapups: `disposition TEXT, note TEXT NOT NULL, follow_up INTEGER NOT NULL,
      saved_at INTEGER NOT NULL, written_at INTEGER`,
  // revision counts the saves merged in, so an answer to an older revision does not remove newer edits.
  wrapup_outbox: `changes TEXT NOT NULL,
      state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, message TEXT, saved_at INTEGER NOT NULL,
      next_attempt_at INTEGER, revision INTEGER NOT NULL DEFAULT 1`,
  call_metadata: 'metadata TEXT NOT NULL, fetched_at INTEGER NOT NULL',
} as const;

/** The indexes on each table beyond its id. */
export const HISTORY_INDEXES = `
    -- search_text in the index: the quick query filters rows before reading them.
    CREATE INDEX call_history_by_start ON call_history (started_at, uniqueid, search_text);
    CREATE INDEX call_history_by_outcome ON call_history (outcome, started_at, uniqueid);
    CREATE INDEX call_history_by_number ON call_history (remote_dial, started_at);
    CREATE INDEX call_history_unseen ON call_history (seen) WHERE seen = 0;
    CREATE INDEX review_records_due ON review_records (next_attempt_at) WHERE next_attempt_at IS NOT NULL;`;

/** Searchable text: a row per transcript segment, per summary, per note, and its FTS5 index kept in step. */
export const HISTORY_TEXT_TABLES = `
    CREATE TABLE history_text (
      id INTEGER PRIMARY KEY, uniqueid TEXT NOT NULL, source TEXT NOT NULL, channel INTEGER,
      segment INTEGER, begin REAL, text TEXT NOT NULL);
    CREATE INDEX history_text_by_call ON history_text (uniqueid, source);
    CREATE VIRTUAL TABLE history_fts USING fts5 (
      text, content = 'history_text', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
    CREATE TRIGGER history_text_ai AFTER INSERT ON history_text BEGIN
      INSERT INTO history_fts (rowid, text) VALUES (new.id, new.text);
    END;
    CREATE TRIGGER history_text_ad AFTER DELETE ON history_text BEGIN
      INSERT INTO history_fts (history_fts, rowid, text) VALUES ('delete', old.id, old.text);
    END;`;
