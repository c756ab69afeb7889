/** The sync's worker writer: what it does beyond the behaviours sync.test.ts runs against both writers. */
import { closeSync, openSync, writeSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CacheDamagedError, DirectorySync, openCache } from '../../../src-main/cache';
import { sizedSourceDetailWriter, sourceDetailWriter } from '../../support/detailWriter';
import { openTestCache, spyLogger, testDirectory } from './fixtures';
import { company, MemoryDirectory, person, phone } from './memoryDirectory';

function syncWithWorker(source: MemoryDirectory, directory = testDirectory()) {
  return new DirectorySync(directory, source, {
    logger: spyLogger(),
    clock: { now: () => Date.now() },
    batchSize: 20,
    rollingRefresh: { persons: 0, companies: 0, users: 0 },
    detailWriter: sourceDetailWriter,
  });
}

describe('the worker detail writer', { timeout: 30_000 }, () => {
  it('sets aside a detail the cache refuses and commits the rest of its batch', async () => {
    const source = new MemoryDirectory();
    for (let id = 1; id <= 60; id++) {
      source.addPersons(person(id, { contacts: [phone(`+420 601 ${String(id).padStart(6, '0')}`)] }));
    }
    // A detail that passed the client's checks but that the cache refuses (no name at all: NOT NULL).
    const get = source.persons.get;
    source.persons.get = async (id, options) => {
      const detail = await get(id, options);
      return id === 55 ? ({ ...detail, firstname: null } as unknown as typeof detail) : detail;
    };
    const directory = testDirectory();

    const report = await syncWithWorker(source, directory).run();

    expect(report.quarantined).toEqual([
      {
        collection: 'persons',
        id: 55,
        reason: expect.stringMatching(/NOT NULL constraint failed: persons\.firstname/),
      },
    ]);
    // Its batch (persons 41–60) was committed without it: the worker rolled back only its savepoint.
    expect(directory.lookupNumber('+420 601 000 054').map((match) => match.id)).toEqual([54]);
    expect(directory.lookupNumber('+420 601 000 056').map((match) => match.id)).toEqual([56]);
    expect(directory.lookupNumber('+420 601 000 055')).toEqual([]);
    expect(directory.counts().numbers).toBe(59);
  });

  it('writes an in-memory cache on the sync thread (a second connection cannot open it)', async () => {
    const source = new MemoryDirectory();
    source.addPersons(person(1, { firstname: 'Jana', contacts: [phone('+420 601 000 001')] }));
    const directory = testDirectory(openCache(':memory:', { logger: spyLogger() }));
    expect(directory.databasePath).toBeNull();

    await syncWithWorker(source, directory).run();

    expect(directory.lookupNumber('601 000 001').map((match) => match.id)).toEqual([1]);
  });

  it('lets the app read the cache while the worker writes it', async () => {
    const source = new MemoryDirectory();
    for (let id = 1; id <= 300; id++) {
      source.addPersons(person(id, { contacts: [phone(`+420 601 ${String(id).padStart(6, '0')}`)] }));
    }
    const directory = testDirectory();
    const seen: number[] = [];
    await syncWithWorker(source, directory).run({
      onProgress: ({ phase }) => {
        if (phase === 'persons:details') seen.push(directory.counts().numbers);
      },
    });
    // Batches became visible to the app's own connection one after another, not all at the end.
    expect(new Set(seen).size).toBeGreaterThan(3);
    expect(seen.at(-1)).toBe(300);
  });
});

describe('damage the worker meets', { timeout: 30_000 }, () => {
  it("marks the app's cache file damaged (so it is replaced and rebuilt) and fails the sync with that", async () => {
    const source = new MemoryDirectory();
    const addPersons = (from: number, to: number) => {
      for (let id = from; id <= to; id++) {
        source.addPersons(person(id, { contacts: [phone(`+420 601 ${String(id).padStart(6, '0')}`)] }));
      }
    };
    addPersons(1, 300);
    const database = openTestCache();
    const directory = testDirectory(database);
    await syncWithWorker(source, directory).run();
    // The number index's pages overwritten on disk: only the writer reads them (to add the new persons').
    database.checkpoint('TRUNCATE');
    const pages = database.db
      .prepare("SELECT pageno FROM dbstat WHERE name = 'numbers' AND pagetype = 'leaf'")
      .pluck()
      .all() as number[];
    const pageSize = Number(database.db.pragma('page_size', { simple: true }));
    const file = openSync(database.path, 'r+');
    for (const page of pages)
      writeSync(file, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
    closeSync(file);
    addPersons(301, 400);
    const told = vi.fn();
    database.onDamaged(told);

    const failed = await syncWithWorker(source, directory)
      .run()
      .catch((error: unknown) => error);

    expect(failed).toBeInstanceOf(CacheDamagedError);
    expect((failed as Error).cause).toEqual(
      expect.objectContaining({ message: expect.stringMatching(/^cache write: /) }),
    );
    expect(database.damaged).toBe(true);
    await vi.waitFor(() => expect(told).toHaveBeenCalledOnce());
  });

  it('keeps everything when a sync writes its small collections inline and its large one in the worker', async () => {
    const source = new MemoryDirectory();
    for (let id = 1; id <= 3; id++) source.companyRecords.set(id, company(id, `Company ${id}`));
    for (let id = 1; id <= 40; id++) {
      source.addPersons(person(id, { contacts: [phone(`+420 602 ${String(id).padStart(6, '0')}`)] }));
    }
    const directory = testDirectory();
    const sync = new DirectorySync(directory, source, {
      logger: spyLogger(),
      clock: { now: () => Date.now() },
      batchSize: 20,
      rollingRefresh: { persons: 0, companies: 0, users: 0 },
      // 3 companies are written on the sync's thread, 40 persons in the worker.
      detailWriter: sizedSourceDetailWriter(10),
    });

    const report = await sync.run();

    expect(report.quarantined).toEqual([]);
    expect(directory.counts()).toMatchObject({ persons: 40, companies: 3, numbers: 40 });
    expect(directory.lookupNumber('+420 602 000 040').map((match) => match.id)).toEqual([40]);
  });
});
