/** Errors of the local cache, each with a message a person can act on. */

/** The disk (or the database's page limit) is full. Nothing was deleted; the last write was rolled back. */
export class CacheFullError extends Error {
  override readonly name = 'CacheFullError';
  readonly code = 'cache-full';

  constructor(path: string, options?: { cause?: unknown }) {
    super(
      `The disk holding Ringside's directory cache (${path}) is full, so the cache cannot be updated. ` +
        'Free some disk space; the cached directory stays usable meanwhile.',
      options,
    );
  }
}

/** The cache file could not be opened for a reason other than corruption (permissions, a directory…). */
export class CacheOpenError extends Error {
  override readonly name = 'CacheOpenError';
  readonly code = 'cache-unavailable';

  constructor(path: string, reason: string, options?: { cause?: unknown }) {
    super(`Ringside could not open its directory cache at ${path}: ${reason}`, options);
  }
}

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
