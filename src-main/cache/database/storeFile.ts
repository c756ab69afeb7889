/**
 * Opening one of Ringside's SQLite files, whatever it holds (the directory cache: openCache.ts; the history:
 * history/openHistoryFile.ts): WAL and the synchronous level (read back and asserted), the file's identity
 * (application id, schema version) and migrations, a clean-shutdown marker, the integrity check after an
 * unclean shutdown (in the background, integrityCheck.ts), and corruption met by any statement
 * (corruptionGuard.ts). What takes the place of a file found unusable, at open or later, is the kind's
 * business (`StoreFileKind.replace`): a directory cache is set aside and started empty, the history is
 * salvaged. A full disk is CacheFullError and never deletes anything.
 */
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { systemClock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { CacheFullError, CacheOpenError } from '../errors';
import { configureConnection } from './configureConnection';
import { pruneCorruptCopies } from './corruptCopies';
import { guardConnection } from './corruptionGuard';
import { createPrivateFile } from './createPrivateFile';
import { deferredIntegrityCheck, type IntegrityCheck } from './integrityCheck';
import { isCorruption, isDiskFull, sqliteCode } from './sqliteErrors';
import { CacheDamagedError, StoreOpenError } from './storeFileErrors';

/** An open Ringside SQLite file (the directory cache or the history). */
export interface CacheDatabase {
  /** The connection; a statement that meets damage throws CacheDamagedError and marks the file damaged. */
  readonly db: SqliteDatabase;
  readonly path: string;
  /** How it was opened (the history file beside a directory cache is opened the same way). */
  readonly options: OpenCacheOptions;
  /** Runs `fn` in one transaction; a full disk becomes CacheFullError (the transaction is rolled back). */
  write<T>(fn: () => T): T;
  /**
   * Copies what the WAL holds into the file now: a write that must survive losing the WAL as well.
   * TRUNCATE also empties the WAL (it keeps older versions of the pages), waiting for readers to finish.
   */
  checkpoint(mode?: 'PASSIVE' | 'TRUNCATE'): void;
  /** A statement or the integrity check found the file damaged; `recover()` replaces it. */
  readonly damaged: boolean;
  /**
   * Another connection to the file (the sync's writer thread) met damage: the file is marked damaged as if
   * a statement of this connection had met it. Returns the CacheDamagedError to throw.
   */
  reportDamage(cause: unknown): Error;
  /** Called (on a later turn, once) when the file is found damaged; returns the unsubscribe function. */
  onDamaged(listener: () => void): () => void;
  /** Settles once the background integrity check has run (at once when none was needed). */
  readonly integrityChecked: Promise<void>;
  /** Closes this connection and returns what replaces the file (see StoreFileKind.replace). */
  recover(): CacheDatabase;
  /** Closes; the file is marked as shut down cleanly unless it was found damaged or is still unchecked. */
  close(): void;
}

export interface OpenCacheOptions {
  logger: Logger;
  clock?: Clock;
  /** Where the integrity check after an unclean shutdown runs (default: on a later turn of this thread). */
  integrityCheck?: IntegrityCheck;
}

/** A file found unusable: the kind decides what takes its place. */
export interface UnusableFile {
  path: string;
  /** What was wrong, for the log. */
  reason: string;
  options: OpenCacheOptions;
  /** Opens `path` as it now is (once the damaged file was moved away); fails rather than replace again. */
  reopen(): CacheDatabase;
}

/** What one kind of file is: its identity and schema, and what replaces it when it is unusable. */
export interface StoreFileKind {
  /** For messages: "directory cache", "local history". */
  readonly name: string;
  readonly applicationId: number;
  /** How many migrations this Ringside knows; a higher `user_version` is a newer Ringside's file. */
  readonly version: number;
  /** NORMAL: a commit survives the app crashing; FULL: a power cut as well. */
  readonly synchronous: 'NORMAL' | 'FULL';
  /** Deleted rows are overwritten, not left in free pages (what the agent deleted must be gone). */
  readonly secureDelete: boolean;
  /** What a caller that met the damage is told, after "Ringside found its … damaged.". */
  readonly recovery: string;
  migrate(db: SqliteDatabase, path: string, options: OpenCacheOptions): void;
  replace(unusable: UnusableFile): CacheDatabase;
}

/** A file that opened but is not a usable Ringside file of this kind (foreign, from a newer app). */
class UnusableStoreFile extends Error {}

const MARKER_KEY = 'shutdown';
type Shutdown = 'clean' | 'running';

export function openStoreFile(path: string, kind: StoreFileKind, options: OpenCacheOptions): CacheDatabase {
  if (!isMemory(path)) pruneCorruptCopies(path, options.clock ?? systemClock);
  try {
    return openChecked(path, kind, options);
  } catch (error) {
    if (!(error instanceof UnusableStoreFile) && !isCorruption(error))
      throw describeOpenError(path, kind, error);
    const reason =
      error instanceof UnusableStoreFile ? error.message : `${sqliteCode(error)}: ${errorText(error)}`;
    return kind.replace(unusableFile(path, reason, kind, options));
  }
}

function unusableFile(
  path: string,
  reason: string,
  kind: StoreFileKind,
  options: OpenCacheOptions,
): UnusableFile {
  return {
    path,
    reason,
    options,
    reopen: () => {
      try {
        return openChecked(path, kind, options);
      } catch (error) {
        throw describeOpenError(path, kind, error);
      }
    },
  };
}

function openChecked(path: string, kind: StoreFileKind, options: OpenCacheOptions): CacheDatabase {
  createPrivateFile(path);
  const db = new Database(path);
  let previous: Shutdown;
  try {
    configure(db, kind);
    const fresh = checkIdentity(db, kind);
    kind.migrate(db, path, options);
    // Marked even when new: a crash before the first clean close makes the next start check it.
    const last = db.memory ? 'clean' : markRunning(db);
    previous = fresh ? 'clean' : last;
  } catch (error) {
    db.close();
    throw error;
  }
  return new StoreFile(db, path, kind, options, previous === 'running');
}

class StoreFile implements CacheDatabase {
  readonly db: SqliteDatabase;
  readonly integrityChecked: Promise<void>;
  private damage: unknown;
  private checked: boolean;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly raw: SqliteDatabase,
    readonly path: string,
    private readonly kind: StoreFileKind,
    readonly options: OpenCacheOptions,
    uncleanShutdown: boolean,
  ) {
    this.db = guardConnection(raw, (error) => this.reportDamage(error));
    this.checked = !uncleanShutdown;
    this.integrityChecked = uncleanShutdown ? this.check() : Promise.resolve();
  }

  get damaged(): boolean {
    return this.damage !== undefined;
  }

  write<T>(fn: () => T): T {
    try {
      return this.db.transaction(fn)();
    } catch (error) {
      if (isDiskFull(error)) throw new CacheFullError(this.path, { cause: error });
      throw error;
    }
  }

  checkpoint(mode: 'PASSIVE' | 'TRUNCATE' = 'PASSIVE'): void {
    if (!this.raw.memory) this.db.pragma(`wal_checkpoint(${mode})`);
  }

  reportDamage(cause: unknown): Error {
    this.markDamaged(cause);
    return new CacheDamagedError(this.path, this.kind.name, this.kind.recovery, { cause });
  }

  onDamaged(listener: () => void): () => void {
    if (this.damaged) setImmediate(listener);
    else this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  recover(): CacheDatabase {
    const reason = this.damage === undefined ? 'asked to recover' : describe(this.damage);
    this.shut(false);
    if (this.raw.memory) return openChecked(this.path, this.kind, this.options);
    return this.kind.replace(unusableFile(this.path, reason, this.kind, this.options));
  }

  close(): void {
    this.shut(!this.damaged && this.checked);
  }

  private shut(clean: boolean): void {
    this.listeners.clear();
    if (!this.raw.open) return;
    if (clean && !this.raw.memory) {
      try {
        writeMarker(this.raw, 'clean');
      } catch {
        // Not marked: the next start checks the file, which is all this costs.
      }
    }
    this.raw.close();
  }

  private markDamaged(cause: unknown): void {
    if (this.damaged) return;
    this.damage = cause;
    // Said once, by what replaces the file (with this reason); whoever met it got CacheDamagedError.
    const listeners = [...this.listeners];
    this.listeners.clear();
    // Not from inside the statement that met the damage: its caller unwinds first.
    setImmediate(() => listeners.forEach((listener) => listener()));
  }

  private async check(): Promise<void> {
    const { logger, integrityCheck = deferredIntegrityCheck } = this.options;
    let finding: string;
    try {
      finding = await integrityCheck(this.path);
    } catch (error) {
      if (!isCorruption(error)) {
        logger.warn(`The integrity check of ${this.path} could not run; it runs at the next start`, error);
        return;
      }
      finding = `${sqliteCode(error)}: ${errorText(error)}`;
    }
    if (!this.raw.open) return;
    if (finding === 'ok') {
      this.checked = true;
      logger.info(
        `The ${this.kind.name} ${this.path} was not shut down cleanly; its integrity check found no damage`,
      );
      return;
    }
    this.markDamaged(new Error(`quick_check: ${finding}`));
  }
}

function configure(db: SqliteDatabase, kind: StoreFileKind): void {
  const journal = String(db.pragma('journal_mode = WAL', { simple: true }));
  if (!db.memory && journal !== 'wal') throw new Error(`SQLite refused WAL mode (journal_mode=${journal})`);
  configureConnection(db, kind.synchronous);
  if (kind.secureDelete) db.pragma('secure_delete = ON');
}

/** Throws UnusableStoreFile for another application's or a newer Ringside's file; true for a new one. */
function checkIdentity(db: SqliteDatabase, kind: StoreFileKind): boolean {
  const applicationId = Number(db.pragma('application_id', { simple: true }));
  const tables = Number(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get());
  if (applicationId !== kind.applicationId && (applicationId !== 0 || tables > 0)) {
    throw new UnusableStoreFile(`a database of another application (application_id ${applicationId})`);
  }
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > kind.version) {
    throw new UnusableStoreFile(
      `schema version ${version} from a newer Ringside; this one knows ${kind.version}`,
    );
  }
  return tables === 0;
}

/**
 * Marks the file as in use and returns how the last session ended. The mark is checkpointed into the file
 * itself, so that a WAL deleted after a crash still leaves it saying "running".
 */
function markRunning(db: SqliteDatabase): Shutdown {
  const previous = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(MARKER_KEY) as
    string | undefined;
  writeMarker(db, 'running');
  db.pragma('wal_checkpoint(PASSIVE)');
  // A file from before the marker was last closed by a Ringside that did not say: check it once.
  return previous === 'clean' ? 'clean' : 'running';
}

function writeMarker(db: SqliteDatabase, state: Shutdown): void {
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(MARKER_KEY, state);
}

function describeOpenError(path: string, kind: StoreFileKind, error: unknown): Error {
  if (isDiskFull(error)) return new CacheFullError(path, { cause: error });
  if (error instanceof CacheFullError || error instanceof CacheOpenError) return error;
  return new StoreOpenError(path, kind.name, errorText(error), { cause: error });
}

function isMemory(path: string): boolean {
  return path === ':memory:' || path === '';
}

function describe(error: unknown): string {
  const code = sqliteCode(error);
  return code ? `${code}: ${errorText(error)}` : errorText(error);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
