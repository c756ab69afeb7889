/**
 * Copies what can still be read of a damaged file's history tables into a history file (salvageRows.ts
 * does the reading) and counts what could not be read, for the notice the agent gets. The damaged file is
 * read through a copy, so the file kept aside stays exactly as it was found.
 */
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { HistoryRepair } from '../../shared/contract';
import { columnsOf, quote, readableCopy, salvageTable, type TableSalvage } from '../database/salvageRows';
import type { CacheDatabase } from '../database/storeFile';
import { HISTORY_META, HISTORY_TABLES } from './historySchema';

type HistoryTable = (typeof HISTORY_TABLES)[number];

export interface HistorySalvage {
  /** What was read of each history table the damaged file still showed. */
  tables: Partial<Record<HistoryTable, TableSalvage>>;
  /** Its list of tables could be read (else nothing could be, and how much was lost is unknown). */
  readable: boolean;
}

/**
 * Reads the history tables of `damagedPath` (and its WAL) into the history file `target()` opens, which is
 * opened only when the damaged file holds at least one of them. `tables`: which to look for (an older
 * Ringside's directory cache has its own meta table, not the history's).
 */
export function copyReadableHistory(
  damagedPath: string,
  target: () => CacheDatabase,
  tables: readonly HistoryTable[] = HISTORY_TABLES,
): HistorySalvage {
  const work = `${damagedPath}.salvage-source`;
  removeWithCompanions(work);
  readableCopy(damagedPath, work);
  const salvage: HistorySalvage = { tables: {}, readable: false };
  let source: SqliteDatabase | undefined;
  try {
    source = new Database(work);
    const present = new Set(
      source.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[],
    );
    salvage.readable = true;
    let history: CacheDatabase | undefined;
    for (const table of tables) {
      if (!present.has(table)) continue;
      history ??= target();
      salvage.tables[table] = copyTable(source, history, table);
    }
  } catch {
    // Not even the list of tables: nothing can be read.
  } finally {
    source?.close();
    removeWithCompanions(work);
  }
  return salvage;
}

function copyTable(source: SqliteDatabase, target: CacheDatabase, table: string): TableSalvage {
  const wanted = new Set(columnsOf(target.db, table));
  const columns = columnsOf(source, table).filter((column) => wanted.has(column));
  if (columns.length === 0) return { read: 0, unreadable: null };
  const insert = target.db.prepare(
    `INSERT OR IGNORE INTO ${quote(table)} (${columns.map(quote).join(', ')})
      VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return target.write(() => salvageTable(source, table, columns, (values) => insert.run(values)));
}

/** What the agent is told: calls and unsent wrap-ups recovered, records lost. */
export function repairOf(salvage: HistorySalvage, now: number): HistoryRepair {
  const { tables } = salvage;
  const counted = Object.entries(tables)
    .filter(([table]) => table !== 'meta')
    .map(([, outcome]) => outcome.unreadable);
  return {
    repairedAt: now,
    recoveredCalls: tables.call_history?.read ?? 0,
    recoveredUnsentWrapUps: tables.wrapup_outbox?.read ?? 0,
    unreadable:
      salvage.readable && counted.every((count) => count !== null)
        ? counted.reduce<number>((sum, count) => sum + count!, 0)
        : null,
  };
}

export function saveRepair(target: CacheDatabase, repair: HistoryRepair): void {
  target.write(() =>
    target.db
      .prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)')
      .run(HISTORY_META.repair, JSON.stringify(repair)),
  );
}

export function removeWithCompanions(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}
