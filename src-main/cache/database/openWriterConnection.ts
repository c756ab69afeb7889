/**
 * A second connection to a cache file `openCache` has opened (and checked, and migrated): the sync's
 * writer thread. WAL lets it write while the app's connection reads; a write of the app's waits for the
 * writer's current transaction (one batch) through the busy timeout rather than failing.
 */
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { configureConnection } from './configureConnection';

const WRITER_BUSY_TIMEOUT_MS = 10_000;
const WRITER_CACHE_KIB = 8 * 1024;
const WRITER_CHECKPOINT_PAGES = 16_000;

export function openWriterConnection(path: string): SqliteDatabase {
  const db = new Database(path, { fileMustExist: true, timeout: WRITER_BUSY_TIMEOUT_MS });
  try {
    configureConnection(db);
    // Room for the index pages a sync keeps changing. Not more: the worker thread's malloc arena keeps the
    // freed pages resident in the process after the worker exits (~40 MB of RSS after a 100,000-person sync
    // with 32 MB, ~14 MB with 8 MB), and the sync is no slower with 8 MB (bench: cache).
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
