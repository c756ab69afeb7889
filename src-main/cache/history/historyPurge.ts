/**
 * The retention period (Settings ▸ Privacy): calls that started before a given instant leave the history,
 * with their reviews (record and transcript), searchable text, wrap-ups and metadata; so do reviews of
 * calls the history never had (opened by id) first fetched before then. A call still going on stays, and
 * so does one whose wrap-up waits in the outbox (the agent's unsent work; it goes once sent and old).
 * SQLite's secure_delete overwrites what is deleted, so the removed text is not left in free pages.
 */
import type { CacheDatabase } from '../database/openCache';

const OLD_CALLS = `WITH old (uniqueid) AS (
    SELECT uniqueid FROM call_history WHERE started_at < @before AND outcome <> 'ongoing'
    UNION SELECT r.uniqueid FROM review_records r WHERE r.first_attempt_at < @before
      AND NOT EXISTS (SELECT 1 FROM call_history h WHERE h.uniqueid = r.uniqueid)
    EXCEPT SELECT uniqueid FROM wrapup_outbox)`;

/** The call rows last: the others find the old calls through them. */
const TABLES = ['history_text', 'review_records', 'wrapups', 'call_metadata', 'call_history'] as const;

/** Prepares the purge over this database; it runs in one transaction and returns how many calls went. */
export function prepareHistoryPurge(database: CacheDatabase): (before: number) => number {
  const { db } = database;
  const statements = TABLES.map((table) =>
    db.prepare(`${OLD_CALLS} DELETE FROM ${table} WHERE uniqueid IN (SELECT uniqueid FROM old)`),
  );
  return (before) => {
    const secureDelete = Number(db.pragma('secure_delete', { simple: true }));
    db.pragma('secure_delete = ON');
    try {
      // The last statement deletes the calls themselves: its count is the answer.
      return database.write(() => statements.map((statement) => statement.run({ before }).changes).at(-1)!);
    } finally {
      db.pragma(`secure_delete = ${secureDelete}`);
    }
  };
}
