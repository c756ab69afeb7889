/**
 * Wrap-ups in the cache: the agent's local copy (disposition, note, follow-up) and the outbox of metadata
 * changes not yet accepted by the PBX, written in one transaction so a crash loses neither. One outbox entry
 * per call: a later save merges its changes into a pending one (later keys win; null still deletes), so the
 * PBX gets one differential write. Also the last metadata the PBX reported per call.
 */
import type { PendingSave, SavedWrapUp } from '../../shared/contract';
import type { CacheDatabase } from '../database/openCache';

export interface OutboxEntry extends PendingSave {
  /** Bumped by every merged save: an answer to an older revision leaves the newer edits queued. */
  revision: number;
}

export interface WrapUpFields {
  disposition: string | null;
  note: string;
  followUp: boolean;
}

interface OutboxRow {
  uniqueid: string;
  changes: string;
  state: PendingSave['state'];
  attempts: number;
  message: string | null;
  saved_at: number;
  next_attempt_at: number | null;
  revision: number;
  remote_display: string | null;
  remote_name: string | null;
  match_json: string | null;
}

const SELECT_ENTRY = `SELECT o.*, h.remote_display, h.remote_name, h.match_json FROM wrapup_outbox o
  LEFT JOIN call_history h ON h.uniqueid = o.uniqueid`;

export class WrapUpStore {
  private readonly sql;

  constructor(private readonly database: CacheDatabase) {
    const { db } = database;
    this.sql = {
      wrapUp: db.prepare('SELECT * FROM wrapups WHERE uniqueid = ?'),
      saveWrapUp:
        db.prepare(`INSERT OR REPLACE INTO wrapups (uniqueid, disposition, note, follow_up, saved_at, written_at)
        VALUES (?, ?, ?, ?, ?, NULL)`),
      written: db.prepare('UPDATE wrapups SET written_at = ? WHERE uniqueid = ?'),
      entry: db.prepare(`${SELECT_ENTRY} WHERE o.uniqueid = ?`),
      entries: db.prepare(`${SELECT_ENTRY} ORDER BY o.seq`),
      count: db.prepare('SELECT count(*) FROM wrapup_outbox').pluck(),
      due: db.prepare(`${SELECT_ENTRY} WHERE o.state IN ('queued', 'retrying')
        AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?) ORDER BY o.seq LIMIT 1`),
      nextAttemptAt: db
        .prepare("SELECT min(next_attempt_at) FROM wrapup_outbox WHERE state IN ('queued', 'retrying')")
        .pluck(),
      insertEntry: db.prepare(`INSERT INTO wrapup_outbox (uniqueid, changes, state, saved_at)
        VALUES (?, ?, 'queued', ?)`),
      mergeEntry:
        db.prepare(`UPDATE wrapup_outbox SET changes = ?, state = 'queued', attempts = 0, message = NULL,
        next_attempt_at = NULL, saved_at = ?, revision = revision + 1 WHERE uniqueid = ?`),
      setState: db.prepare(`UPDATE wrapup_outbox SET state = @state, attempts = @attempts, message = @message,
        next_attempt_at = @next_attempt_at WHERE uniqueid = @uniqueid`),
      remove: db.prepare('DELETE FROM wrapup_outbox WHERE uniqueid = ?'),
      removeRevision: db.prepare('DELETE FROM wrapup_outbox WHERE uniqueid = ? AND revision = ?'),
      setting: db.prepare('SELECT value FROM meta WHERE key = ?').pluck(),
      saveSetting: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
      metadata: db.prepare('SELECT metadata, fetched_at FROM call_metadata WHERE uniqueid = ?'),
      saveMetadata: db.prepare(
        'INSERT OR REPLACE INTO call_metadata (uniqueid, metadata, fetched_at) VALUES (?, ?, ?)',
      ),
    };
  }

  wrapUp(uniqueid: string): SavedWrapUp | null {
    const row = this.sql.wrapUp.get(uniqueid) as
      | {
          disposition: string | null;
          note: string;
          follow_up: number;
          saved_at: number;
          written_at: number | null;
        }
      | undefined;
    return row
      ? {
          disposition: row.disposition,
          note: row.note,
          followUp: row.follow_up === 1,
          savedAt: row.saved_at,
          writtenAt: row.written_at,
        }
      : null;
  }

  /** Stores the wrap-up and queues its metadata changes (merged into a pending entry) in one transaction. */
  save(uniqueid: string, fields: WrapUpFields, changes: Record<string, unknown>, now: number): OutboxEntry {
    return this.database.write(() => {
      this.sql.saveWrapUp.run(uniqueid, fields.disposition, fields.note, fields.followUp ? 1 : 0, now);
      const pending = this.entry(uniqueid);
      if (pending) this.sql.mergeEntry.run(JSON.stringify({ ...pending.changes, ...changes }), now, uniqueid);
      else this.sql.insertEntry.run(uniqueid, JSON.stringify(changes), now);
      return this.entry(uniqueid)!;
    });
  }

  entry(uniqueid: string): OutboxEntry | undefined {
    const row = this.sql.entry.get(uniqueid) as OutboxRow | undefined;
    return row && entryOf(row);
  }

  /** Every pending save, oldest first. */
  entries(): OutboxEntry[] {
    return (this.sql.entries.all() as OutboxRow[]).map(entryOf);
  }

  count(): number {
    return Number(this.sql.count.get());
  }

  /** The oldest entry that may be sent at `now`. */
  due(now: number): OutboxEntry | undefined {
    const row = this.sql.due.get(now) as OutboxRow | undefined;
    return row && entryOf(row);
  }

  /** When the next retry is due (null: nothing scheduled; entries without a time are due at once). */
  nextAttemptAt(): number | null {
    const value = this.sql.nextAttemptAt.get() as number | null;
    return value ?? null;
  }

  setState(
    uniqueid: string,
    state: PendingSave['state'],
    details: { attempts: number; message: string | null; nextAttemptAt: number | null },
  ): void {
    this.database.write(() =>
      this.sql.setState.run({
        uniqueid,
        state,
        attempts: details.attempts,
        message: details.message,
        next_attempt_at: details.nextAttemptAt,
      }),
    );
  }

  /**
   * The PBX accepted `revision` of the entry: it leaves the outbox unless a newer save was merged in
   * meanwhile (that one goes out next). Stores the metadata the PBX returned.
   */
  accepted(uniqueid: string, revision: number, metadata: Record<string, unknown>, now: number): boolean {
    return this.database.write(() => {
      this.saveMetadata(uniqueid, metadata, now);
      const removed = this.sql.removeRevision.run(uniqueid, revision).changes > 0;
      if (removed) this.sql.written.run(now, uniqueid);
      else
        this.sql.setState.run({
          uniqueid,
          state: 'queued',
          attempts: 0,
          message: null,
          next_attempt_at: null,
        });
      return removed;
    });
  }

  discard(uniqueid: string): boolean {
    return this.database.write(() => this.sql.remove.run(uniqueid).changes > 0);
  }

  metadata(uniqueid: string): { values: Record<string, unknown>; fetchedAt: number } | null {
    const row = this.sql.metadata.get(uniqueid) as { metadata: string; fetched_at: number } | undefined;
    return row
      ? { values: JSON.parse(row.metadata) as Record<string, unknown>, fetchedAt: row.fetched_at }
      : null;
  }

  saveMetadata(uniqueid: string, values: Record<string, unknown>, now: number): void {
    this.database.write(() => this.sql.saveMetadata.run(uniqueid, JSON.stringify(values), now));
  }

  /** A small JSON value kept in the cache's meta table (e.g. the last dispositions list the PBX gave). */
  setting<T>(key: string): T | undefined {
    const value = this.sql.setting.get(key) as string | undefined;
    return value === undefined ? undefined : (JSON.parse(value) as T);
  }

  saveSetting(key: string, value: unknown): void {
    this.database.write(() => this.sql.saveSetting.run(key, JSON.stringify(value)));
  }
}

function entryOf(row: OutboxRow): OutboxEntry {
  const match = row.match_json ? (JSON.parse(row.match_json) as { name?: string }) : null;
  return {
    uniqueid: row.uniqueid,
    state: row.state,
    changes: JSON.parse(row.changes) as Record<string, unknown>,
    attempts: row.attempts,
    message: row.message,
    savedAt: row.saved_at,
    nextAttemptAt: row.next_attempt_at,
    remote:
      row.remote_display === null
        ? null
        : { display: row.remote_display, name: match?.name ?? (row.remote_name || null) },
    revision: row.revision,
  };
}
