/**
 * Whether a failure to store a record is that record's own (a value the cache refuses, a field of the
 * wrong type) or the database's (a full disk, I/O, corruption, a lock): the sync sets the first kind of
 * record aside and goes on, but stops at the second, which every other record would meet too.
 */
import { sqliteCode } from '../database/sqliteErrors';

const DATABASE_FAILURES =
  /^SQLITE_(FULL|IOERR|CORRUPT|NOTADB|READONLY|BUSY|LOCKED|CANTOPEN|NOMEM|PERM|AUTH|INTERRUPT|PROTOCOL)/;

export function isRecordFault(error: unknown): boolean {
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return false;
  const sqlite = sqliteCode(error);
  if (sqlite !== undefined) return !DATABASE_FAILURES.test(sqlite);
  // The cache's own coded errors (CacheFullError…) are about the database; a TypeError or RangeError of the
  // code that stores the record carries no code.
  return typeof (error as { code?: unknown } | null)?.code !== 'string';
}

/** What the log and Settings say of a record that was set aside. */
export function faultReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
