/**
 * A record the cache cannot store is set aside (quarantined), not the end of the sync: it is logged with
 * its id, counted in the sync's report, left out while every other record is stored, and tried again by
 * the next sync. Both writers: on the sync's thread and in the writer worker.
 */
import { describe, expect, it } from 'vitest';
import type { Person } from '../../../src-main/api/schemas';
import type { DetailWriterFactory } from '../../../src-main/cache';
import { CacheFullError, DirectorySync } from '../../../src-main/cache';
import { isRecordFault } from '../../../src-main/cache/sync/recordFault';
import { sourceDetailWriter } from '../../support/detailWriter';
import { openTestCache, spyLogger, testDirectory } from './fixtures';
import { MemoryDirectory, person, phone } from './memoryDirectory';

const PERSONS = 60;
const POISONED = 37;

/** Details the store cannot take, each for its own reason. */
const POISONS: [string, (detail: Person) => Person][] = [
  ['a name the cache refuses (NOT NULL)', (detail) => ({ ...detail, firstname: null }) as unknown as Person],
  [
    'a contact whose value is a number',
    (detail) => ({ ...detail, contacts: [{ type: 1, contact: 42, label: 'x' }] }) as unknown as Person,
  ],
];

function setup(detailWriter: DetailWriterFactory | undefined, poison: (detail: Person) => Person) {
  const source = new MemoryDirectory();
  for (let id = 1; id <= PERSONS; id++) {
    source.addPersons(person(id, { contacts: [phone(`+420 601 ${String(id).padStart(6, '0')}`)] }));
  }
  let poisoned = true;
  const get = source.persons.get;
  source.persons.get = async (id, options) => {
    const detail = await get(id, options);
    return poisoned && id === POISONED ? poison(detail) : detail;
  };
  const directory = testDirectory();
  const logger = spyLogger();
  const sync = new DirectorySync(directory, source, {
    logger,
    clock: { now: () => Date.now() },
    batchSize: 20,
    rollingRefresh: { persons: 0, companies: 0, users: 0 },
    detailWriter,
  });
  return { source, directory, sync, logger, cure: () => (poisoned = false) };
}

describe.each([
  { writer: 'on the sync thread', factory: undefined },
  { writer: 'in the writer worker', factory: sourceDetailWriter },
])('a sync writing $writer', { timeout: 30_000 }, ({ factory }) => {
  it.each(POISONS)('sets aside a person with %s and stores all the others', async (_, poison) => {
    const { source, directory, sync, logger } = setup(factory, poison);

    const report = await sync.run();

    expect(report.quarantined).toEqual([{ collection: 'persons', id: POISONED, reason: expect.any(String) }]);
    expect(report.collections.persons).toMatchObject({ added: PERSONS, fetched: PERSONS - 1 });
    expect(directory.counts().numbers).toBe(PERSONS - 1);
    expect(directory.lookupNumber('+420 601 000 036').map((match) => match.id)).toEqual([36]);
    expect(directory.lookupNumber('+420 601 000 038').map((match) => match.id)).toEqual([38]);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`person ${POISONED} could not be stored`)),
    );
    expect(source.calls.personDetails).toBe(PERSONS);
  });

  it('tries a set-aside person again at the next sync, and stores them once they can be', async () => {
    const { source, directory, sync, cure } = setup(factory, POISONS[0]![1]);
    await sync.run();
    source.resetCounters();

    const again = await sync.run();
    expect(source.calls.personDetails).toBe(1);
    expect(again.quarantined.map((record) => record.id)).toEqual([POISONED]);
    expect(directory.ledger.setAsideRecords()).toEqual(again.quarantined);

    cure();
    const cured = await sync.run();
    expect(cured.quarantined).toEqual([]);
    expect(directory.ledger.setAsideRecords()).toEqual([]);
    expect(directory.lookupNumber('+420 601 000 037').map((match) => match.id)).toEqual([POISONED]);
    expect(directory.counts().numbers).toBe(PERSONS);
  });

  it('sets aside a list item the cache cannot store, and removes nothing while it is missing', async () => {
    const { source, directory, sync } = setup(factory, (detail) => detail);
    await sync.run();
    source.personRecords.delete(5);
    const list = source.persons.list;
    source.persons.list = async (page, options) => {
      const result = await list(page, options);
      const items = result.items.map((item) =>
        item.id === 20
          ? ({ ...item, displayname: 7, firstname: 7, lastname: 7 } as unknown as typeof item)
          : item,
      );
      return { ...result, items };
    };

    const report = await sync.run();

    expect(report.quarantined).toEqual([{ collection: 'persons', id: 20, reason: expect.any(String) }]);
    expect(report.collections.persons?.removed).toBe(0);
    expect(directory.personCard(20)).not.toBeNull();
    expect(directory.counts().persons).toBe(PERSONS);
  });
});

describe('a record refused twice in one run', { timeout: 30_000 }, () => {
  it('is one record set aside when both its list item and its detail are refused', async () => {
    const { source, sync } = setup(
      undefined,
      (detail) => ({ ...detail, firstname: null }) as unknown as Person,
    );
    // The first run stores the list item and sets the detail aside: it stays due.
    expect((await sync.run()).quarantined.map((record) => record.id)).toEqual([POISONED]);
    const list = source.persons.list;
    source.persons.list = async (page, options) => {
      const result = await list(page, options);
      const items = result.items.map((item) =>
        item.id === POISONED ? ({ ...item, displayname: 7 } as unknown as typeof item) : item,
      );
      return { ...result, items };
    };

    // The second refuses the changed list item, then the detail due from the first.
    const report = await sync.run();

    expect(report.quarantined.map((record) => record.id)).toEqual([POISONED]);
    expect(source.calls.personDetails).toBe(PERSONS + 1);
  });
});

describe('what is not set aside', () => {
  it('fails the sync when the database itself fails (a full disk), keeping what earlier batches wrote', async () => {
    const source = new MemoryDirectory();
    for (let id = 1; id <= PERSONS; id++) {
      source.addPersons(
        person(id, {
          note: 'x'.repeat(20_000),
          contacts: [phone(`+420 601 ${String(id).padStart(6, '0')}`)],
        }),
      );
    }
    const database = openTestCache();
    const directory = testDirectory(database);
    const sync = new DirectorySync(directory, source, {
      logger: spyLogger(),
      clock: { now: () => Date.now() },
      batchSize: 20,
      rollingRefresh: { persons: 0, companies: 0, users: 0 },
    });
    const run = sync.run({
      onProgress: ({ phase, done }) => {
        // After the first batch, the file may not grow any more: SQLite answers SQLITE_FULL, as a full disk does.
        if (phase === 'persons:details' && done >= 20) {
          database.db.pragma(
            `max_page_count = ${Number(database.db.pragma('page_count', { simple: true }))}`,
          );
        }
      },
    });

    await expect(run).rejects.toBeInstanceOf(CacheFullError);
    const written = directory.counts().numbers;
    expect(written).toBeGreaterThanOrEqual(20);
    expect(written).toBeLessThan(PERSONS);
  });

  it.each([
    ['a full disk', 'SQLITE_FULL', false],
    ['an I/O error', 'SQLITE_IOERR_WRITE', false],
    ['a corrupt file', 'SQLITE_CORRUPT', false],
    ['a lock held too long', 'SQLITE_BUSY', false],
    ['the cache’s own coded error', 'cache-full', false],
    ['a constraint of the record', 'SQLITE_CONSTRAINT_NOTNULL', true],
    ['a value SQLite will not bind (no code)', undefined, true],
  ])('tells %s (%s) from a record’s fault', (_, code, recordFault) => {
    const error = Object.assign(
      code ? new Error('failed') : new TypeError('cannot bind'),
      code ? { code } : {},
    );
    expect(isRecordFault(error)).toBe(recordFault);
  });
});
