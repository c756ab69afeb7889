/**
 * Copies of damaged files set aside (`<name>.corrupt-<time>`) are kept 7 days at most and 2 at most per
 * file name: pruned whenever a file is opened and whenever another copy is made.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/cache';
import { pruneCorruptCopies, setAsideAsCorrupt } from '../../../src-main/cache/database/corruptCopies';
import { spyLogger, tempDir } from './fixtures';

const NOW = Date.UTC(2026, 2, 20, 12);
const DAY = 24 * 60 * 60_000;
const clock = { now: () => NOW };

/** A copy as it would have been set aside `daysAgo` days before NOW, with its WAL companions. */
function copyFrom(dir: string, name: string, daysAgo: number): string {
  const stamp = new Date(NOW - daysAgo * DAY).toISOString().replace(/[:.]/g, '-');
  const copy = `${name}.corrupt-${stamp}`;
  for (const suffix of ['', '-wal', '-shm']) writeFileSync(join(dir, copy + suffix), 'damaged');
  return copy;
}

const files = (dir: string) => readdirSync(dir).sort();

describe('copies of damaged files', () => {
  it('keeps the two newest of a file, none older than 7 days, and leaves everything else alone', () => {
    const dir = tempDir();
    const older = copyFrom(dir, 'directory-demo.sqlite', 3);
    const newest = copyFrom(dir, 'directory-demo.sqlite', 0.5);
    const newer = copyFrom(dir, 'directory-demo.sqlite', 1);
    const stale = copyFrom(dir, 'history-demo.sqlite', 8);
    const recentHistory = copyFrom(dir, 'history-demo.sqlite', 6.9);
    writeFileSync(join(dir, 'history-demo.sqlite.corrupt-by-hand'), 'not ours');
    writeFileSync(join(dir, 'settings.json'), '{}');

    expect(pruneCorruptCopies(join(dir, 'directory-demo.sqlite'), clock)).toEqual([older]);
    expect(pruneCorruptCopies(join(dir, 'history-demo.sqlite'), clock)).toEqual([stale]);

    const kept = [newest, newer, recentHistory].flatMap((copy) => ['', '-shm', '-wal'].map((s) => copy + s));
    expect(files(dir)).toEqual([...kept, 'history-demo.sqlite.corrupt-by-hand', 'settings.json'].sort());
  });

  it('prunes when a file is opened', () => {
    const dir = tempDir();
    const copies = [8, 2, 1, 0.1].map((days) => copyFrom(dir, 'directory-demo.sqlite', days));

    openCache(join(dir, 'directory-demo.sqlite'), { logger: spyLogger(), clock }).close();

    const left = files(dir).filter((name) => name.includes('.corrupt-') && !/-(wal|shm)$/.test(name));
    expect(left).toEqual([copies[2], copies[3]].sort());
  });

  it('counts the copy it makes: a damaged file set aside leaves two copies in all', () => {
    const dir = tempDir();
    const path = join(dir, 'directory-demo.sqlite');
    copyFrom(dir, 'directory-demo.sqlite', 2);
    const kept = copyFrom(dir, 'directory-demo.sqlite', 1);
    writeFileSync(path, 'damaged again');

    const aside = setAsideAsCorrupt(path, clock);

    const left = files(dir).filter((name) => !/-(wal|shm)$/.test(name));
    expect(left).toEqual([kept, aside.slice(dir.length + 1)].sort());
  });
});
