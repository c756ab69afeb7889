/**
 * The files other PBXs left beside the active ones: each PBX the agent has used keeps its own directory
 * cache (`directory-<pbx>.sqlite`) and history (`history-<pbx>.sqlite`, historyFileBeside), with their WAL
 * companions and copies set aside after damage. "Clear local data" deletes them too, after counting the
 * wrap-ups their outboxes still hold for their PBX (the agent is told before anything goes).
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/** A PBX's data file, a companion of one (`-wal`, `-shm`) or a copy set aside (`.corrupt-<time>`). */
const PBX_DATA_FILE = /^(directory|history)-.+\.sqlite(?:-wal|-shm|\.corrupt-.+)?$/;
/** The history files themselves, the ones that can hold an outbox. */
const HISTORY_FILE = /^history-.+\.sqlite$/;

/**
 * Every PBX data file in the folder of `activeFiles` that belongs to none of them (nor is a companion or a
 * set-aside copy of one). Empty when there is no active file on disk.
 */
export function otherPbxFiles(activeFiles: readonly string[]): string[] {
  const onDisk = activeFiles.filter((path) => path !== '' && path !== ':memory:');
  if (onDisk.length === 0) return [];
  const folder = dirname(onDisk[0]!);
  const active = onDisk.map((path) => basename(path));
  const belongsToActive = (name: string) =>
    active.some((file) => name === file || name.startsWith(`${file}-`) || name.startsWith(`${file}.`));
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => PBX_DATA_FILE.test(name) && !belongsToActive(name))
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
