/**
 * Sync bookkeeping: where each collection's current pass is (so an interrupted sync resumes), and per record
 * when it was last seen in a list and last fetched in detail (for change detection and the rolling refresh),
 * and the records the last sync set aside (so they are still known after a restart). Like the store, every method expects to run inside a transaction.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { EntryKind } from '../database/entryKind';
import { KIND_CODE } from '../database/entryKind';
import type { DetailCollection } from './detailCollection';

/** A record the cache refused during a sync: set aside, retried by the next sync. */
export interface SyncQuarantined {
  collection: DetailCollection;
  id: number;
  /** Why the cache refused it (for the log and Settings). */
  reason: string;
}

export type PassPhase = 'list' | 'details' | 'done';

export interface SyncPass {
  collection: string;
  generation: number;
  phase: PassPhase;
  /** The offset of the next list page to fetch. */
  listOffset: number;
  /** Records were deleted on the PBX while the list was read: some live ones may have gone unseen. */
  listShifted: boolean;
  startedAt: number;
  completedAt: number | null;
}

interface PassRow {
  collection: string;
  generation: number;
  phase: PassPhase;
  list_offset: number;
  list_shifted: number;
  started_at: number;
  completed_at: number | null;
}

export class SyncLedger {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(db: SqliteDatabase) {
    this.sql = prepareStatements(db);
  }

  pass(collection: string): SyncPass | undefined {
    const row = this.sql.pass.get(collection) as PassRow | undefined;
    return (
      row && {
        collection: row.collection,
        generation: row.generation,
        phase: row.phase,
        listOffset: row.list_offset,
        listShifted: row.list_shifted === 1,
        startedAt: row.started_at,
        completedAt: row.completed_at,
      }
    );
  }

  /** Starts a new pass with the next generation number. */
  beginPass(collection: string, now: number): SyncPass {
    const generation = (this.pass(collection)?.generation ?? 0) + 1;
    this.sql.savePass.run({
      collection,
      generation,
      phase: 'list',
      list_offset: 0,
      started_at: now,
      completed_at: null,
    });
    return this.pass(collection)!;
  }

  saveListOffset(collection: string, offset: number): void {
    this.sql.setOffset.run(offset, collection);
  }

  markListShifted(collection: string): void {
    this.sql.setShifted.run(collection);
  }

  setPhase(collection: string, phase: PassPhase, now: number): void {
    this.sql.setPhase.run(phase, phase === 'done' ? now : null, collection);
  }

  /** Records that a list pass saw the record; a new or changed one becomes due for a detail fetch. */
  markSeen(kind: EntryKind, id: number, generation: number, due: boolean): void {
    this.sql.markSeen.run({ kind: KIND_CODE[kind], id, generation, due: due ? 1 : 0 });
  }

  /** `markSeen` for records a list pass found unchanged, one statement for a whole page. */
  markSeenUnchanged(kind: EntryKind, ids: readonly number[], generation: number): void {
    if (ids.length > 0)
      this.sql.markSeenMany.run({ kind: KIND_CODE[kind], ids: JSON.stringify(ids), generation });
  }

  seenIn(kind: EntryKind, id: number, generation: number): boolean {
    return this.sql.seenIn.get(KIND_CODE[kind], id, generation) !== undefined;
  }

  markFetched(kind: EntryKind, id: number, now: number): void {
    this.sql.markFetched.run({ kind: KIND_CODE[kind], id, now });
  }

  forget(kind: EntryKind, id: number): void {
    this.sql.forget.run(KIND_CODE[kind], id);
  }

  seenCount(kind: EntryKind, generation: number): number {
    return this.sql.seenCount.get(KIND_CODE[kind], generation) as number;
  }

  /**
   * Records the pass did not see, except those fetched or saved since it started (a person created in the
   * app while the list was being read is not a deletion).
   */
  unseenIds(kind: EntryKind, generation: number, passStartedAt: number): number[] {
    return this.sql.unseen.all({ kind: KIND_CODE[kind], generation, started: passStartedAt }) as number[];
  }

  /** Marks the `count` least recently fetched, not yet due records as due; returns how many. */
  scheduleRollingRefresh(kind: EntryKind, count: number): number {
    if (count <= 0) return 0;
    return this.sql.scheduleRefresh.run({ kind: KIND_CODE[kind], count }).changes;
  }

  dueIds(kind: EntryKind): number[] {
    return this.sql.due.all(KIND_CODE[kind]) as number[];
  }

  /** Notes a record the sync set aside; the first reason given in a sync is kept. */
  setAside({ collection, id, reason }: SyncQuarantined): void {
    this.sql.setAside.run(collection, id, reason);
  }

  /** Forgets the records set aside: a new sync starts, and tries each again. */
  clearSetAside(): void {
    this.sql.clearSetAside.run();
  }

  /** The records the running or last sync set aside, in the order they were. */
  setAsideRecords(): SyncQuarantined[] {
    return this.sql.setAsideRecords.all() as SyncQuarantined[];
  }
}

function prepareStatements(db: SqliteDatabase) {
  return {
    pass: db.prepare('SELECT * FROM sync_state WHERE collection = ?'),
    savePass: db.prepare(`INSERT OR REPLACE INTO sync_state
      (collection, generation, phase, list_offset, started_at, completed_at)
      VALUES (@collection, @generation, @phase, @list_offset, @started_at, @completed_at)`),
    setOffset: db.prepare('UPDATE sync_state SET list_offset = ? WHERE collection = ?'),
    setShifted: db.prepare('UPDATE sync_state SET list_shifted = 1 WHERE collection = ?'),
    seenIn: db.prepare('SELECT 1 FROM record_sync WHERE kind = ? AND id = ? AND seen_generation = ?'),
    setPhase: db.prepare('UPDATE sync_state SET phase = ?, completed_at = ? WHERE collection = ?'),
    markSeen: db.prepare(`INSERT INTO record_sync (kind, id, seen_generation, fetched_at, needs_fetch)
      VALUES (@kind, @id, @generation, NULL, 1)
      ON CONFLICT (kind, id) DO UPDATE SET seen_generation = @generation, needs_fetch = max(needs_fetch, @due)`),
    // A record without sync bookkeeping (none should be) is due for a fetch.
    markSeenMany: db.prepare(`INSERT INTO record_sync (kind, id, seen_generation, fetched_at, needs_fetch)
      SELECT @kind, value, @generation, NULL, 1 FROM json_each(@ids) WHERE true
      ON CONFLICT (kind, id) DO UPDATE SET seen_generation = excluded.seen_generation`),
    markFetched: db.prepare(`INSERT INTO record_sync (kind, id, seen_generation, fetched_at, needs_fetch)
      VALUES (@kind, @id, 0, @now, 0)
      ON CONFLICT (kind, id) DO UPDATE SET fetched_at = @now, needs_fetch = 0`),
    forget: db.prepare('DELETE FROM record_sync WHERE kind = ? AND id = ?'),
    seenCount: db.prepare('SELECT count(*) FROM record_sync WHERE kind = ? AND seen_generation = ?').pluck(),
    unseen: db
      .prepare(
        `SELECT id FROM record_sync WHERE kind = @kind AND seen_generation < @generation
        AND (fetched_at IS NULL OR fetched_at < @started)`,
      )
      .pluck(),
    scheduleRefresh: db.prepare(`UPDATE record_sync SET needs_fetch = 1 WHERE kind = @kind AND id IN (
      SELECT id FROM record_sync WHERE kind = @kind AND needs_fetch = 0 ORDER BY fetched_at LIMIT @count)`),
    due: db.prepare('SELECT id FROM record_sync WHERE kind = ? AND needs_fetch = 1 ORDER BY id').pluck(),
    setAside: db.prepare('INSERT OR IGNORE INTO sync_quarantine (collection, id, reason) VALUES (?, ?, ?)'),
    clearSetAside: db.prepare('DELETE FROM sync_quarantine'),
    setAsideRecords: db.prepare('SELECT collection, id, reason FROM sync_quarantine ORDER BY rowid'),
  };
}
