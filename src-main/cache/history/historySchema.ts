/**
 * Migration 2: the call history, stored call reviews, wrap-ups with their outbox, and full-text search over
 * transcripts, summaries and notes (docs/history-and-review.md).
 */
import type { Database } from 'better-sqlite3';

export function createHistoryTables(db: Database): void {
  db.exec(`
    -- One row per call the monitor saw. match_json: the directory match when the call was first seen.
    -- search_text: ' ' + folded names + ' ' + digit forms of the number, for history:list's query.
    CREATE TABLE call_history (
      uniqueid TEXT PRIMARY KEY, direction TEXT NOT NULL, outcome TEXT NOT NULL,
      remote_number TEXT NOT NULL, remote_display TEXT NOT NULL, remote_dial TEXT, remote_name TEXT NOT NULL,
      match_json TEXT, company_id INTEGER, company_name TEXT, queue_id INTEGER, queue_name TEXT,
      started_at INTEGER NOT NULL, answered_at INTEGER, ended_at INTEGER, rang INTEGER NOT NULL DEFAULT 0,
      seen INTEGER NOT NULL DEFAULT 1, search_text TEXT NOT NULL) WITHOUT ROWID;
    -- search_text in the index: the quick query filters rows before reading them.
    CREATE INDEX call_history_by_start ON call_history (started_at, uniqueid, search_text);
    CREATE INDEX call_history_by_outcome ON call_history (outcome, started_at, uniqueid);
    CREATE INDEX call_history_by_number ON call_history (remote_dial, started_at);
    CREATE INDEX call_history_unseen ON call_history (seen) WHERE seen = 0;

    -- The PBX's record of a call (v1 JSON, v2 JSON) and where fetching it stands.
    -- v2_state: unknown (not asked yet), shown, not-offered (404), failed.
    CREATE TABLE review_records (
      uniqueid TEXT PRIMARY KEY, state TEXT NOT NULL, record TEXT, v2 TEXT,
      v2_state TEXT NOT NULL DEFAULT 'unknown', permissions TEXT, permissions_agent TEXT,
      transcription_status INTEGER, attempts INTEGER NOT NULL DEFAULT 0,
      not_found INTEGER NOT NULL DEFAULT 0, message TEXT, first_attempt_at INTEGER NOT NULL,
      fetched_at INTEGER, next_attempt_at INTEGER) WITHOUT ROWID;
    CREATE INDEX review_records_due ON review_records (next_attempt_at) WHERE next_attempt_at IS NOT NULL;

    -- The agent's wrap-up (local copy) and the saves not yet accepted by the PBX; one outbox row per call,
    -- later saves merged in (revision counts them, so an answer to an older revision does not remove newer edits).
    CREATE TABLE wrapups (
      uniqueid TEXT PRIMARY KEY, disposition TEXT, note TEXT NOT NULL, follow_up INTEGER NOT NULL,
      saved_at INTEGER NOT NULL, written_at INTEGER) WITHOUT ROWID;
    CREATE TABLE wrapup_outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, uniqueid TEXT NOT NULL UNIQUE, changes TEXT NOT NULL,
      state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, message TEXT, saved_at INTEGER NOT NULL,
      next_attempt_at INTEGER, revision INTEGER NOT NULL DEFAULT 1);
    -- The last metadata the PBX reported for a call, for when it cannot be asked.
    CREATE TABLE call_metadata (
      uniqueid TEXT PRIMARY KEY, metadata TEXT NOT NULL, fetched_at INTEGER NOT NULL) WITHOUT ROWID;

    -- Searchable text: a row per transcript segment, per summary, per note (source: transcript, summary, note).
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
    END;
  `);
}
