/**
 * A second connection to a cache file `openCache` has opened (and checked, and migrated): the sync's
 * writer thread. WAL lets it write while the app's connection reads; a write of the app's waits for the
 * writer's current transaction (one batch) through the busy timeout rather than failing.
 */
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { configureConnection } from './configureConnection';

const WRITER_BUSY_TIMEOUT_MS = 10_000;
const WRITER_CACHE_KIB = 32 * 1024;
const WRITER_CHECKPOINT_PAGES = 16_000;

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
