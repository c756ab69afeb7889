/**
 * How the sync reads the paged lists (persons, companies) from PBXs that do not page the way it asks: pages
 * capped below the `limit` asked for, a large `limit` refused, and lists that change while they are read.
 */
import { describe, expect, it } from 'vitest';
import { ServerError, ValidationFailed } from '../../../src-main/api/errors';
import type { DirectorySyncOptions } from '../../../src-main/cache';
import { DirectorySync } from '../../../src-main/cache';
import { spyLogger, testDirectory } from './fixtures';
import { MemoryDirectory, company, person, phone } from './memoryDirectory';

const PERSONS = 1000;
const COMPANIES = 120;

function setup(options: Partial<DirectorySyncOptions> = {}, persons = PERSONS) {
  const source = new MemoryDirectory();
  for (let id = 1; id <= persons; id++) {
    source.addPersons(person(id, { contacts: [phone(`+420 601 ${String(id).padStart(6, '0')}`)] }));
  }
  for (let id = 1; id <= COMPANIES; id++) source.companyRecords.set(id, company(id, `Firma ${id}`));
  const directory = testDirectory();
  const logger = spyLogger();
  const sync = new DirectorySync(directory, source, {
    logger,
    clock: { now: () => Date.now() },
    rollingRefresh: { persons: 0, companies: 0, users: 0 },
    ...options,
  });
  return { source, directory, sync, logger };
}

/** Wraps the persons list: `after(offset)` runs once each page has been answered. */
function afterEachPersonPage(source: MemoryDirectory, after: (offset: number) => void): void {
  const list = source.persons.list;
  source.persons.list = async (page, options) => {
    const result = await list(page, options);
    after(page?.offset ?? 0);
    return result;
  };
}

/** The persons on the PBX that the cache lacks. */
function missing(source: MemoryDirectory, directory: ReturnType<typeof testDirectory>): number[] {
  return [...source.personRecords.keys()].filter((id) => directory.personCard(id) === null);
}

describe('paging the directory lists', { timeout: 30_000 }, () => {
  describe.each([100, 37])('from a PBX that caps pages at %i items', (cap) => {
    it('reads every person and company, asking the default limit of 500', async () => {
      const { source, directory, sync } = setup();
      source.paging = { cap };
      const limits: number[] = [];
      const list = source.persons.list;
      source.persons.list = async (page, options) => {
        limits.push(page?.limit ?? 0);
        return list(page, options);
      };

      const report = await sync.run();

      expect(directory.counts()).toMatchObject({ persons: PERSONS, companies: COMPANIES, numbers: PERSONS });
      expect(report.collections.persons).toMatchObject({ added: PERSONS, fetched: PERSONS });
      expect(new Set(limits)).toEqual(new Set([500]));
      // Pages overlap by one record, so each brings cap - 1 new ones.
      expect(source.calls.personPages).toBe(Math.ceil((PERSONS - 1) / (cap - 1)));
    });

    it('removes a person deleted on the PBX, since the list was read to its end', async () => {
      const { source, directory, sync } = setup();
      source.paging = { cap };
      await sync.run();
      source.personRecords.delete(PERSONS - 3);

      const report = await sync.run();

      expect(report.collections.persons?.removed).toBe(1);
      expect(directory.personCard(PERSONS - 3)).toBeNull();
      expect(directory.counts().persons).toBe(PERSONS - 1);
    });

    it('resumes an interrupted list and still reads it all', async () => {
      const { source, directory, sync } = setup({ listConcurrency: 1 });
      source.paging = { cap };
      source.faults.personPagesBeforeFailure = 4;
      await expect(sync.run()).rejects.toThrow('connection reset (injected)');
      expect(directory.counts().persons).toBe(4 * (cap - 1) + 1);

      source.faults = {};
      await sync.run();

      expect(directory.counts().persons).toBe(PERSONS);
      expect(missing(source, directory)).toEqual([]);
    });
  });

  describe('from a PBX that refuses a limit above 200', () => {
    it.each([
      ['HTTP 400 with success:false', undefined],
      [
        'HTTP 413',
        () => ServerError.unexpected({ method: 'GET', path: '/crm/persons', status: 413 }, 'HTTP 413'),
      ],
      [
        'success:false naming the limit',
        () =>
          new ValidationFailed(
            { limit: 'at most 200' },
            { method: 'GET', path: '/crm/persons', status: 200 },
          ),
      ],
    ])('halves the limit after %s until the PBX takes it', async (_how, refusal) => {
      const { source, directory, sync, logger } = setup();
      source.paging = { refuseLimitAbove: 200, ...(refusal ? { refusal } : {}) };

      await sync.run();

      expect(directory.counts()).toMatchObject({ persons: PERSONS, companies: COMPANIES });
      // 500 and 250 were refused; 125 is taken: a page of 125 brings 124 new records.
      expect(source.calls.personPages).toBe(Math.ceil((PERSONS - 1) / 124));
      expect(logger.info).toHaveBeenCalledWith(expect.stringMatching(/refused a limit of 250.*125/));
    });

    it('works with a PBX that both refuses large limits and caps pages', async () => {
      const { source, directory, sync } = setup();
      source.paging = { refuseLimitAbove: 200, cap: 37 };
      await sync.run();
      expect(directory.counts()).toMatchObject({ persons: PERSONS, companies: COMPANIES });
    });

    it('gives up with the PBX’s refusal when even the smallest limit is refused', async () => {
      const { source, sync } = setup();
      source.paging = { refuseLimitAbove: 0 };
      await expect(sync.run()).rejects.toThrow(/too large/);
    });

    it('does not halve after a failure that is no refusal', async () => {
      const { source, sync } = setup();
      source.paging = {
        refuseLimitAbove: 0,
        refusal: () => ServerError.failure({ method: 'GET', path: '/crm/persons', status: 503 }),
      };
      await expect(sync.run()).rejects.toThrow(/HTTP 503/);
    });
  });

  describe('from a PBX that sends no total', () => {
    it('reads on past full pages, and removes only what is gone', async () => {
      const { source, directory, sync } = setup();
      source.paging = { omitTotal: true };

      await sync.run();
      expect(directory.counts()).toMatchObject({ persons: PERSONS, companies: COMPANIES });

      source.personRecords.delete(321);
      const report = await sync.run();
      expect(report.collections.persons?.removed).toBe(1);
      expect(directory.counts().persons).toBe(PERSONS - 1);
    });

    it('reads every page of a PBX that caps its pages and omits total, and says the total was missing', async () => {
      const { source, directory, sync, logger } = setup({}, 3000);
      source.paging = { cap: 100, omitTotal: true };

      const report = await sync.run();

      expect(missing(source, directory)).toEqual([]);
      expect(directory.counts()).toMatchObject({ persons: 3000, companies: COMPANIES });
      expect(report.listsWithoutTotal).toEqual(expect.arrayContaining(['persons', 'companies']));
      const noted = logger.warn.mock.calls.filter(([message]) =>
        /no total for the persons list/.test(String(message)),
      );
      expect(noted).toHaveLength(1);
      // Complete, so what is gone from the PBX is removed at the next sync.
      source.personRecords.delete(2999);
      expect((await sync.run()).collections.persons?.removed).toBe(1);
    });

    it('stops, removing nothing, when a PBX without total answers every offset with the first page', async () => {
      const { source, directory, sync, logger } = setup({ listConcurrency: 1 });
      source.paging = { omitTotal: true };
      await sync.run();
      source.paging = { cap: 100, omitTotal: true };
      const list = source.persons.list;
      let pages = 0;
      source.persons.list = async (page, options) => {
        pages += 1;
        return list({ ...page, offset: 0 }, options);
      };
      source.personRecords.delete(500);

      const report = await sync.run();

      expect(pages).toBeLessThan(5);
      expect(report.collections.persons?.removed).toBe(0);
      expect(directory.counts().persons).toBe(PERSONS);
      expect(logger.warn).toHaveBeenCalledWith(
        expect.stringMatching(/may ignore offset.*no persons are removed/),
      );
    });

    it('asks no page more when the last page is short', async () => {
      const { source, sync } = setup({}, 1000);
      source.paging = { cap: 100 };
      await sync.run();
      // Pages of 100 overlapping by one: the tenth ends at 991 of 1000, the eleventh is short.
      expect(source.calls.personPages).toBe(Math.ceil(999 / 99));
    });
  });

  describe('a list that changes while it is read', () => {
    it.each([
      ['pages capped at 100', { cap: 100 }],
      ['pages of the 500 asked for', {}],
    ])('skips no one when persons before the current page are deleted meanwhile (%s)', async (_, paging) => {
      const { source, directory, sync, logger } = setup({ listConcurrency: 1 });
      source.paging = paging;
      // After the first page, three persons it held are deleted: every later one moves up three places.
      afterEachPersonPage(source, (offset) => {
        if (offset === 0) for (const id of [10, 11, 12]) source.personRecords.delete(id);
      });

      await sync.run();

      expect(missing(source, directory)).toEqual([]);
      // Listed before they went, then found gone when their details were fetched.
      expect(directory.counts().persons).toBe(PERSONS - 3);
      expect(logger.warn).toHaveBeenCalledWith(
        expect.stringMatching(/persons list changed while being read/),
      );
    });

    it('sees the changes behind such a shift, and removes the deleted persons at the next sync', async () => {
      const { source, directory, sync } = setup({ listConcurrency: 1 });
      source.paging = { cap: 100 };
      await sync.run();
      source.addPersons({ ...source.personRecords.get(150)!, displayname: 'Přejmenovaná Osoba' });
      let deleting = true;
      afterEachPersonPage(source, (offset) => {
        if (deleting && offset === 0) for (const id of [10, 11, 12]) source.personRecords.delete(id);
      });

      const shifted = await sync.run();
      deleting = false;
      const next = await sync.run();

      expect(shifted.collections.persons).toMatchObject({ changed: 1, removed: 0 });
      expect(directory.personCard(150)?.name).toBe('Přejmenovaná Osoba');
      expect(next.collections.persons?.removed).toBe(3);
      expect(directory.counts().persons).toBe(PERSONS - 3);
      expect(missing(source, directory)).toEqual([]);
    });

    it('skips no one when persons are added before the current page meanwhile', async () => {
      const { source, directory, sync } = setup({ listConcurrency: 1 }, PERSONS);
      source.paging = { cap: 100 };
      // Ids below the current page push every later person down; new ones are found by the next sync.
      for (const id of [1, 2, 3]) source.personRecords.delete(id);
      afterEachPersonPage(source, (offset) => {
        if (offset === 0) source.addPersons(person(1), person(2), person(3));
      });

      await sync.run();

      expect(missing(source, directory).filter((id) => id > 3)).toEqual([]);
    });

    it('reads on to the end of a list that grows while it is read', async () => {
      const { source, directory, sync } = setup({ listConcurrency: 1 });
      source.paging = { cap: 100 };
      afterEachPersonPage(source, (offset) => {
        if (offset === 99 * 5) {
          for (let id = PERSONS + 1; id <= PERSONS + 150; id++) source.addPersons(person(id));
        }
      });

      await sync.run();

      expect(directory.counts().persons).toBe(PERSONS + 150);
    });

    it('ends, removing nothing, when the PBX answers every offset with the first page', async () => {
      const { source, directory, sync, logger } = setup();
      await sync.run();
      source.personRecords.delete(500);
      const list = source.persons.list;
      source.persons.list = async (page, options) => list({ ...page, offset: 0 }, options);

      const report = await sync.run();

      expect(report.collections.persons?.removed).toBe(0);
      expect(directory.counts().persons).toBe(PERSONS);
      expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/removals wait for the next sync/));
    });
  });
});
