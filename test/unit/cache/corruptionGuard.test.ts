/**
 * Corruption met by any statement, not only at open: whichever way a statement runs, SQLITE_CORRUPT and
 * SQLITE_NOTADB become the store's CacheDamagedError, the file is marked damaged and its owner is told once.
 */
import { describe, expect, it, vi } from 'vitest';
import { CacheDamagedError, openCache } from '../../../src-main/cache';
import { spyLogger } from './fixtures';

/** A database whose `broken()` SQL function fails as a damaged page does. */
function brokenDatabase(code = 'SQLITE_CORRUPT') {
  const database = openCache(':memory:', { logger: spyLogger() });
  database.db.function('broken', () => {
    throw Object.assign(new Error('database disk image is malformed'), { code });
  });
  database.db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)');
  return database;
}

describe('corruption met by a statement', () => {
  const ways: Record<string, (db: ReturnType<typeof brokenDatabase>['db']) => unknown> = {
    get: (db) => db.prepare('SELECT broken() FROM t').get(),
    all: (db) => db.prepare('SELECT broken() FROM t').all(),
    run: (db) => db.prepare('UPDATE t SET x = broken()').run(),
    'a plucked get': (db) => db.prepare('SELECT broken() FROM t').pluck().get(),
    'a raw all': (db) => db.prepare('SELECT broken() FROM t').raw().all(),
    iterate: (db) => [...db.prepare('SELECT broken() FROM t').iterate()],
    exec: (db) => db.exec('UPDATE t SET x = broken()'),
    pragma: (db) => db.pragma('table_info(t)') && db.prepare('SELECT broken()').get(),
    'a transaction': (db) => db.transaction(() => db.prepare('UPDATE t SET x = broken()').run())(),
  };

  it.each(Object.keys(ways))('through %s becomes CacheDamagedError and marks the file', async (way) => {
    const database = brokenDatabase();
    const told = vi.fn();
    database.onDamaged(told);

    expect(() => ways[way]!(database.db)).toThrow(CacheDamagedError);
    expect(database.damaged).toBe(true);
    expect(() => database.db.prepare('SELECT broken()').get()).toThrow(/damaged/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('treats SQLITE_NOTADB the same, and lets every other error through as it is', () => {
    const database = brokenDatabase('SQLITE_NOTADB');
    expect(() => database.db.prepare('SELECT broken()').get()).toThrow(CacheDamagedError);
    const healthy = openCache(':memory:', { logger: spyLogger() });
    expect(() => healthy.db.prepare('SELECT * FROM no_such_table').all()).toThrow(/no such table/);
    expect(healthy.damaged).toBe(false);
  });

  it('keeps statements working as before: values, chaining, properties', () => {
    const database = brokenDatabase();
    const statement = database.db.prepare('SELECT x FROM t ORDER BY x');
    expect(statement.pluck().all()).toEqual([1, 2]);
    expect(statement.reader).toBe(true);
    expect(statement.source).toBe('SELECT x FROM t ORDER BY x');
    expect(database.write(() => database.db.prepare('INSERT INTO t VALUES (3)').run().changes)).toBe(1);
    expect(database.db.memory).toBe(true);
  });
});
