/**
 * The history has a file of its own beside the directory cache: a new PBX gets both; a cache an older
 * Ringside wrote (history inside) has its history moved out on first open and dropped from the cache; and a
 * damaged history file is salvaged row by row, with what could not be read counted.
 */
import { copyFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HistoryStore,
  HistoryTextIndex,
  newReview,
  openCache,
  openHistoryFile,
  ReviewRecordStore,
  WrapUpStore,
  type CacheDatabase,
} from '../../../src-main/cache';
import { findInFiles } from '../../support/findInFiles';
import { syntheticHistoryCall } from '../../support/syntheticHistoryCall';
import { olderCache } from '../cache/databaseFixtures';
import { spyLogger, tempDir } from '../cache/fixtures';
import { overwritePages, pagesOf } from '../durability/support/damage';

const NOTE = 'Promised the quokkaberry refund by Friday';
const T0 = Date.UTC(2026, 2, 10, 8);
const opened: CacheDatabase[] = [];
const open = (database: CacheDatabase) => (opened.push(database), database);

afterEach(() => {
  while (opened.length > 0) opened.pop()!.close();
});

const tables = (db: Database.Database) =>
  db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[];

/** A cache file as Ringside wrote it before the history had its own file: schema 3, history inside. */
function releasedCacheWithHistory(path: string): void {
  const db = olderCache(path, 3);
  const insertCall = db.prepare(`INSERT INTO call_history (uniqueid, direction, outcome, remote_number,
      remote_display, remote_dial, remote_name, started_at, ended_at, seen, search_text)
    VALUES (?, 'inbound', ?, '+420602000001', '+420 602 000 001', '+420602000001', '', ?, ?, ?, ' 420602000001 ')`);
  insertCall.run('1773129600.1', 'answered', T0, T0 + 60_000, 1);
  insertCall.run('1773129600.2', 'missed', T0 + 120_000, T0 + 150_000, 0);
  db.exec(`
    INSERT INTO review_records (uniqueid, state, first_attempt_at) VALUES ('1773129600.1', 'done', ${T0});
    INSERT INTO wrapups (uniqueid, disposition, note, follow_up, saved_at)
      VALUES ('1773129600.1', 'resolved', '${NOTE}', 1, ${T0 + 70_000});
    INSERT INTO wrapup_outbox (uniqueid, changes, state, saved_at)
      VALUES ('1773129600.1', '{"ringside.note":"${NOTE}"}', 'queued', ${T0 + 70_000});
    INSERT INTO call_metadata (uniqueid, metadata, fetched_at) VALUES ('1773129600.1', '{}', ${T0});
    INSERT INTO history_text (uniqueid, source, text) VALUES ('1773129600.1', 'note', '${NOTE}');
    INSERT INTO meta (key, value) VALUES ('history.dispositions', '[{"code":"resolved","label":"Resolved"}]');
    INSERT INTO meta (key, value) VALUES ('numbering_plan', 'CZ:2-6');
  `);
  db.close();
}

/** `dispositions`: the PBX's last dispositions list came along (a salvage leaves the cache's meta table). */
function expectMovedHistory(history: CacheDatabase, dispositions = true): void {
  const store = new HistoryStore(history);
  expect(store.list({ filter: 'all', limit: 10 }).items.map((item) => [item.uniqueid, item.outcome])).toEqual(
    [
      ['1773129600.2', 'missed'],
      ['1773129600.1', 'answered'],
    ],
  );
  expect(store.missedUnseen()).toBe(1);
  const wrapUps = new WrapUpStore(history);
  expect(wrapUps.wrapUp('1773129600.1')).toMatchObject({ disposition: 'resolved', note: NOTE });
  expect(wrapUps.entries().map((entry) => entry.uniqueid)).toEqual(['1773129600.1']);
  if (dispositions) {
    expect(wrapUps.setting('history.dispositions')).toEqual([{ code: 'resolved', label: 'Resolved' }]);
  }
  expect(new ReviewRecordStore(history).get('1773129600.1')?.state).toBe('done');
  expect(new HistoryTextIndex(history).search('quokkaberry', { limit: 5, agent: '' })).toHaveLength(1);
}

describe('the history file', () => {
  it('is a file of its own beside the directory cache, which holds no history', () => {
    const dir = tempDir();
    const cache = open(openCache(join(dir, 'directory-demo.sqlite'), { logger: spyLogger() }));
    const history = open(openHistoryFile(join(dir, 'history-demo.sqlite'), { logger: spyLogger() }));

    expect(tables(cache.db)).not.toContain('call_history');
    expect(tables(cache.db)).not.toContain('wrapup_outbox');
    expect(tables(history.db)).toEqual(
      expect.arrayContaining(['call_history', 'review_records', 'wrapups', 'wrapup_outbox', 'history_text']),
    );
    expect(tables(history.db)).not.toContain('persons');
    expect(history.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('takes over the history of a cache written by the released schema, which then drops it', () => {
    const dir = tempDir();
    const path = join(dir, 'directory-demo.sqlite');
    releasedCacheWithHistory(path);

    const cache = open(openCache(path, { logger: spyLogger() }));

    expect(tables(cache.db)).not.toContain('call_history');
    expect(tables(cache.db)).not.toContain('history_fts');
    expect(cache.db.prepare("SELECT value FROM meta WHERE key = 'numbering_plan'").pluck().get()).toBe(
      'CZ:2-6',
    );
    expect(cache.db.prepare("SELECT count(*) FROM meta WHERE key LIKE 'history.%'").pluck().get()).toBe(0);
    expectMovedHistory(open(openHistoryFile(join(dir, 'history-demo.sqlite'), { logger: spyLogger() })));
    // Gone from the cache's bytes too, not only from its tables (the file was compacted).
    expect(findInFiles(dir, new Map([[NOTE, 'the note']]))).toEqual(['history-demo.sqlite holds the note']);
  });

  it('copies the history again without doubles after a crash between copying and dropping', () => {
    const dir = tempDir();
    const path = join(dir, 'directory-demo.sqlite');
    releasedCacheWithHistory(path);
    // What the crash left: the rows copied (and committed) into the history file, the cache not migrated.
    copyFileSync(path, join(dir, 'copy.sqlite'));
    openCache(join(dir, 'copy.sqlite'), { logger: spyLogger() }).close();
    copyFileSync(join(dir, 'history-copy.sqlite'), join(dir, 'history-demo.sqlite'));

    open(openCache(path, { logger: spyLogger() }));

    expectMovedHistory(open(openHistoryFile(join(dir, 'history-demo.sqlite'), { logger: spyLogger() })));
  });

  it('salvages the history of a released cache that is too damaged to migrate', () => {
    const dir = tempDir();
    const path = join(dir, 'directory-demo.sqlite');
    releasedCacheWithHistory(path);
    const db = new Database(path);
    const insertUser = db.prepare(
      `INSERT INTO users (id, name, username, active, sort_key, raw) VALUES (?, ?, ?, 1, ?, '{}')`,
    );
    db.transaction(() => {
      for (let id = 1; id <= 400; id++) insertUser.run(id, `User ${id}`, `user${id}`, `user ${id}`);
    })();
    db.close();
    // The users table is rewritten by the first migration: it fails, the cache is set aside.
    overwritePages(path, pagesOf(path, 'users').slice(1, 4));
    const logger = spyLogger();

    open(openCache(path, { logger }));

    const history = open(openHistoryFile(join(dir, 'history-demo.sqlite'), { logger: spyLogger() }));
    expectMovedHistory(history, false);
    expect(new HistoryStore(history).repairNotice()).toMatchObject({
      recoveredCalls: 2,
      recoveredUnsentWrapUps: 1,
      unreadable: 0,
    });
    expect(readdirSync(dir).filter((name) => name.startsWith('directory-demo.sqlite.corrupt-'))).toHaveLength(
      1,
    );
  });
});

describe('a damaged history file', () => {
  const CALLS = 800;

  function historyWithCalls(path: string, options: { close: boolean }): CacheDatabase {
    const database = openHistoryFile(path, { logger: spyLogger() });
    const store = new HistoryStore(database);
    const wrapUps = new WrapUpStore(database);
    const reviews = new ReviewRecordStore(database);
    database.write(() => {
      for (let index = 1; index <= CALLS; index++) {
        const uniqueid = `1773129600.${index}`;
        store.insert(syntheticHistoryCall(index, uniqueid, T0 + index * 60_000).call);
        reviews.save({ ...newReview(uniqueid, T0), state: 'done' });
      }
      for (const index of [3, 400, 797]) {
        wrapUps.save(`1773129600.${index}`, { disposition: null, note: NOTE, followUp: false }, {}, T0);
      }
    });
    if (options.close) database.close();
    return database;
  }

  it('keeps the calls on intact pages between damaged ones and counts those it could not read', () => {
    const dir = tempDir();
    const path = join(dir, 'history.sqlite');
    historyWithCalls(path, { close: true });
    const leaves = pagesOf(path, 'call_history');
    overwritePages(path, [leaves[4]!, leaves[9]!, leaves[10]!]);
    const logger = spyLogger();

    const damaged = open(openHistoryFile(path, { logger }));
    expect(() => new HistoryStore(damaged).list({ filter: 'all', limit: 1000 })).toThrow(/damaged/);
    const repaired = open(damaged.recover());

    const store = new HistoryStore(repaired);
    const calls = store.list({ filter: 'all', limit: 1000 }).items.map((item) => item.uniqueid);
    const repair = store.repairNotice()!;
    expect(repair.recoveredCalls).toBe(calls.length);
    expect(repair.recoveredCalls + repair.unreadable!).toBe(CALLS);
    expect(calls.length).toBeLessThan(CALLS);
    // Rows after the damaged pages are there too, not only those before the first one.
    expect(calls).toContain(`1773129600.${CALLS}`);
    expect(calls).toContain('1773129600.1');
    expect(repair.recoveredUnsentWrapUps).toBe(3);
    expect(new ReviewRecordStore(repaired).get(`1773129600.${CALLS}`)?.state).toBe('done');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toMatch(/recovered \d+ calls and 3 unsent wrap-ups/);
  });

  it('salvages what only the WAL held when the process died', () => {
    const dir = tempDir();
    const path = join(dir, 'history.sqlite');
    const running = historyWithCalls(path, { close: false });
    // The crash image: the file and its WAL as they are now (the calls were never checkpointed).
    const crash = join(dir, 'crash.sqlite');
    copyFileSync(path, crash);
    copyFileSync(`${path}-wal`, `${crash}-wal`);
    running.close();

    const repaired = open(open(openHistoryFile(crash, { logger: spyLogger() })).recover());

    expect(new HistoryStore(repaired).list({ filter: 'all', limit: 1000 }).items).toHaveLength(CALLS);
    expect(new WrapUpStore(repaired).count()).toBe(3);
    expect(new HistoryStore(repaired).repairNotice()).toMatchObject({ recoveredCalls: CALLS, unreadable: 0 });
  });

  it('that is no database at all is set aside, replaced, and the agent told nothing could be read', () => {
    const dir = tempDir();
    const path = join(dir, 'history.sqlite');
    writeFileSync(path, 'this is not an SQLite file\n'.repeat(500));

    const database = open(openHistoryFile(path, { logger: spyLogger() }));

    expect(new HistoryStore(database).repairNotice()).toMatchObject({
      recoveredCalls: 0,
      recoveredUnsentWrapUps: 0,
      unreadable: null,
    });
    expect(readdirSync(dir).filter((name) => name.includes('.corrupt-'))).toHaveLength(1);
    expect(new HistoryStore(database).dismissRepairNotice()).toBe(true);
    expect(new HistoryStore(database).repairNotice()).toBeNull();
  });

  it('is salvaged again after a crash during the salvage, without leftovers', () => {
    const dir = tempDir();
    const path = join(dir, 'history.sqlite');
    historyWithCalls(path, { close: true });
    overwritePages(path, pagesOf(path, 'call_history').slice(2, 3));
    // A salvage that never finished: its half-built file is still there.
    writeFileSync(`${path}.salvaging`, 'half built');

    const damaged = open(openHistoryFile(path, { logger: spyLogger() }));
    expect(() => new HistoryStore(damaged).list({ filter: 'all', limit: 1000 })).toThrow(/damaged/);
    const repaired = open(damaged.recover());

    expect(new HistoryStore(repaired).repairNotice()?.recoveredUnsentWrapUps).toBe(3);
    expect(readdirSync(dir).filter((name) => /salvag/.test(name))).toEqual([]);
    expect(existsSync(path)).toBe(true);
  });
});
