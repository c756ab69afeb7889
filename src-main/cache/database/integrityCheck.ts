/**
 * SQLite's `quick_check` over a whole file takes about a second at 100,000 persons, far too long to hold the
 * main thread (the call monitor, the windows) at every start. So it runs only after an unclean shutdown
 * (see the marker in storeFile.ts), on a connection of its own, in the background: in a worker thread in the
 * app (`workerIntegrityCheck`, integrityCheckWorker.ts), or on a later turn of this thread where no worker
 * script is at hand (`deferredIntegrityCheck`: tests and tools). Its answer is acted on by whoever opened
 * the file (storeFile.ts), exactly like corruption a statement ran into.
 */
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { WorkerScript } from '../sync/workerScript';
import { sqliteCode } from './sqliteErrors';

/** Resolves to `ok`, or to what SQLite found; rejects when the file cannot be read at all. */
export type IntegrityCheck = (path: string) => Promise<string>;

/** What the worker posts back. */
export type IntegrityCheckReply = { result: string } | { error: { message: string; code?: string } };

/** At most this many findings are listed. */
const FINDINGS = 10;

export function quickCheck(db: SqliteDatabase): string {
  const rows = db.pragma(`quick_check(${FINDINGS})`) as { quick_check: string }[];
  return rows.map((row) => row.quick_check).join('; ');
}

/** Opens `path` read-only beside the app's connection and checks it. */
export function quickCheckFile(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return quickCheck(db);
  } finally {
    db.close();
  }
}

/** On this thread, once the current work is done (the open that asked for it has returned). */
export const deferredIntegrityCheck: IntegrityCheck = (path) =>
  new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        resolve(quickCheckFile(path));
      } catch (error) {
        reject(error as Error);
      }
    });
  });

/** In a worker thread: `integrityCheckWorker.js` beside the app's main bundle, or the `.ts` source. */
export function workerIntegrityCheck(script: WorkerScript): IntegrityCheck {
  return (path) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(script.url, {
        workerData: { path },
        execArgv: script.execArgv,
        resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 },
      });
      worker.once('message', (reply: IntegrityCheckReply) => {
        if ('result' in reply) resolve(reply.result);
        else reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the integrity check stopped (exit code ${code})`)));
    });
}

/** The reply for a failure of the check itself (a file SQLite cannot read at all is corruption too). */
export function failedCheckReply(error: unknown): IntegrityCheckReply {
  return {
    error: { message: error instanceof Error ? error.message : String(error), code: sqliteCode(error) },
  };
}
