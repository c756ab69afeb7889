import { describe, expect, it } from 'vitest';
import type { DirectoryCache } from '../../../src-main/cache';
import { LOOKUP_BY_KEY_SQL, LOOKUP_OWNERS_SQL } from '../../../src-main/cache/directory/numberLookup';
import { openTestCache, testDirectory } from './fixtures';
import { company, email, extension, person, phone, user } from './memoryDirectory';

/** One public number shared by two persons, a company and a user; one internal number of a user's line. */
function sharedNumbersDirectory(): DirectoryCache {
  const directory = testDirectory();
  directory.write(() => {
    directory.store.collections.replaceExtensions([
      extension(10, '201', 'Reception desk'),
      extension(11, '202', 'Sales'),
    ]);
    directory.store.users.save(
      user(5, 'Eva', 'Svobodová', { primary_extension: 10, number: '+420 212 345 678' }),
    );
  });
  directory.upsertPerson(
    person(2, {
      firstname: 'Zdeněk',
      lastname: 'Adámek',
      contacts: [phone('212 345 678', 'home'), email('z@a.cz')],
    }),
  );
  directory.upsertPerson(
    person(1, {
      firstname: 'Alena',
      lastname: 'Wagnerová',
      contacts: [
        phone('+420 212 345 678', 'work'),
        phone('00420 212 345 678', 'switchboard'),
        phone('777 000 111'),
      ],
    }),
  );
  directory.upsertPerson(
    person(3, { firstname: 'Other', lastname: 'Person', contacts: [phone('777 999 888')] }),
  );
  directory.upsertCompany(
    company(40, 'Wagner s.r.o.', {
      data: { phone: '+420212345678' },
      persons: [{ person_id: 1, role: 'CEO' }],
    }),
  );
  return directory;
}

describe('lookupNumber', () => {
  it('returns every owner ranked: persons (with companies), companies, users', () => {
    const matches = sharedNumbersDirectory().lookupNumber('+420 212 345 678');
    expect(matches).toEqual([
      {
        kind: 'person',
        id: 1,
        name: 'Alena Wagnerová',
        label: 'work, switchboard',
        companies: [{ id: 40, name: 'Wagner s.r.o.', role: 'CEO' }],
      },
      { kind: 'person', id: 2, name: 'Zdeněk Adámek', label: 'home', companies: [] },
      { kind: 'company', id: 40, name: 'Wagner s.r.o.', label: 'phone' },
      { kind: 'user', id: 5, name: 'Eva Svobodová', label: 'external' },
    ]);
  });

  it.each(['00420212345678', '212 345 678', '212-345-678', '+420 (0) 212 345 678', 'tel:+420212345678'])(
    'finds the same owners when the number is written %s',
    (written) => {
      const ids = sharedNumbersDirectory()
        .lookupNumber(written)
        .map((match) => `${match.kind}:${match.id}`);
      expect(ids).toEqual(['person:1', 'person:2', 'company:40', 'user:5']);
    },
  );

  it('finds an internal number: the extension and the user whose line it is, user first', () => {
    expect(sharedNumbersDirectory().lookupNumber('201')).toEqual([
      { kind: 'user', id: 5, name: 'Eva Svobodová', label: 'extension' },
      { kind: 'extension', id: 10, name: 'Reception desk', label: 'phone', number: '201' },
    ]);
  });

  it('finds nothing for unknown numbers and for text that is no number', () => {
    const directory = sharedNumbersDirectory();
    expect(directory.lookupNumber('+420 601 000 000')).toEqual([]);
    expect(directory.lookupNumber('anonymous')).toEqual([]);
    expect(directory.lookupNumber('')).toEqual([]);
  });

  it('follows edits: a number removed from a person no longer finds them', () => {
    const directory = sharedNumbersDirectory();
    directory.upsertPerson(
      person(2, { firstname: 'Zdeněk', lastname: 'Adámek', contacts: [phone('777 555 444')] }),
    );
    expect(directory.lookupNumber('212345678').map((match) => match.id)).toEqual([1, 40, 5]);
    expect(directory.lookupNumber('+420777555444').map((match) => match.id)).toEqual([2]);
  });

  it('moves a user to the new number when their extension changes', () => {
    const directory = sharedNumbersDirectory();
    directory.write(() =>
      directory.store.collections.replaceExtensions([
        extension(10, '209', 'Reception desk'),
        extension(11, '202', 'Sales'),
      ]),
    );
    expect(directory.lookupNumber('201')).toEqual([]);
    expect(directory.lookupNumber('209').map((match) => match.kind)).toEqual(['user', 'extension']);
  });
});

describe('the lookup query', () => {
  it('probes the number index by key for each kind instead of walking a kind through the primary key', () => {
    const database = openTestCache();
    const plan = database.db.prepare(`EXPLAIN QUERY PLAN ${LOOKUP_BY_KEY_SQL}`).all('+420777123456') as {
      detail: string;
    }[];
    expect(plan.map((step) => step.detail)).toEqual([
      'SEARCH numbers USING INDEX numbers_by_key (kind=? AND key=?)',
    ]);
  });

  it('reads the owners in the same probes, each by its primary key', () => {
    const database = openTestCache();
    const plan = database.db
      .prepare(`EXPLAIN QUERY PLAN ${LOOKUP_OWNERS_SQL}`)
      .all('+420777123456', '777123456') as { detail: string }[];
    const steps = plan.map((step) => step.detail);
    expect(steps[0]).toBe('SEARCH n USING INDEX numbers_by_key (kind=? AND key=?)');
    expect(steps.filter((step) => step.startsWith('SCAN'))).toEqual([]);
  });
});
