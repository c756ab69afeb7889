/**
 * Reads what can still be read of one table of a damaged SQLite file. better-sqlite3's SQLite has neither
 * the recovery extension (`.recover`) nor `sqlite_dbdata`, so this reads through SQL: rows in rowid order,
 * forwards until a read fails, backwards from the end until one fails, then the rows in between one at a
 * time (a row on an intact page is found even between damaged ones), skipping those that fail. The table's
 * indexes say which rows existed, so a row that could not be read is counted, not silently missing.
 * A table without rowids (an older Ringside's) is read in key order from both ends.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  readSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/**
 * Copies a damaged file (and its WAL) to `copy` for reading, so the damaged one stays as it was found. A file
 * cut short still says in its header how many pages it had, and SQLite then refuses to read even its first
 * pages: the copy's header is made to say how many it has.
 */
export function readableCopy(damagedPath: string, copy: string): void {
  copyFileSync(damagedPath, copy);
  if (existsSync(`${damagedPath}-wal`)) copyFileSync(`${damagedPath}-wal`, `${copy}-wal`);
  const header = Buffer.alloc(HEADER_BYTES);
  const file = openSync(copy, 'r+');
  try {
    if (readSync(file, header, 0, HEADER_BYTES, 0) < HEADER_BYTES) return;
    if (header.toString('latin1', 0, 16) !== 'SQLite format 3\0') return;
    const pageSize = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
    const pages = Math.floor(statSync(copy).size / pageSize);
    if (pageSize < 512 || pages === 0 || header.readUInt32BE(PAGE_COUNT_OFFSET) <= pages) return;
    truncateSync(copy, pages * pageSize);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(pages);
    writeSync(file, count, 0, 4, PAGE_COUNT_OFFSET);
  } finally {
    closeSync(file);
  }
}

const HEADER_BYTES = 100;
/** Where the header keeps the page count ("in-header database size"). */
const PAGE_COUNT_OFFSET = 28;

export interface TableSalvage {
  read: number;
  /** Rows known to have existed that could not be read; null: some could not, how many is unknown. */
  unreadable: number | null;
}

const BATCH = 500;
/** Single-row reads between the damaged ends, beyond the rows the indexes know of. */
const PROBE_LIMIT = 100_000;

const FAILED = Symbol('failed');

/** `onRow` gets the values of `columns`, in that order. */
export function salvageTable(
  source: SqliteDatabase,
  table: string,
  columns: readonly string[],
  onRow: (values: unknown[]) => void,
): TableSalvage {
  const list = columns.map(quote).join(', ');
  if (attempt(() => source.prepare(`SELECT rowid FROM ${quote(table)} LIMIT 0`)) === FAILED) {
    return salvageInKeyOrder(source, table, list, onRow);
  }
  const select = `SELECT rowid, ${list} FROM ${quote(table)}`;
  const forward = source.prepare(`${select} WHERE rowid > ? ORDER BY rowid LIMIT ${BATCH}`).raw();
  const backward = source.prepare(`${select} WHERE rowid < ? ORDER BY rowid DESC LIMIT ${BATCH}`).raw();
  const single = source.prepare(`${select} WHERE rowid = ?`).raw();
  const read = new Set<number>();
  const take = (row: unknown[]) => {
    const rowid = Number(row[0]);
    if (read.has(rowid)) return;
    read.add(rowid);
    onRow(row.slice(1));
  };

  let low = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = attempt(() => forward.all(low) as unknown[][]);
    if (rows === FAILED) break;
    rows.forEach(take);
    if (rows.length < BATCH) return { read: read.size, unreadable: 0 };
    low = Number(rows.at(-1)![0]);
  }
  let high = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = attempt(() => backward.all(high) as unknown[][]);
    if (rows === FAILED) break;
    rows.forEach(take);
    if (rows.length < BATCH) break;
    high = Number(rows.at(-1)![0]);
  }

  const known = knownRowids(source, table);
  let unreadable = 0;
  for (const rowid of between(low, high, known)) {
    if (read.has(rowid)) continue;
    const row = attempt(() => single.get(rowid) as unknown[] | undefined);
    if (row === FAILED) {
      if (known.has(rowid)) unreadable++;
    } else if (row) take(row);
  }
  return { read: read.size, unreadable };
}

/** The rowids to try one by one: every one between the ends, as far as the highest known row. */
function* between(low: number, high: number, known: ReadonlySet<number>): Generator<number> {
  const inside = [...known].filter((rowid) => rowid > low && rowid < high);
  const top =
    high < Number.MAX_SAFE_INTEGER ? high - 1 : inside.reduce((max, rowid) => Math.max(max, rowid), low);
  const first = Math.max(low + 1, 1);
  const last = Math.min(top, first + PROBE_LIMIT - 1);
  for (let rowid = first; rowid <= last; rowid++) yield rowid;
  // Known rows outside the probed range (a sparse table, rowids below 1).
  yield* inside.filter((rowid) => rowid > last || rowid < first);
}

/** The rowids the table's indexes hold (each read forwards, and backwards past a damaged page). */
function knownRowids(source: SqliteDatabase, table: string): Set<number> {
  const known = new Set<number>();
  const indexes = attempt(
    () => source.prepare(`PRAGMA index_list(${quote(table)})`).all() as { name: string; partial: number }[],
  );
  if (indexes === FAILED) return known;
  for (const index of indexes) {
    // A partial index cannot be named in INDEXED BY without its condition; the others hold every row.
    if (index.partial) continue;
    const scan = `SELECT rowid FROM ${quote(table)} INDEXED BY ${quote(index.name)}`;
    const complete = attempt(() => {
      for (const rowid of source.prepare(scan).pluck().iterate()) known.add(Number(rowid));
    });
    if (complete !== FAILED) continue;
    const keys = attempt(
      () => source.prepare(`PRAGMA index_info(${quote(index.name)})`).all() as { name: string | null }[],
    );
    if (keys === FAILED || keys.some((key) => key.name === null)) continue;
    const descending = keys.map((key) => `${quote(key.name!)} DESC`).join(', ');
    attempt(() => {
      for (const rowid of source.prepare(`${scan} ORDER BY ${descending}`).pluck().iterate()) {
        known.add(Number(rowid));
      }
    });
  }
  return known;
}

/** A table without rowids: in key order from the start, and from the end when that stopped at damage. */
function salvageInKeyOrder(
  source: SqliteDatabase,
  table: string,
  list: string,
  onRow: (values: unknown[]) => void,
): TableSalvage {
  const seen = new Set<string>();
  const take = (row: unknown[]) => {
    const key = JSON.stringify(row);
    if (seen.has(key)) return;
    seen.add(key);
    onRow(row);
  };
  const select = `SELECT ${list} FROM ${quote(table)}`;
  const complete = attempt(() => {
    for (const row of source.prepare(select).raw().iterate()) take(row as unknown[]);
  });
  if (complete !== FAILED) return { read: seen.size, unreadable: 0 };
  const keys = attempt(() =>
    (source.prepare(`PRAGMA table_info(${quote(table)})`).all() as { name: string; pk: number }[])
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk),
  );
  if (keys !== FAILED && keys.length > 0) {
    const descending = keys.map((key) => `${quote(key.name)} DESC`).join(', ');
    attempt(() => {
      for (const row of source.prepare(`${select} ORDER BY ${descending}`).raw().iterate())
        take(row as unknown[]);
    });
  }
  return { read: seen.size, unreadable: null };
}

/** The column names of a table ([] when its definition cannot be read). */
export function columnsOf(db: SqliteDatabase, table: string): string[] {
  const columns = attempt(() => db.prepare(`PRAGMA table_info(${quote(table)})`).all() as { name: string }[]);
  return columns === FAILED ? [] : columns.map((column) => column.name);
}

function attempt<T>(read: () => T): T | typeof FAILED {
  try {
    return read();
  } catch {
    return FAILED;
  }
}

export function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
