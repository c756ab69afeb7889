/** How a sync's list pass tells new and changed records from those the cache already has as they are. */
import type { Database as SqliteDatabase } from 'better-sqlite3';

/** What a list item told the cache about a record: unknown so far, different from the cache, or the same. */
export type ListChange = 'new' | 'changed' | 'unchanged';

/**
 * Compares list items' fields (as `table`'s columns hold them) with the cache's copy, read for a whole
 * page at once: the ids are bound as one JSON array.
 */
export function listComparison<F extends { id: number }>(
  db: SqliteDatabase,
  table: string,
  columns: readonly (keyof F & string)[],
): (fresh: readonly F[]) => ListChange[] {
  const cachedOf = db.prepare(
    `SELECT ${columns.join(', ')} FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`,
  );
  return (fresh) => {
    const rows = cachedOf.all(JSON.stringify(fresh.map((fields) => fields.id))) as F[];
    const cached = new Map(rows.map((row) => [row.id, row]));
    return fresh.map((fields) => {
      const row = cached.get(fields.id);
      if (!row) return 'new';
      return (Object.keys(fields) as (keyof F)[]).every((key) => row[key] === fields[key])
        ? 'unchanged'
        : 'changed';
    });
  };
}
