/**
 * Opens the cache database: WAL, synchronous=NORMAL (read back and asserted), quick_check, migrations.
 * A corrupt or foreign file is moved aside and replaced by an empty cache (the next sync refills it), with
 * one log line; a full disk is reported as CacheFullError and never deletes anything.
 */
import { existsSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { systemClock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { CacheFullError, CacheOpenError } from '../errors';
import { isCorruption, isDiskFull, sqliteCode } from './sqliteErrors';
import { APPLICATION_ID, MIGRATIONS, migrate } from './migrations';

export interface CacheDatabase {
  readonly db: SqliteDatabase;
  readonly path: string;
  /** Runs `fn` in one transaction; a full disk becomes CacheFullError (the transaction is rolled back). */
  write<T>(fn: () => T): T;
  close(): void;
}

export interface OpenCacheOptions {
  logger: Logger;
  clock?: Clock;
}

/** `synchronous` as PRAGMA reports it: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
const SYNCHRONOUS_NORMAL = 1;

/** A file that opened but is not a usable Ringside cache (failed quick_check, foreign, from a newer app). */
class UnusableCacheFile extends Error {}

export function openCache(path: string, options: OpenCacheOptions): CacheDatabase {
  try {
    return openChecked(path);
  } catch (error) {
    if (!(error instanceof UnusableCacheFile) && !isCorruption(error)) throw describeOpenError(path, error);
    const aside = moveAside(path, options.clock ?? systemClock);
    const reason =
      error instanceof UnusableCacheFile ? error.message : `${sqliteCode(error)}: ${errorText(error)}`;
    options.logger.warn(
      `Directory cache ${path} was unusable (${reason}); moved it to ${aside} and started an empty cache.`,
    );
    try {
      return openChecked(path);
    } catch (retryError) {
      throw describeOpenError(path, retryError);
    }
  }
}

function openChecked(path: string): CacheDatabase {
  const db = new Database(path);
  try {
    configure(db);
    checkIdentity(db);
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    db,
    path,
    write: (fn) => {
      try {
        return db.transaction(fn)();
      } catch (error) {
        if (isDiskFull(error)) throw new CacheFullError(path, { cause: error });
        throw error;
      }
    },
    close: () => {
      if (db.open) db.close();
    },
  };
}

/**
 * A second connection to a cache file `openCache` has opened (and checked, and migrated): the sync's
 * writer thread. WAL lets it write while the app's connection reads; a write of the app's waits for the
 * writer's current transaction (one batch) through the busy timeout rather than failing.
 */
export function openWriterConnection(path: string): SqliteDatabase {
  const db = new Database(path, { fileMustExist: true, timeout: WRITER_BUSY_TIMEOUT_MS });
  try {
    configureConnection(db);
    // Room for the index pages a sync keeps changing (they lie all over the file), so they are neither
    // spilled mid-batch nor read back for the next one. The memory goes with the worker when the sync ends.
    db.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
    // Fewer, larger checkpoints: a page changed by many batches is copied into the file once. The writer
    // checkpoints what is left when it closes (sync/detailWriterWorker.ts).
    db.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

const WRITER_BUSY_TIMEOUT_MS = 10_000;
const WRITER_CACHE_KIB = 32 * 1024;
const WRITER_CHECKPOINT_PAGES = 16_000;

function configure(db: SqliteDatabase): void {
  const journal = String(db.pragma('journal_mode = WAL', { simple: true }));
  if (!db.memory && journal !== 'wal') throw new Error(`SQLite refused WAL mode (journal_mode=${journal})`);
  configureConnection(db);
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new UnusableCacheFile(`quick_check: ${String(check)}`);
}

/** What every connection needs (these settings are per connection, not stored in the file). */
function configureConnection(db: SqliteDatabase): void {
  db.pragma('synchronous = NORMAL');
  const synchronous = Number(db.pragma('synchronous', { simple: true }));
  if (synchronous !== SYNCHRONOUS_NORMAL) {
    throw new Error(`SQLite kept synchronous=${synchronous} although NORMAL (1) was requested`);
  }
  db.pragma('foreign_keys = ON');
}

function checkIdentity(db: SqliteDatabase): void {
  const applicationId = Number(db.pragma('application_id', { simple: true }));
  const tables = Number(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get());
  if (applicationId !== APPLICATION_ID && (applicationId !== 0 || tables > 0)) {
    throw new UnusableCacheFile(`a database of another application (application_id ${applicationId})`);
  }
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > MIGRATIONS.length) {
    throw new UnusableCacheFile(
      `schema version ${version} from a newer Ringside; this one knows ${MIGRATIONS.length}`,
    );
  }
}

/** Renames the file and its WAL companions to `<name>.corrupt-<timestamp>`; returns the new name. */
function moveAside(path: string, clock: Clock): string {
  const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
  const aside = `${path}.corrupt-${stamp}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  return aside;
}

function describeOpenError(path: string, error: unknown): Error {
  if (isDiskFull(error)) return new CacheFullError(path, { cause: error });
  if (error instanceof CacheFullError || error instanceof CacheOpenError) return error;
  return new CacheOpenError(path, errorText(error), { cause: error });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
