/**
 * The integrity check no longer holds up the open: it runs only when the file was not shut down cleanly (a
 * marker in the file says so), on a connection of its own, in the background (in a worker thread in the
 * app), and what it finds is acted on as damage a statement met.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openCache, openHistoryFile, workerIntegrityCheck } from '../../../src-main/cache';
import { olderCache } from './databaseFixtures';
import { spyLogger, tempDir, testDirectory } from './fixtures';
import { person } from './memoryDirectory';

const workerCheck = workerIntegrityCheck({
  url: new URL('../../../src-main/cache/database/integrityCheckWorker.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
});

/** A check that answers `finding` when the test says so. */
function heldCheck(finding = 'ok') {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const check = vi.fn(async () => {
    await released;
    return finding;
  });
  return { check, release };
}

/** A file of 300 persons whose process died: closed without the clean-shutdown mark. */
function crashedCache(path: string): void {
  const database = openCache(path, { logger: spyLogger() });
  const directory = testDirectory(database);
  directory.write(() => {
    for (let id = 1; id <= 300; id++) directory.upsertPerson(person(id, { note: `person ${id}` }));
  });
  // What a crash leaves: the file and its WAL as they were, the connection never closed.
  copyFileSync(path, `${path}.crashed`);
  copyFileSync(`${path}-wal`, `${path}.crashed-wal`);
  database.close();
  copyFileSync(`${path}.crashed`, path);
  copyFileSync(`${path}.crashed-wal`, `${path}-wal`);
}

describe('the integrity check', () => {
  it('does not run for a file that was shut down cleanly', async () => {
    const path = join(tempDir(), 'directory.sqlite');
    openCache(path, { logger: spyLogger() }).close();
    const { check } = heldCheck();

    const database = openCache(path, { logger: spyLogger(), integrityCheck: check });
    await database.integrityChecked;

    expect(check).not.toHaveBeenCalled();
    database.close();
  });

  it('runs after an unclean shutdown without holding up the open, and only once it passed', async () => {
    const path = join(tempDir(), 'directory.sqlite');
    crashedCache(path);
    const { check, release } = heldCheck();

    const database = openCache(path, { logger: spyLogger(), integrityCheck: check });
    // Open and usable while the check has not answered.
    expect(testDirectory(database).counts().persons).toBe(300);
    expect(check).toHaveBeenCalledWith(path);
    release();
    await database.integrityChecked;
    expect(database.damaged).toBe(false);
    database.close();

    const again = heldCheck();
    openCache(path, { logger: spyLogger(), integrityCheck: again.check }).close();
    expect(again.check).not.toHaveBeenCalled();
  });

  it('acts on what it finds: the file is damaged, and its owner is told', async () => {
    const path = join(tempDir(), 'directory.sqlite');
    crashedCache(path);
    const { check, release } = heldCheck(
      '*** in database main *** Page 7: btreeInitPage() returns error code 11',
    );
    const database = openCache(path, { logger: spyLogger(), integrityCheck: check });
    const told = vi.fn();
    database.onDamaged(told);

    release();
    await database.integrityChecked;
    await new Promise((resolve) => setImmediate(resolve));

    expect(database.damaged).toBe(true);
    expect(told).toHaveBeenCalledTimes(1);
    // Not marked clean: the next start checks it again if nobody replaced it.
    database.close();
    const next = heldCheck();
    openCache(path, { logger: spyLogger(), integrityCheck: next.check }).close();
    expect(next.check).toHaveBeenCalled();
  });

  it('checks once a file an older Ringside left, which carries no mark', async () => {
    const path = join(tempDir(), 'directory.sqlite');
    olderCache(path, 3).close();
    const first = heldCheck();
    const database = openCache(path, { logger: spyLogger(), integrityCheck: first.check });
    first.release();
    await database.integrityChecked;
    database.close();
    const second = heldCheck();
    openCache(path, { logger: spyLogger(), integrityCheck: second.check }).close();

    expect(first.check).toHaveBeenCalledTimes(1);
    expect(second.check).not.toHaveBeenCalled();
  });

  it('still runs when the WAL was deleted after the crash (the mark is in the file itself)', async () => {
    const path = join(tempDir(), 'history.sqlite');
    const running = openHistoryFile(path, { logger: spyLogger() });
    copyFileSync(path, `${path}.crashed`);
    running.close();
    copyFileSync(`${path}.crashed`, path);
    const { check, release } = heldCheck();

    const database = openHistoryFile(path, { logger: spyLogger(), integrityCheck: check });
    release();
    await database.integrityChecked;

    expect(check).toHaveBeenCalledTimes(1);
    database.close();
  });

  it('runs quick_check in a worker thread: ok for a sound file, the findings for a damaged one', async () => {
    const dir = tempDir();
    const sound = join(dir, 'sound.sqlite');
    crashedCache(sound);
    expect(await workerCheck(sound)).toBe('ok');

    const damaged = join(dir, 'damaged.sqlite');
    const database = openCache(damaged, { logger: spyLogger() });
    const directory = testDirectory(database);
    directory.write(() => {
      for (let id = 1; id <= 300; id++) directory.upsertPerson(person(id, { note: 'x'.repeat(400) }));
    });
    database.close();
    const bytes = readFileSync(damaged);
    bytes.fill(0x5a, 4096 * 10, 4096 * 14);
    writeFileSync(damaged, bytes);

    // SQLite says what it found, or fails outright on a page it cannot read at all.
    const finding = await workerCheck(damaged).catch((error: { code?: string }) => error.code);
    expect(finding).toMatch(/Page|page|SQLITE_CORRUPT/);
  });
});
