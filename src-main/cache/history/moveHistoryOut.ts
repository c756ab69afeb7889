/**
 * Migration 5 of the directory cache: the history an older Ringside kept in the directory cache (migration
 * 2) moves into the PBX's own history file, so that a damaged cache, which is set aside and rebuilt, never
 * takes the agent's history and unsent wrap-ups with it. The rows are committed (and checkpointed) in the
 * history file before the tables are dropped from the cache; a crash in between copies them again next
 * time, and `INSERT OR IGNORE` makes that a no-op. The cache is compacted afterwards (migrations.ts), so the
 * history does not linger in its free pages.
 */
import type { Database } from 'better-sqlite3';
import { columnsOf, quote } from '../database/salvageRows';
import type { CacheDatabase } from '../database/storeFile';
import { LEGACY_HISTORY_TABLES } from './legacyHistoryTables';

/** Meta keys of the history kept in the cache's meta table (the last dispositions list). */
const HISTORY_META_KEYS = "key LIKE 'history.%'";

export function moveHistoryOut(db: Database, openHistoryFile: () => CacheDatabase): void {
  const holdsHistory =
    LEGACY_HISTORY_TABLES.some((table) =>
      db
        .prepare(`SELECT EXISTS (SELECT 1 FROM ${quote(table)})`)
        .pluck()
        .get(),
    ) || db.prepare(`SELECT EXISTS (SELECT 1 FROM meta WHERE ${HISTORY_META_KEYS})`).pluck().get();
  if (holdsHistory) {
    const history = openHistoryFile();
    try {
      history.write(() => {
        for (const table of [...LEGACY_HISTORY_TABLES, 'meta']) copyRows(db, history, table);
      });
      history.checkpoint();
    } finally {
      history.close();
    }
  }
  db.exec(`
    DROP TABLE history_fts;
    ${LEGACY_HISTORY_TABLES.map((table) => `DROP TABLE ${table};`).join('\n')}
    DELETE FROM meta WHERE ${HISTORY_META_KEYS};
  `);
}

function copyRows(from: Database, to: CacheDatabase, table: string): void {
  const wanted = new Set(columnsOf(to.db, table));
  const columns = columnsOf(from, table).filter((column) => wanted.has(column));
  const list = columns.map(quote).join(', ');
  const where = table === 'meta' ? ` WHERE ${HISTORY_META_KEYS}` : '';
  const insert = to.db.prepare(
    `INSERT OR IGNORE INTO ${table} (${list}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  for (const row of from.prepare(`SELECT ${list} FROM ${table}${where}`).raw().iterate()) {
    insert.run(row as unknown[]);
  }
}
