import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CacheDamagedError, CacheFullError, CacheOpenError, openCache } from '../../../src-main/cache';
import { APPLICATION_ID, MIGRATIONS } from '../../../src-main/cache/database/migrations';
import { olderCache } from './databaseFixtures';
import { openTestCache, spyLogger, tempDir, testDirectory } from './fixtures';
import { person, phone } from './memoryDirectory';

describe('openCache', () => {
  it('opens in WAL mode with synchronous=NORMAL and the schema migrated', () => {
    const { db } = openTestCache();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('keeps the data across reopening, without migrating again', () => {
    const path = join(tempDir(), 'directory.sqlite');
    const first = openCache(path, { logger: spyLogger() });
    testDirectory(first).upsertPerson(person(7, { firstname: 'Jana', lastname: 'Nováková' }));
    first.close();

    const logger = spyLogger();
    const second = openTestCache(path, logger);
    expect(testDirectory(second).personCard(7)?.name).toBe('Jana Nováková');
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('moves a file that is not a database aside, starts empty and logs one line', () => {
    const dir = tempDir();
    const path = join(dir, 'directory.sqlite');
    const garbage = 'this is not an SQLite file\n'.repeat(500);
    writeFileSync(path, garbage);
    const logger = spyLogger();

    const database = openTestCache(path, logger);

    expect(testDirectory(database).counts().persons).toBe(0);
    const aside = readdirSync(dir).filter((name) => name.startsWith('directory.sqlite.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe(garbage);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toMatch(/SQLITE_NOTADB.*moved it to .*corrupt-/);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('moves a cache with damaged pages aside and rebuilds it once a statement meets them', () => {
    const dir = tempDir();
    const path = join(dir, 'directory.sqlite');
    const original = openCache(path, { logger: spyLogger() });
    const directory = testDirectory(original);
    directory.write(() => {
      for (let id = 1; id <= 300; id++) {
        directory.upsertPerson(person(id, { contacts: [phone(`+420 777 ${String(100000 + id)}`)] }));
      }
    });
    original.close();
    const bytes = readFileSync(path);
    bytes.fill(0x5a, 4096 * 2, 4096 * 8);
    writeFileSync(path, bytes);
    const logger = spyLogger();

    // Shut down cleanly, so not checked at open: the first statement to read a damaged page finds it.
    const damaged = openTestCache(path, logger);
    expect(() => testDirectory(damaged).counts()).toThrow(CacheDamagedError);
    expect(damaged.damaged).toBe(true);
    const rebuilt = damaged.recover();

    expect(testDirectory(rebuilt).counts().persons).toBe(0);
    expect(readdirSync(dir).some((name) => name.includes('.corrupt-'))).toBe(true);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    rebuilt.close();
  });

  it('moves a database of another application aside instead of writing into it', () => {
    const dir = tempDir();
    const path = join(dir, 'directory.sqlite');
    const foreign = new Database(path);
    foreign.exec(
      'CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5)',
    );
    foreign.close();
    const logger = spyLogger();

    openTestCache(path, logger);

    expect(logger.warn.mock.calls[0]![0]).toMatch(/another application/);
    const aside = readdirSync(dir).find((name) => name.includes('.corrupt-') && !name.endsWith('-wal'))!;
    const kept = new Database(join(dir, aside), { readonly: true });
    expect(kept.prepare('SELECT total FROM invoices').pluck().get()).toBe(9.5);
    kept.close();
  });

  it('moves aside a cache written by a newer Ringside', () => {
    const path = join(tempDir(), 'directory.sqlite');
    openCache(path, { logger: spyLogger() }).close();
    const newer = new Database(path);
    newer.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    newer.close();
    const logger = spyLogger();

    const database = openTestCache(path, logger);

    expect(logger.warn.mock.calls[0]![0]).toMatch(/newer Ringside/);
    expect(database.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  });

  it('reports a full disk as CacheFullError and deletes nothing', () => {
    const path = join(tempDir(), 'directory.sqlite');
    const database = openTestCache(path);
    const directory = testDirectory(database);
    directory.upsertPerson(person(1, { firstname: 'Kept' }));
    // A page limit at the current size makes SQLite answer SQLITE_FULL, as a full disk does.
    const pages = Number(database.db.pragma('page_count', { simple: true }));
    database.db.pragma(`max_page_count = ${pages}`);

    const big = (id: number) =>
      person(id, { note: 'x'.repeat(20_000), contacts: [phone('+420 777 123 456')] });
    expect(() => {
      for (let id = 2; id < 50; id++) directory.upsertPerson(big(id));
    }).toThrow(CacheFullError);
    expect(directory.personCard(1)?.firstname).toBe('Kept');
    expect(database.db.pragma('quick_check', { simple: true })).toBe('ok');
  });

  it('reports a path it cannot open with a clear error instead of moving anything', () => {
    const dir = tempDir();
    const path = join(dir, 'a-directory');
    mkdirSync(path);
    expect(() => openCache(path, { logger: spyLogger() })).toThrow(CacheOpenError);
    expect(readdirSync(dir)).toEqual(['a-directory']);
  });
});

describe('schema 3: one number index row per number', () => {
  it('upgrades a cache of schema 2, whose numbers become searchable again after the next re-index', async () => {
    // A cache as Ringside wrote it before schema 3: a person with a number and its digit forms.
    const path = join(tempDir(), 'directory.sqlite');
    const old = olderCache(path, 2);
    old.exec(`
      INSERT INTO meta (key, value) VALUES ('numbering_plan', 'CZ:2-6');
      INSERT INTO persons (id, group_id, displayname, firstname, lastname, contacts, sort_key)
        VALUES (7, 1, 'Jana Stará', 'Jana', 'Stará',
          '[{"id":70,"type":1,"contact":"+420 777 123 456","label":"mobile"}]', 'jana stara');
      INSERT INTO numbers (kind, owner_id, position, key, label, raw, display, dial)
        VALUES (1, 7, 0, '+420777123456', 'mobile', '+420 777 123 456', '+420 777 123 456', '+420777123456');
      INSERT INTO number_digits (kind, digits, owner_id) VALUES (1, '420777123456', 7), (1, '777123456', 7);
    `);
    old.close();

    const database = openTestCache(path);
    const directory = testDirectory(database);
    const tables = database.db
      .prepare("SELECT name FROM sqlite_schema WHERE name IN ('number_digits', 'numbers_by_national')")
      .pluck()
      .all();
    expect(tables).toEqual(['numbers_by_national']);
    // The screen-pop key survived; the digits index is outdated until the numbers are read again.
    expect(directory.lookupNumber('777 123 456').map((match) => match.id)).toEqual([7]);
    expect(directory.numberIndexOutdated).toBe(true);

    await directory.reindexNumbers();

    expect(directory.numberIndexOutdated).toBe(false);
    for (const typed of ['777 12', '+420 777', '00420777']) {
      expect(directory.searchDirectory(typed).persons.items.map((entry) => entry.id)).toEqual([7]);
    }
  });
});

describe("schema 7: a person's numbers as shown, in the person's row", () => {
  it('upgrades a cache of schema 6 so that search results show the numbers it held, in their order', () => {
    const path = join(tempDir(), 'directory.sqlite');
    const old = olderCache(path, 6);
    old.exec(`
      INSERT INTO meta (key, value) VALUES ('numbering_plan', 'CZ:2-6:v2');
      INSERT INTO persons (id, group_id, displayname, firstname, lastname, contacts, sort_key) VALUES
        (7, 1, 'Jana Stará', 'Jana', 'Stará', '[]', 'jana stara'),
        (8, 1, 'Jan Nový', 'Jan', 'Nový', '[]', 'jan novy');
      INSERT INTO numbers (kind, owner_id, position, key, national, label, raw, display, dial) VALUES
        (1, 7, 1, '+420222333444', '222333444', 'work', '222 333 444', '+420 222 333 444', '+420222333444'),
        (1, 7, 0, '+420777123456', '777123456', 'mobile', '777123456', '+420 777 123 456', '+420777123456');
    `);
    old.close();

    const directory = testDirectory(openTestCache(path));
    const shown = directory.searchDirectory('ja').persons.items;

    expect(shown.map((entry) => [entry.id, entry.numbers])).toEqual([
      [8, []],
      [
        7,
        [
          { raw: '777123456', label: 'mobile', display: '+420 777 123 456', dial: '+420777123456' },
          { raw: '222 333 444', label: 'work', display: '+420 222 333 444', dial: '+420222333444' },
        ],
      ],
    ]);
  });
});

describe("schema 8: the persons' sort keys by id, for ranking search candidates", () => {
  it('upgrades a cache of schema 7 so that the persons it holds are found and ranked as before', () => {
    const path = join(tempDir(), 'directory.sqlite');
    const old = olderCache(path, 7);
    const personRowid = (id: number) => 2 ** 40 + id;
    old.exec(`
      INSERT INTO persons (id, group_id, displayname, firstname, lastname, contacts, sort_key) VALUES
        (7, 1, 'Zora Kovová', 'Zora', 'Kovová', '[]', 'zora kovova'),
        (8, 1, 'Jan Mikovec', 'Jan', 'Mikovec', '[]', 'jan mikovec'),
        (9, 1, 'Eva Kovářová', 'Eva', 'Kovářová', '[]', 'eva kovarova');
      INSERT INTO person_fts (rowid, name, extra) VALUES
        (${personRowid(7)}, 'Zora Kovová Zora Kovová', ''),
        (${personRowid(8)}, 'Jan Mikovec Jan Mikovec', 'kovar@example.test'),
        (${personRowid(9)}, 'Eva Kovářová Eva Kovářová', '');
    `);
    old.close();

    const database = openTestCache(path);
    const index = database.db
      .prepare("SELECT sql FROM sqlite_schema WHERE name = 'persons_sort_key_by_id'")
      .pluck()
      .get();
    expect(index).toBe('CREATE INDEX persons_sort_key_by_id ON persons (id, sort_key)');
    // Names with a word starting "kov" alphabetically, then the one found by its e-mail only.
    const found = testDirectory(database).searchDirectory('kov').persons.items;
    expect(found.map((entry) => entry.name)).toEqual(['Eva Kovářová', 'Zora Kovová', 'Jan Mikovec']);
  });
});

describe("schema 9: the users' names indexed", () => {
  it('upgrades a cache of schema 8: its users are found by name prefix through the index, in name order', () => {
    const path = join(tempDir(), 'directory.sqlite');
    const old = olderCache(path, 8);
    old.exec(`
      INSERT INTO users (id, name, username, sort_key) VALUES
        (3, 'Radek Zeman', 'rzeman', 'radek zeman'),
        (4, 'Marta Říhová', 'mrihova', 'marta rihova'),
        (5, 'Radka Malá', 'rmala', 'radka mala');
    `);
    old.close();

    const database = openTestCache(path);
    const plan = database.db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT id FROM users WHERE sort_key >= 'ra' AND sort_key < 'rb' ORDER BY sort_key",
      )
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join('; ')).toMatch(/USING (COVERING )?INDEX users_by_sort_key/);
    const found = testDirectory(database).searchDirectory('rad').users.items;
    expect(found.map((entry) => entry.name)).toEqual(['Radek Zeman', 'Radka Malá']);
  });
});
