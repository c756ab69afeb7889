/**
 * The team server's audit log: one JSON line per event (auditEvent.ts) appended to `audit.log` in the
 * server's data directory, private to the server's user (0600), rotated by size to `audit.log.1` … `.N`.
 *
 * `record` only queues the line: one asynchronous writer appends what has queued, as one write, so the
 * event loop never waits for the disk and a burst costs one write. Each batch is flushed to the disk
 * (fdatasync) before the next. A crash can tear the last line; the reader (auditLogReader.ts) skips it, and
 * the next start ends it with a newline before appending, so one torn line never swallows the next event.
 * Every line goes through `redact` too, though no event is meant to carry a secret.
 */
import { mkdirSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../../app/privateFiles';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { redact } from '../../shared/redact';
import type { AuditEvent, AuditRecorder } from './auditEvent';

export const AUDIT_FILE_NAME = 'audit.log';
export const AUDIT_ROTATE_BYTES = 10 * 1024 * 1024;
export const AUDIT_KEPT_FILES = 10;
/** Lines waiting for a disk that does not take them are capped: past this, events are counted, not kept. */
export const AUDIT_MAX_PENDING_BYTES = 8 * 1024 * 1024;

export interface AuditLogOptions {
  /** The server's data directory. */
  directory: string;
  clock: Clock;
  logger: Logger;
  rotateBytes?: number;
  /** Rotated files kept besides the current one. */
  keptFiles?: number;
  maxPendingBytes?: number;
}

/** One line of the file: the event and when it happened. */
export type AuditLine = { time: string } & AuditEvent;

export interface AuditLog extends AuditRecorder {
  readonly path: string;
  /** Resolves once everything recorded so far is on disk (or failed to get there, which is logged). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export async function openAuditLog(options: AuditLogOptions): Promise<AuditLog> {
  const rotateBytes = options.rotateBytes ?? AUDIT_ROTATE_BYTES;
  const keptFiles = options.keptFiles ?? AUDIT_KEPT_FILES;
  const maxPendingBytes = options.maxPendingBytes ?? AUDIT_MAX_PENDING_BYTES;
  mkdirSync(options.directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const path = join(options.directory, AUDIT_FILE_NAME);

  let file = await openAppending(path);
  let size = file.size;
  let pending: string[] = file.endsTorn ? ['\n'] : [];
  let pendingBytes = pending.length;
  let lost = 0;
  let writing: Promise<void> | undefined;
  let closed = false;

  const rotate = async () => {
    await file.handle.close();
    try {
      await rm(`${path}.${keptFiles}`, { force: true });
      for (let index = keptFiles; index >= 1; index -= 1) {
        await rename(index === 1 ? path : `${path}.${index - 1}`, `${path}.${index}`).catch(ignoreMissing);
      }
    } finally {
      // Whatever the renames did, the log goes on in a file of the right name.
      file = await openAppending(path);
      size = file.size;
    }
  };

  const writeBatch = async () => {
    const batch = pending.join('');
    const batchLines = pending;
    pending = [];
    pendingBytes = 0;
    try {
      const bytes = Buffer.byteLength(batch);
      if (size > 0 && size + bytes > rotateBytes) await rotate();
      await file.handle.write(batch);
      await file.handle.datasync();
      size += bytes;
    } catch (error) {
      // Kept for the next attempt (the disk may come back); the cap below bounds what waits.
      pending = [...batchLines, ...pending];
      pendingBytes = pending.reduce((sum, line) => sum + line.length, 0);
      options.logger.error(`The audit log ${path} could not be written`, error);
      throw error;
    }
  };

  const drain = (): Promise<void> => {
    if (writing) return writing;
    if (pending.length === 0) return Promise.resolve();
    writing = (async () => {
      try {
        while (pending.length > 0) await writeBatch();
      } finally {
        writing = undefined;
      }
    })();
    return writing;
  };

  const enqueue = (line: string) => {
    if (pendingBytes + line.length > maxPendingBytes) {
      lost += 1;
      return;
    }
    if (lost > 0) {
      const notice = lineOf(options.clock, { kind: 'lost', count: lost });
      pending.push(notice);
      pendingBytes += notice.length;
      lost = 0;
    }
    pending.push(line);
    pendingBytes += line.length;
    drain().catch(() => undefined);
  };

  return {
    path,
    record(event) {
      if (closed) throw new Error(`The audit log ${path} is closed`);
      enqueue(lineOf(options.clock, event));
    },
    flush: () => drain().catch(() => undefined),
    async close() {
      closed = true;
      await drain().catch(() => undefined);
      await file.handle.close();
    },
  };
}

function lineOf(clock: Clock, event: AuditEvent): string {
  return `${JSON.stringify(redact({ time: new Date(clock.now()).toISOString(), ...event }))}\n`;
}

interface OpenFile {
  handle: FileHandle;
  size: number;
  /** The file's last line has no newline: a write was cut short. */
  endsTorn: boolean;
}

async function openAppending(path: string): Promise<OpenFile> {
  const handle = await open(path, 'a+', PRIVATE_FILE_MODE);
  try {
    // An older file keeps the mode it was made with: take group and other access off it.
    await handle.chmod(PRIVATE_FILE_MODE);
    const { size } = await handle.stat();
    let endsTorn = false;
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      endsTorn = last[0] !== 0x0a;
    }
    return { handle, size, endsTorn };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
