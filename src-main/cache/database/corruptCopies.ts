/**
 * Damaged files are set aside, not deleted: `<name>.corrupt-<time>` (with its `-wal` and `-shm`), for
 * whoever looks into what happened. Not for ever, and not many: at most CORRUPT_COPIES_KEPT per file name,
 * none older than CORRUPT_COPY_MAX_AGE_MS (a file that keeps breaking must not fill the disk with copies).
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Clock } from '../../shared/clock';

export const CORRUPT_COPY_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
export const CORRUPT_COPIES_KEPT = 2;

const COMPANIONS = ['', '-wal', '-shm'];
/** `2026-03-10T08-00-00-000Z`: an ISO time with `:` and `.` made safe for file names. */
const STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-(\d+))?$/;

/** Renames the file and its WAL companions to `<name>.corrupt-<time>`; returns the new name. */
export function setAsideAsCorrupt(path: string, clock: Clock): string {
  const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
  let aside = `${path}.corrupt-${stamp}`;
  for (let copy = 2; existsSync(aside); copy++) aside = `${path}.corrupt-${stamp}-${copy}`;
  for (const suffix of COMPANIONS) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  pruneCorruptCopies(path, clock);
  return aside;
}

/** Deletes the copies of `path` beyond the newest CORRUPT_COPIES_KEPT and those older than the limit. */
export function pruneCorruptCopies(path: string, clock: Clock): string[] {
  const folder = dirname(path);
  const prefix = `${basename(path)}.corrupt-`;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const copies = names
    .filter((name) => name.startsWith(prefix) && !/-(wal|shm)$/.test(name))
    .map((name) => ({ name, at: stampTime(name.slice(prefix.length)) }))
    // A name this module did not write is left alone.
    .filter((copy): copy is { name: string; at: number } => copy.at !== undefined)
    .sort((a, b) => b.at - a.at);
  const now = clock.now();
  const removed = copies.filter(
    (copy, index) => index >= CORRUPT_COPIES_KEPT || now - copy.at > CORRUPT_COPY_MAX_AGE_MS,
  );
  for (const copy of removed) {
    for (const suffix of COMPANIONS) rmSync(join(folder, copy.name + suffix), { force: true });
  }
  return removed.map((copy) => copy.name);
}

function stampTime(stamp: string): number | undefined {
  const match = STAMP.exec(stamp);
  if (!match) return undefined;
  const [, day, hours, minutes, seconds, millis, copy] = match;
  // Copies made in the same millisecond keep their order.
  return Date.parse(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`) + Number(copy ?? 0) / 1000;
}
