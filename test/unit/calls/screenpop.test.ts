import { describe, expect, it, vi } from 'vitest';
import { NotFound, Timeout } from '../../../src-main/api/errors';
import type { Person } from '../../../src-main/api/schemas';
import type { DirectoryCache } from '../../../src-main/cache';
import { CallerLookup } from '../../../src-main/calls/callerLookup';
import { ScreenPopResolver, type PersonSource } from '../../../src-main/calls/screenpop/screenPopResolver';
import type { ScreenPop } from '../../../src-main/shared/contract';
import { testDirectory } from '../cache/fixtures';
import { company, email, extension, person, phone, user } from '../cache/memoryDirectory';
import { callerNumbers } from '../../fixtures/calls';
import { spyLogger } from './fixtures';

/** Her numbers are the call fixtures' `callerNumbers()`, written as people type them. */
const alena = person(1, {
  firstname: 'Alena',
  lastname: 'Wagnerová',
  note: 'Prefers mornings',
  contacts: [phone('+420 777 123 456', 'mobile'), phone('224 812 345', 'work'), email('alena@wagner.test')],
});

/** A small real cache: a person with a company, a colleague with an extension, a company switchboard. */
function directory(): DirectoryCache {
  const cache = testDirectory(undefined, 'CZ');
  cache.write(() => {
    cache.store.collections.replaceExtensions([extension(10, '201', 'Reception desk')]);
    cache.store.users.save(user(5, 'Eva', 'Svobodová', { primary_extension: 10 }));
  });
  cache.upsertPerson(alena);
  cache.upsertCompany(company(40, 'Wagner s.r.o.', { persons: [{ person_id: 1, role: 'CEO' }] }));
  cache.upsertCompany(company(41, 'Acme a.s.', { data: { phone: '+420 596 111 222' } }));
  return cache;
}

function resolver(cache: DirectoryCache, persons?: PersonSource) {
  const shown: ScreenPop[] = [];
  const updated: ScreenPop[] = [];
  const popper = new ScreenPopResolver({
    lookup: new CallerLookup(
      () => cache,
      () => 'CZ',
    ),
    directory: () => cache,
    persons: () => persons,
    logger: spyLogger(),
    show: (pop) => shown.push(pop),
    update: (pop) => updated.push(pop),
  });
  const ring = (number: string, pbxName = '') =>
    popper.pop({ uniqueid: '1700000000.7', remote: { number, lookupNumber: number, pbxName }, queue: null });
  return { ring, shown, updated };
}

describe('screen-pop of a number the PBX sends without + or 00', () => {
  const slovak = person(7, {
    firstname: 'Leopoldína',
    lastname: 'Tranová',
    contacts: [phone('+421 903 736 187')],
  });
  const storedBare = person(8, { firstname: 'Ján', lastname: 'Holý', contacts: [phone('421905123456')] });

  it.each([
    ['as text without its +', '421903736187', 'Leopoldína Tranová'],
    ['as a JSON number read as text', String(421903736187), 'Leopoldína Tranová'],
    ['with its +, to a contact stored without one', '+421905123456', 'Ján Holý'],
  ])('pops the person for a Slovak number %s on a Czech desk, logging the drift once', (_, number, name) => {
    const cache = testDirectory(undefined, 'CZ');
    cache.upsertPerson(slovak);
    cache.upsertPerson(storedBare);
    const logger = spyLogger();
    const lookup = new CallerLookup(
      () => cache,
      () => 'CZ',
      logger,
    );
    expect(lookup.bestMatch(number)).toMatchObject({ name });
    lookup.bestMatch(number);
    const drift = logger.warn.mock.calls.filter(([message]) => /without \+ or 00/.test(String(message)));
    expect(drift).toHaveLength(number.startsWith('+') ? 0 : 1);
    expect(String(drift[0]?.[0] ?? '')).not.toContain('903736187');
  });
});

describe('screen-pop from the local cache', () => {
  it('pops the person with company, numbers and e-mails, before any network request', () => {
    const get = vi.fn<PersonSource['get']>(() => new Promise(() => {}));
    const { ring, shown } = resolver(directory(), { get });
    ring('+420777123456', 'WAGNEROVA A');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      uniqueid: '1700000000.7',
      number: { display: '+420 777 123 456', dial: '+420777123456', e164: '+420777123456' },
      callerName: 'WAGNEROVA A',
      person: {
        id: 1,
        name: 'Alena Wagnerová',
        companies: [{ id: 40, name: 'Wagner s.r.o.', role: 'CEO' }],
        numbers: callerNumbers(),
        emails: ['alena@wagner.test'],
        note: 'Prefers mornings',
      },
      company: { id: 40, name: 'Wagner s.r.o.' },
      user: null,
      recentCalls: [],
      createContact: null,
      refreshed: false,
    });
    expect(get).toHaveBeenCalledWith(1, expect.anything()); // the refresh starts after the pop
  });

  it.each([
    ['E.164', '+420224812345'],
    ['international with 00', '00420 224 812 345'],
    ['national, as the PBX may present it', '224812345'],
    ['with separators', '224-812-345'],
  ])('finds the person from a number written %s', (_how, written) => {
    const { ring, shown } = resolver(directory());
    ring(written);
    expect(shown[0]!.person?.name).toBe('Alena Wagnerová');
  });

  it('finds a colleague by an internal extension, as dialled', () => {
    const { ring, shown } = resolver(directory());
    ring('201');
    expect(shown[0]).toMatchObject({
      number: { display: '201', dial: '201', internal: '201' },
      person: null,
      user: { id: 5, name: 'Eva Svobodová', kind: 'user' },
      createContact: null,
    });
  });

  it('shows a company whose switchboard calls', () => {
    const { ring, shown } = resolver(directory());
    ring('+420596111222');
    expect(shown[0]).toMatchObject({ person: null, company: { id: 41, name: 'Acme a.s.' } });
  });

  it('offers "Create contact" with the number for an unknown caller', () => {
    const { ring, shown } = resolver(directory());
    ring('+44 20 7946 0958');
    expect(shown[0]).toMatchObject({
      person: null,
      company: null,
      matches: [],
      number: { display: '+44 20 7946 0958' },
      createContact: { number: '+442079460958' },
    });
  });

  it('shows a withheld number as the PBX gave it, with nothing to create or dial', () => {
    const { ring, shown } = resolver(directory());
    ring('anonymous');
    expect(shown[0]).toMatchObject({
      number: { display: 'anonymous', dial: null },
      createContact: null,
      matches: [],
    });
  });
});

describe('screen-pop: background refresh of the person', () => {
  const renamed: Person = { ...alena, lastname: 'Nováková', displayname: 'Alena Nováková' };

  it('writes the fresh person to the cache and updates the card when it changed', async () => {
    const cache = directory();
    const { ring, updated } = resolver(cache, { get: async () => renamed });
    await ring('+420777123456').refreshed;
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ refreshed: true, person: { id: 1, name: 'Alena Nováková' } });
    expect(cache.lookupNumber('+420777123456')[0]?.name).toBe('Alena Nováková');
  });

  it('sends no update when nothing changed', async () => {
    const { ring, updated } = resolver(directory(), { get: async () => alena });
    await ring('+420777123456').refreshed;
    expect(updated).toEqual([]);
  });

  it('removes a person deleted on the PBX and offers to create the contact instead', async () => {
    const cache = directory();
    const { ring, updated } = resolver(cache, {
      get: async () => {
        throw new NotFound({ method: 'GET', path: '/crm/person/1' });
      },
    });
    await ring('+420777123456').refreshed;
    expect(updated[0]).toMatchObject({ person: null, createContact: { number: '+420777123456' } });
    expect(cache.personCard(1)).toBeNull();
  });

  it('keeps the card as it is when the PBX does not answer', async () => {
    const { ring, updated, shown } = resolver(directory(), {
      get: async () => {
        throw new Timeout(5000, 'pbx.example.com');
      },
    });
    await ring('+420777123456').refreshed;
    expect(updated).toEqual([]);
    expect(shown[0]!.person?.name).toBe('Alena Wagnerová');
  });
});
