/**
 * The cache keeps of each PBX user only the fields the app reads: never the voicemail PIN nor anything else
 * the PBX happens to return. Shown on the bytes of the files themselves (the database, its -wal and
 * -journal), after a full sync against the demo PBX and after opening a cache an older Ringside wrote.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectorySync, openCache } from '../../../src-main/cache';
import { MIGRATIONS } from '../../../src-main/cache/database/migrations';
import { startDemoPbx } from '../../../src-main/demo-pbx';
import { findInFiles } from '../../support/findInFiles';
import { demoPbxClient, openTestCache, spyLogger, tempDir, testDirectory } from './fixtures';

/** The schema every cache written before the users' allow-list has: it kept each user as received. */
const SCHEMA_WITH_USER_DOCUMENTS = 3;

/** Twelve digits (the most a PBX PIN has), unlike any phone number of the demo directory. */
function distinctivePin(userId: number): string {
  return `9${String(userId).padStart(4, '0')}0317`.padEnd(12, '6');
}

describe('stored users', { timeout: 60_000 }, () => {
  const pbxStarted = startDemoPbx({ persons: 40, seed: 11, ringEverySeconds: 0 });
  afterAll(async () => (await pbxStarted).close());

  it('a full sync against the demo PBX leaves no PIN or password in the cache files', async () => {
    const pbx = await pbxStarted;
    const organisation = pbx.sim.state.organisation;
    const wanted = new Map<string, string>();
    for (const user of organisation.allUsers()) {
      // The seed's four-digit PINs would be found by chance among the directory's numbers: the PBX gets
      // PINs no other field holds, and its passwords (never returned by the API) are looked for as well.
      const pin = distinctivePin(user.id);
      organisation.replaceUser({ ...user, pin });
      wanted.set(pin, `the PIN of user ${user.id} (${user.username})`);
      wanted.set(user.password, `the password of user ${user.id} (${user.username})`);
    }
    const client = demoPbxClient(pbx);
    const directoryFolder = tempDir();
    const database = openCache(join(directoryFolder, 'directory.sqlite'), { logger: spyLogger() });
    const directory = testDirectory(database);
    const sync = new DirectorySync(directory, client, {
      logger: spyLogger(),
      clock: { now: () => Date.now() },
      pageSize: 100,
    });

    const report = await sync.run();

    const users = organisation.allUsers();
    expect(report.collections.users).toMatchObject({ added: users.length, fetched: users.length });
    expect(directory.counts().users).toBe(users.length);
    // What the app reads of a user is still there: search by name, user name and e-mail, with numbers.
    const agent = users.find((user) => user.email !== '' && user.primary_extension !== null)!;
    for (const typed of [agent.lastname, agent.username, agent.email]) {
      expect(directory.searchDirectory(typed).users.items.map((entry) => entry.id)).toContain(agent.id);
    }
    expect(directory.searchDirectory(agent.username).users.items[0]).toMatchObject({
      username: agent.username,
      email: agent.email,
      active: true,
    });
    // While open (the WAL holds what the sync wrote) and after closing.
    expect(findInFiles(directoryFolder, wanted)).toEqual([]);
    database.close();
    expect(findInFiles(directoryFolder, wanted)).toEqual([]);
  });

  it('opening a cache an older Ringside wrote drops the PINs from its rows, free pages and WAL', () => {
    const writtenPath = join(tempDir(), 'written.sqlite');
    const old = new Database(writtenPath);
    old.pragma('journal_mode = WAL');
    old.pragma('wal_autocheckpoint = 0');
    const noHistoryFile = {
      openHistoryFile: () => {
        throw new Error('the first migrations open no other file');
      },
    };
    MIGRATIONS.slice(0, SCHEMA_WITH_USER_DOCUMENTS).forEach((migration) => migration(old, noHistoryFile));
    old.pragma(`user_version = ${SCHEMA_WITH_USER_DOCUMENTS}`);
    // The statement the user store used then: the whole user as received, in `raw`.
    const insertAsBefore = old.prepare(`INSERT OR REPLACE INTO users (id, name, external_id, username, email,
        firstname, lastname, group_id, team_id, role_id, primary_extension, number, active, sort_key, raw)
      VALUES (@id, @name, @external_id, @username, @email, @firstname, @lastname, @group_id, @team_id,
        @role_id, @primary_extension, @number, @active, @sort_key, @raw)`);
    const wanted = new Map<string, string>();
    const writeUser = (id: number, pin: string) => {
      const fields = {
        id,
        name: `Agent ${id}`,
        external_id: null,
        username: `agent${id}`,
        email: `agent${id}@example.com`,
        firstname: 'Agent',
        lastname: String(id),
        group_id: 1,
        team_id: null,
        role_id: 3,
        primary_extension: null,
        number: '',
        active: 1,
        sort_key: `agent ${id}`,
      };
      insertAsBefore.run({ ...fields, raw: JSON.stringify({ ...fields, pin, identificator: 'agent' }) });
      wanted.set(pin, `the PIN of user ${id}`);
    };
    for (let id = 1; id <= 50; id++) writeUser(id, distinctivePin(id));
    // Some in the file itself, later ones only in its WAL, as a Ringside that stopped mid-way leaves them.
    old.pragma('wal_checkpoint(TRUNCATE)');
    for (let id = 1; id <= 10; id++) writeUser(id, distinctivePin(1000 + id));
    const folder = tempDir();
    const path = join(folder, 'directory.sqlite');
    for (const suffix of ['', '-wal']) copyFileSync(writtenPath + suffix, path + suffix);
    old.close();
    // The scan sees them as they were: in the file and in the WAL.
    expect(findInFiles(folder, wanted)).toEqual(
      expect.arrayContaining([
        'directory.sqlite holds the PIN of user 1',
        'directory.sqlite-wal holds the PIN of user 1',
      ]),
    );

    const database = openTestCache(path);

    expect(findInFiles(folder, wanted)).toEqual([]);
    const columns = database.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('users');
    expect(columns).not.toContain('raw');
    expect(testDirectory(database).counts().users).toBe(50);
    expect(database.db.prepare('SELECT name, username, email FROM users WHERE id = 7').get()).toEqual({
      name: 'Agent 7',
      username: 'agent7',
      email: 'agent7@example.com',
    });
    database.close();
    expect(findInFiles(folder, wanted)).toEqual([]);
    expect(existsSync(`${path}-journal`)).toBe(false);
  });
});
