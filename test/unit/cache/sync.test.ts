import { beforeAll, describe, expect, it } from 'vitest';
import type {
  DetailWriterFactory,
  DirectoryCache,
  DirectorySyncOptions,
  SyncProgress,
} from '../../../src-main/cache';
import { DirectorySync } from '../../../src-main/cache';
import { sourceDetailWriter } from '../../support/detailWriter';
import { spyLogger, testDirectory } from './fixtures';
import { MemoryDirectory, company, email, extension, person, phone, user } from './memoryDirectory';

/** A clock that moves one second per reading, so every batch has its own fetch time. */
function steppingClock() {
  let now = 1_700_000_000_000;
  return { now: () => (now += 1000) };
}

function numbered(id: number) {
  return person(id, {
    firstname: `Osoba${id}`,
    lastname: 'Testovací',
    contacts: [phone(`+420 601 ${String(id).padStart(6, '0')}`)],
  });
}

/** Each behaviour holds for both writers: on the sync's thread, and the worker thread the app uses. */
let detailWriter: DetailWriterFactory | undefined;

function setup(count: number, options: Partial<DirectorySyncOptions> = {}) {
  const source = new MemoryDirectory();
  for (let id = 1; id <= count; id++) source.addPersons(numbered(id));
  const clock = steppingClock();
  const directory = testDirectory(undefined, 'CZ', clock.now);
  const logger = spyLogger();
  const sync = new DirectorySync(directory, source, {
    logger,
    clock,
    pageSize: 100,
    batchSize: 50,
    rollingRefresh: { persons: 0, companies: 0, users: 0 },
    detailWriter,
    ...options,
  });
  return { source, directory, sync, logger };
}

function personNames(directory: DirectoryCache, query: string) {
  return directory.searchDirectory(query, { limit: 100 }).persons.items.map((entry) => entry.name);
}

// Thousands of records per test: generous time for a loaded CI machine.
describe.each([
  { writer: 'on the sync thread', factory: undefined },
  { writer: 'in the writer worker', factory: sourceDetailWriter },
])('DirectorySync writing $writer', { timeout: 30_000 }, ({ factory }) => {
  beforeAll(() => {
    detailWriter = factory;
  });

  it('fills an empty cache with every collection', async () => {
    const { source, directory, sync } = setup(0);
    source.addPersons(
      person(1, {
        firstname: 'Jiří',
        lastname: 'Černý',
        contacts: [phone('+420 777 111 222'), email('j@cerny.cz')],
      }),
    );
    source.companyRecords.set(3, company(3, 'Černý a syn', { persons: [{ person_id: 1, role: 'Owner' }] }));
    source.userRecords.set(4, user(4, 'Petra', 'Nová', { primary_extension: 9 }));
    source.extensionRecords = [extension(9, '209', 'Petra Nová')];

    const report = await sync.run();

    expect(report.collections.persons).toEqual({ added: 1, changed: 0, removed: 0, fetched: 1 });
    expect(directory.counts()).toEqual({ persons: 1, companies: 1, users: 1, extensions: 1, numbers: 3 });
    expect(directory.lookupNumber('777111222')).toEqual([
      {
        kind: 'person',
        id: 1,
        name: 'Jiří Černý',
        label: 'mobile',
        companies: [{ id: 3, name: 'Černý a syn', role: 'Owner' }],
      },
    ]);
    expect(directory.lookupNumber('209').map((match) => match.kind)).toEqual(['user', 'extension']);
  });

  it('reports progress per phase, ending each phase at its total', async () => {
    const { sync } = setup(250);
    const events: SyncProgress[] = [];
    await sync.run({ onProgress: (progress) => events.push(progress) });

    const phases = [...new Set(events.map((event) => event.phase))];
    expect(phases).toEqual([
      'groups',
      'roles',
      'teams',
      'queues',
      'extensions',
      'users:list',
      'users:details',
      'companies:list',
      'companies:details',
      'persons:list',
      'persons:details',
    ]);
    const details = events.filter((event) => event.phase === 'persons:details');
    expect(details.at(-1)).toMatchObject({ done: 250, total: 250 });
    expect(details.map((event) => event.done)).toEqual(
      [...details.map((event) => event.done)].sort((a, b) => a - b),
    );
    expect(details.every((event) => event.rate >= 0)).toBe(true);
  });

  it('finds added, changed and deleted persons between syncs', async () => {
    const { source, directory, sync } = setup(300);
    await sync.run();
    source.resetCounters();

    source.addPersons(
      person(301, { firstname: 'Nový', lastname: 'Člověk', contacts: [phone('+420 602 000 301')] }),
    );
    source.addPersons({ ...numbered(120), firstname: 'Přejmenovaná', displayname: 'Přejmenovaná Testovací' });
    source.personRecords.delete(7);
    const report = await sync.run();

    expect(report.collections.persons).toEqual({ added: 1, changed: 1, removed: 1, fetched: 2 });
    expect(source.calls.personDetails).toBe(2);
    expect(personNames(directory, 'novy clov')).toEqual(['Nový Člověk']);
    expect(personNames(directory, 'prejmenovana')).toEqual(['Přejmenovaná Testovací']);
    expect(directory.lookupNumber('+420 601 000 007')).toEqual([]);
    expect(directory.personCard(7)).toBeNull();
    expect(directory.counts().persons).toBe(300);
  });

  it('with nothing changed fetches no details beyond the rolling refresh', async () => {
    const { source, sync } = setup(300, { rollingRefresh: { persons: 25, companies: 0, users: 0 } });
    await sync.run();
    source.resetCounters();

    const report = await sync.run();

    expect(source.calls.personDetails).toBe(25);
    expect(report.collections.persons).toEqual({ added: 0, changed: 0, removed: 0, fetched: 25 });
  });

  it('picks up contact changes, invisible in list items, through the rolling refresh of the oldest', async () => {
    const { source, directory, sync } = setup(6, { rollingRefresh: { persons: 2, companies: 0, users: 0 } });
    await sync.run();
    source.addPersons({ ...numbered(5), contacts: [phone('+420 739 555 555')] });

    const found = [];
    for (let run = 0; run < 3; run++) {
      await sync.run();
      found.push(directory.lookupNumber('+420 739 555 555').length);
    }
    // Each run refreshes the two least recently fetched: persons 1–2, 3–4, then 5–6.
    expect(found).toEqual([0, 0, 1]);
  });

  it('resumes an interrupted list without reading it from the start again', async () => {
    const { source, directory, sync } = setup(1200, { listConcurrency: 1 });
    source.faults.personPagesBeforeFailure = 5;

    await expect(sync.run()).rejects.toThrow('connection reset (injected)');
    // What was listed is already searchable by name.
    expect(directory.counts().persons).toBe(5 * 99 + 1);
    expect(source.calls.personDetails).toBe(0);

    source.faults = {};
    source.resetCounters();
    const report = await sync.run();

    expect(source.calls.personPages).toBe(Math.ceil((1200 - 5 * 99) / 99));
    expect(source.calls.personDetails).toBe(1200);
    expect(report.collections.persons?.removed).toBe(0);
    expect(directory.counts().persons).toBe(1200);
    expect(directory.lookupNumber('+420 601 001 200').map((match) => match.id)).toEqual([1200]);
  });

  it('resumes interrupted detail fetches without fetching completed ones again', async () => {
    const { source, directory, sync } = setup(1000);
    source.faults.personDetailsBeforeFailure = 300;

    await expect(sync.run()).rejects.toThrow('connection reset (injected)');
    const numbersAfterCrash = directory.counts().numbers;
    expect(numbersAfterCrash).toBe(300);

    source.faults = {};
    source.resetCounters();
    await sync.run();

    expect(source.calls.personPages).toBe(0);
    expect(source.calls.personDetails).toBe(700);
    expect(directory.counts()).toMatchObject({ persons: 1000, numbers: 1000 });
  });

  it('can be cancelled, keeps what it wrote, and the next run completes the rest', async () => {
    const { source, directory, sync } = setup(1000);
    const controller = new AbortController();
    const run = sync.run({
      signal: controller.signal,
      onProgress: ({ phase, done }) => {
        if (phase === 'persons:details' && done >= 200) controller.abort();
      },
    });

    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    const fetchedBeforeCancel = source.calls.personDetails;
    expect(directory.counts().numbers).toBe(fetchedBeforeCancel);
    expect(fetchedBeforeCancel).toBeLessThan(1000);

    await sync.run();
    expect(source.calls.personDetails).toBe(1000);
    expect(directory.counts().numbers).toBe(1000);
  });

  it('does not delete anything when deletions shifted the list while it was read', async () => {
    const { source, directory, sync, logger } = setup(300, { listConcurrency: 1 });
    await sync.run();
    // Delete a person on the PBX right after the first page was read: later persons move up one place.
    const list = source.persons.list;
    source.persons.list = async (page, options) => {
      const result = await list(page, options);
      if ((page?.offset ?? 0) === 0) source.personRecords.delete(50);
      return result;
    };

    const report = await sync.run();

    expect(report.collections.persons?.removed).toBe(0);
    expect(directory.counts().persons).toBe(300);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/persons list changed while being read/));

    source.persons.list = list;
    expect((await sync.run()).collections.persons?.removed).toBe(1);
    expect(directory.personCard(50)).toBeNull();
    expect(directory.counts().persons).toBe(299);
  });

  it('removes a person whose detail is gone although the list still had it', async () => {
    const { source, directory, sync } = setup(10);
    const get = source.persons.get;
    source.persons.get = async (id, options) => {
      if (id === 4) source.personRecords.delete(4);
      return get(id, options);
    };

    await sync.run();

    expect(directory.personCard(4)).toBeNull();
    expect(directory.counts().persons).toBe(9);
  });

  it('keeps a person the app created while a sync was reading the list', async () => {
    const { source, directory, sync } = setup(300, { listConcurrency: 1 });
    await sync.run();
    const created = person(5000, { firstname: 'Právě', lastname: 'Vytvořená' });
    source.addPersons(created);
    const list = source.persons.list;
    source.persons.list = async (page, options) => {
      const result = await list(page, options);
      // The app creates the person while the list is being read, after the pages that would hold it.
      if ((page?.offset ?? 0) === 99) directory.upsertPerson(created);
      return { ...result, items: result.items.filter((item) => item.id !== created.id) };
    };

    await sync.run();

    expect(personNames(directory, 'prave vytvorena')).toEqual(['Právě Vytvořená']);
  });

  it('shares one run between callers', async () => {
    const { source, sync } = setup(50);
    const [first, second] = await Promise.all([sync.run(), sync.run()]);
    expect(second).toBe(first);
    expect(source.calls.personDetails).toBe(50);
  });

  it('keeps the event loop turning while it works', async () => {
    const { sync } = setup(2000, { batchSize: 100 });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    await sync.run();
    clearInterval(timer);
    // A timer due at every turn fired many times during the sync: it never held the loop for the whole run.
    expect(ticks).toBeGreaterThan(20);
  });
});
