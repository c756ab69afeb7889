/**
 * What a disk, a crash or a careless tool can do to a SQLite file between two runs: pages overwritten with
 * junk, the file cut short, the WAL deleted. Each takes the file's path; pages are SQLite's, 1-based.
 */
import { existsSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';

const JUNK = 0x5a;

/** The pages of a table or index (from SQLite's dbstat table), read from an intact, closed file. */
export function pagesOf(path: string, name: string): number[] {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare('SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno')
      .pluck()
      .all(name) as number[];
  } finally {
    db.close();
  }
}

export function pageSize(path: string): number {
  return readFileSync(path).readUInt16BE(16) || 65536;
}

/** Overwrites whole pages with junk. */
export function overwritePages(path: string, pages: readonly number[]): void {
  const size = pageSize(path);
  const bytes = readFileSync(path);
  for (const page of pages) bytes.fill(JUNK, (page - 1) * size, page * size);
  writeFileSync(path, bytes);
}

/** Cuts the file after `fraction` of its pages. */
export function truncateFile(path: string, fraction: number): void {
  const size = pageSize(path);
  const pages = Math.floor(readFileSync(path).length / size);
  truncateSync(path, Math.max(1, Math.floor(pages * fraction)) * size);
}

/** Deletes the write-ahead log (and its index), as a tool "cleaning up" the folder might. */
export function deleteWal(path: string): boolean {
  const had = existsSync(`${path}-wal`);
  rmSync(`${path}-wal`, { force: true });
  rmSync(`${path}-shm`, { force: true });
  return had;
}
