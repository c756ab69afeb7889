/**
 * SQLite's own failures, read from better-sqlite3's `error.code`. Kept apart from the cache's coded errors so the
 * detail writer's worker thread can use them without loading the contract.
 */
/** SQLite result codes this module reacts to; better-sqlite3 puts them in `error.code`. */
export function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/** `SQLITE_CORRUPT`, `SQLITE_CORRUPT_VTAB`, `SQLITE_NOTADB`…: the file is not a database we can read. */
export function isCorruption(error: unknown): boolean {
  const code = sqliteCode(error);
  return code !== undefined && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

export function isDiskFull(error: unknown): boolean {
  return sqliteCode(error) === 'SQLITE_FULL';
}
