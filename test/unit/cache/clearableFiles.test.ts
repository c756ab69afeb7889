/**
 * The files "Clear local data" deletes whole beside the active pair: the active files' set-aside copies and
 * everything of the other PBXs (with companions and copies), never an active file or its live WAL; and the
 * unsent wrap-ups of those files, counted from real history files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearableFiles, unsentWrapUpsIn } from '../../../src-main/cache/database/clearableFiles';

let folder: string;
const touch = (...names: string[]) => names.forEach((name) => writeFileSync(join(folder, name), ''));

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'ringside-other-pbx-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('clearableFiles', () => {
  it("names the active files' set-aside copies and all of the other PBXs', never an active file or its WAL", () => {
    touch(
      'directory-demo.sqlite',
      'directory-demo.sqlite-wal',
      'directory-demo.sqlite-shm',
      'history-demo.sqlite',
      'history-demo.sqlite.corrupt-2026-11-20T08-00-00-000Z',
      'directory-pbx.example.com-0123456789.sqlite',
      'history-pbx.example.com-0123456789.sqlite',
      'history-pbx.example.com-0123456789.sqlite-wal',
      'directory-pbx.example.com-0123456789.sqlite.corrupt-2026-11-20T08-00-00-000Z',
      'settings.json',
      'recent-numbers.json',
      'queue-changes.jsonl',
    );
    mkdirSync(join(folder, 'logs'));

    const files = clearableFiles([
      join(folder, 'directory-demo.sqlite'),
      join(folder, 'history-demo.sqlite'),
    ]);

    expect(files.map((path) => path.slice(folder.length + 1)).sort()).toEqual([
      'directory-pbx.example.com-0123456789.sqlite',
      'directory-pbx.example.com-0123456789.sqlite.corrupt-2026-11-20T08-00-00-000Z',
      'history-demo.sqlite.corrupt-2026-11-20T08-00-00-000Z',
      'history-pbx.example.com-0123456789.sqlite',
      'history-pbx.example.com-0123456789.sqlite-wal',
    ]);
  });

  it('names the set-aside copies of an active file whatever its name', () => {
    touch('cache.sqlite', 'cache.sqlite-wal', 'cache.sqlite.corrupt-2026-11-20T08-00-00-000Z', 'notes.txt');
    expect(clearableFiles([join(folder, 'cache.sqlite')])).toEqual([
      join(folder, 'cache.sqlite.corrupt-2026-11-20T08-00-00-000Z'),
    ]);
  });

  it('names nothing while no file of the active PBX is on disk', () => {
    touch('directory-pbx.example.com-0123456789.sqlite');
    expect(clearableFiles([':memory:'])).toEqual([]);
  });
});

describe('unsentWrapUpsIn', () => {
  it('counts the outbox rows of history files, and names a file it cannot read', () => {
    const history = join(folder, 'history-pbx.example.com-0123456789.sqlite');
    const db = new Database(history);
    db.exec('CREATE TABLE wrapup_outbox (seq INTEGER PRIMARY KEY, uniqueid TEXT NOT NULL)');
    db.exec("INSERT INTO wrapup_outbox (uniqueid) VALUES ('a'), ('b')");
    db.close();
    const olderHistory = join(folder, 'history-other.example.com-9876543210.sqlite');
    new Database(olderHistory).close();
    const damaged = join(folder, 'history-damaged.example.com-5555555555.sqlite');
    writeFileSync(damaged, 'not a database at all, just text of the right length to be read'.repeat(100));
    const directory = join(folder, 'directory-pbx.example.com-0123456789.sqlite');
    touch('directory-pbx.example.com-0123456789.sqlite');

    expect(unsentWrapUpsIn([history, olderHistory, damaged, directory])).toEqual({
      count: 2,
      unreadable: [damaged],
    });
  });
});
