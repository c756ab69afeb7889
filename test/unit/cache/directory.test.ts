import { describe, expect, it } from 'vitest';
import { DirectoryCache } from '../../../src-main/cache';
import { openTestCache, spyLogger, testDirectory } from './fixtures';
import { company, email, person, phone } from './memoryDirectory';

describe('DirectoryCache', () => {
  it('shows a person the app saved at once, with contacts, companies, data and external id', () => {
    const directory = testDirectory(undefined, 'CZ', () => 1_700_000_000_000);
    directory.upsertCompany(company(8, 'Pekárna Novák', { persons: [{ person_id: 3, role: 'Owner' }] }));
    directory.upsertPerson(
      person(3, {
        firstname: 'Josef',
        lastname: 'Novák',
        note: 'Volat dopoledne',
        external_id: 'CRM-000003',
        data: { segment: 'premium' },
        contacts: [
          { id: 30, type: 1, contact: '603 111 222', label: 'mobile' },
          { id: 31, type: 2, contact: 'josef@pekarna.cz', label: 'work' },
          { id: 32, type: 3, contact: 'https://pekarna.cz', label: 'web' },
        ],
      }),
    );

    expect(directory.personCard(3)).toEqual({
      id: 3,
      groupId: 1,
      name: 'Josef Novák',
      firstname: 'Josef',
      lastname: 'Novák',
      note: 'Volat dopoledne',
      externalId: 'CRM-000003',
      data: { segment: 'premium' },
      contacts: [
        {
          id: 30,
          type: 1,
          contact: '603 111 222',
          label: 'mobile',
          number: { raw: '603 111 222', label: 'mobile', display: '+420 603 111 222', dial: '+420603111222' },
        },
        { id: 31, type: 2, contact: 'josef@pekarna.cz', label: 'work', number: null },
        { id: 32, type: 3, contact: 'https://pekarna.cz', label: 'web', number: null },
      ],
      companies: [{ id: 8, name: 'Pekárna Novák', role: 'Owner' }],
      fetchedAt: 1_700_000_000_000,
    });
    expect(directory.searchDirectory('pekarna').persons.items.map((entry) => entry.id)).toEqual([3]);
    expect(directory.personCard(999)).toBeNull();
  });

  it('replaces contacts as a PATCH does, and forgets a removed person everywhere', () => {
    const directory = testDirectory();
    directory.upsertPerson(person(4, { contacts: [phone('603 111 222'), email('old@example.test')] }));
    directory.upsertPerson(person(4, { contacts: [phone('604 333 444')] }));

    expect(directory.lookupNumber('603111222')).toEqual([]);
    expect(directory.searchDirectory('old@example').persons.items).toEqual([]);
    expect(directory.lookupNumber('604333444').map((match) => match.id)).toEqual([4]);

    directory.removePerson(4);
    expect(directory.lookupNumber('604333444')).toEqual([]);
    expect(directory.searchDirectory('first4').persons.items).toEqual([]);
    expect(directory.counts()).toMatchObject({ persons: 0, numbers: 0 });
  });

  it('re-indexes numbers when the default country changes', async () => {
    const database = openTestCache();
    const czech = new DirectoryCache(database, { numbering: { defaultCountry: 'CZ' }, logger: spyLogger() });
    czech.upsertPerson(person(1, { contacts: [phone('0905 123 456', 'mobile')] }));
    czech.upsertPerson(person(2, { contacts: [phone('+420 603 111 222', 'mobile')] }));
    // Read as Czech, a Slovak number written nationally is no number: nothing to find it by.
    expect(czech.lookupNumber('+421905123456')).toEqual([]);

    const slovak = new DirectoryCache(database, { numbering: { defaultCountry: 'SK' }, logger: spyLogger() });
    expect(slovak.numberIndexOutdated).toBe(true);
    await slovak.reindexNumbers();

    expect(slovak.numberIndexOutdated).toBe(false);
    expect(slovak.lookupNumber('+421905123456').map((match) => match.id)).toEqual([1]);
    expect(slovak.lookupNumber('00420603111222').map((match) => match.id)).toEqual([2]);
    // Search results read a person's numbers from the person's row: re-read there too.
    expect(slovak.searchDirectory('0905').persons.items[0]?.numbers).toEqual([
      { raw: '0905 123 456', label: 'mobile', display: '+421 905 123 456', dial: '+421905123456' },
    ]);
    // So does the person card (and the screen-pop's): its Dial button dials the Slovak number.
    expect(slovak.personCard(1)?.contacts[0]?.number).toEqual({
      raw: '0905 123 456',
      label: 'mobile',
      display: '+421 905 123 456',
      dial: '+421905123456',
    });
  });

  it("shows each of a person's numbers with its own label, text that is no number without one, companies by name", () => {
    const directory = testDirectory();
    directory.upsertCompany(
      company(9, 'Zahradnictví Vrba', { persons: [{ person_id: 5, role: 'Advisor' }] }),
    );
    directory.upsertCompany(company(8, 'Autoservis Dvořák', { persons: [{ person_id: 5, role: 'Owner' }] }));
    directory.upsertPerson(
      person(5, {
        contacts: [
          { type: 1, contact: 'ask reception', label: 'desk' },
          { type: 0, contact: '+420 603 111 222', label: 'home' },
          { type: 1, contact: '+420 603 111 222', label: 'mobile' },
          { type: 2, contact: 'ondrej@dvorak.cz', label: 'work' },
        ],
      }),
    );

    const card = directory.personCard(5)!;
    expect(card.contacts.map((contact) => contact.number)).toEqual([
      null,
      { raw: '+420 603 111 222', label: 'home', display: '+420 603 111 222', dial: '+420603111222' },
      { raw: '+420 603 111 222', label: 'mobile', display: '+420 603 111 222', dial: '+420603111222' },
      null,
    ]);
    expect(card.companies).toEqual([
      { id: 8, name: 'Autoservis Dvořák', role: 'Owner' },
      { id: 9, name: 'Zahradnictví Vrba', role: 'Advisor' },
    ]);
  });

  it('refuses an unknown default country when it is constructed', () => {
    expect(
      () => new DirectoryCache(openTestCache(), { numbering: { defaultCountry: 'ZZ' }, logger: spyLogger() }),
    ).toThrow(/Unknown default country "ZZ"/);
  });
});
