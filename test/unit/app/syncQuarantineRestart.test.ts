/**
 * The records a sync set aside are kept in the cache, so Settings ▸ Directory lists them after a restart
 * (before the next sync runs), not only while the app that ran the sync is open.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Person } from '../../../src-main/api/schemas';
import { DirectorySync } from '../../../src-main/cache';
import type { OpenedCache } from '../../../src-main/app/directory/directoryCaches';
import { SyncScheduler } from '../../../src-main/app/directory/syncScheduler';
import { openTestCache, spyLogger, tempDir, testDirectory } from '../cache/fixtures';
import { MemoryDirectory, person } from '../cache/memoryDirectory';

const POISONED = 7;

/** A scheduler over the cache file at `path` that cannot sync (no PBX): only what the cache remembers. */
function schedulerOver(path: string): SyncScheduler {
  const database = openTestCache(path);
  const directory = testDirectory(database);
  const cache = { fileName: path, database, directory, country: 'CZ', history: database } as OpenedCache;
  return new SyncScheduler({
    cache: () => cache,
    cacheProblem: () => undefined,
    source: () => undefined,
    onFailure: vi.fn(),
    emit: vi.fn(),
    clock: { now: () => Date.now() },
    logger: spyLogger(),
  });
}

describe('records set aside by the last sync', () => {
  it('are still counted in the status after the cache is opened again', async () => {
    const path = join(tempDir(), 'directory.sqlite');
    const source = new MemoryDirectory();
    for (let id = 1; id <= 10; id++) source.addPersons(person(id));
    const get = source.persons.get;
    source.persons.get = async (id, options) => {
      const detail = await get(id, options);
      return id === POISONED ? ({ ...detail, firstname: null } as unknown as Person) : detail;
    };
    const database = openTestCache(path);
    const report = await new DirectorySync(testDirectory(database), source, {
      logger: spyLogger(),
      clock: { now: () => Date.now() },
      rollingRefresh: { persons: 0, companies: 0, users: 0 },
    }).run();
    expect(report.quarantined.map((record) => record.id)).toEqual([POISONED]);
    database.close();

    const status = schedulerOver(path).status();

    expect(status.running).toBe(false);
    expect(status.quarantined).toEqual({
      count: 1,
      records: [{ kind: 'person', id: POISONED, reason: expect.any(String) }],
    });
  });
});
