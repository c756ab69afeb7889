/**
 * The files "Clear local data" deletes whole, beside the active pair it erases in place: the copies of the
 * active files set aside after damage (`<file>.corrupt-<time>`), and every file the other PBXs used at this
 * desk left (each keeps its own directory cache `directory-<pbx>.sqlite` and history `history-<pbx>.sqlite`,
 * historyFileBeside, with their WAL companions and set-aside copies). The wrap-ups those other histories
 * still hold for their PBX are counted first: the agent is told before anything goes.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/** A PBX's data file, a companion of one (`-wal`, `-shm`) or a copy set aside (`.corrupt-<time>`). */
const PBX_DATA_FILE = /^(directory|history)-.+\.sqlite(?:-wal|-shm|\.corrupt-.+)?$/;
/** The history files themselves, the ones that can hold an outbox. */
const HISTORY_FILE = /^history-.+\.sqlite$/;

/**
 * Every such file in the folder of `activeFiles`; never an active file or its live `-wal` and `-shm`.
 * Empty when no active file is on disk.
 */
export function clearableFiles(activeFiles: readonly string[]): string[] {
  const onDisk = activeFiles.filter((path) => path !== '' && path !== ':memory:');
  if (onDisk.length === 0) return [];
  const folder = dirname(onDisk[0]!);
  const active = onDisk.map((path) => basename(path));
  const isActive = (name: string) =>
    active.some((file) => name === file || name === `${file}-wal` || name === `${file}-shm`);
  const isCopyOfActive = (name: string) => active.some((file) => name.startsWith(`${file}.corrupt-`));
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => !isActive(name) && (PBX_DATA_FILE.test(name) || isCopyOfActive(name)))
    .map((name) => join(folder, name));
}

/**
 * Wrap-ups waiting in the outboxes of the history files among `files`. A file that cannot be read counts
 * none and is named in `unreadable`: what it holds could not be sent from it either.
 */
export function unsentWrapUpsIn(files: readonly string[]): { count: number; unreadable: string[] } {
  let count = 0;
  const unreadable: string[] = [];
  for (const path of files.filter((file) => HISTORY_FILE.test(basename(file)))) {
    let db: Database.Database | undefined;
    try {
      db = new Database(path, { readonly: true, fileMustExist: true });
      const hasOutbox = db
        .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'wrapup_outbox'")
        .pluck()
        .get();
      if (hasOutbox) count += Number(db.prepare('SELECT count(*) FROM wrapup_outbox').pluck().get());
    } catch {
      unreadable.push(path);
    } finally {
      db?.close();
    }
  }
  return { count, unreadable };
}
