import { afterEach, describe, expect, it } from 'vitest';
import { setActiveLocale } from '../../../src-main/shared/i18n';
import type { DirectoryCache, DirectorySearchResult } from '../../../src-main/cache';
import { startsAWord } from '../../../src-main/cache/directory/directorySearch';
import { testDirectory } from './fixtures';
import { company, email, extension, person, phone, user } from './memoryDirectory';

function directoryOfPeople(): DirectoryCache {
  const directory = testDirectory();
  directory.write(() => {
    directory.store.collections.replaceExtensions([
      extension(10, '201', 'Recepce'),
      extension(11, '2050', 'Sklad Brno'),
      extension(12, '600', 'Zákaznická linka', 'queue'),
    ]);
    directory.store.users.save(
      user(5, 'Eva', 'Svobodová', {
        primary_extension: 10,
        username: 'esvobodova',
        email: 'eva@example.test',
      }),
    );
  });
  directory.upsertPerson(
    person(1, {
      firstname: 'Antonín',
      lastname: 'Dvořák',
      contacts: [phone('+420 777 123 456'), email('antonin.dvorak@symfonie.cz')],
    }),
  );
  directory.upsertPerson(
    person(2, {
      firstname: 'Dana',
      lastname: 'Malá',
      contacts: [phone('+421 905 111 222'), phone('+44 (0)20 7946 0958', 'London office')],
    }),
  );
  directory.upsertPerson(
    person(3, { firstname: 'Jan', lastname: 'Novák', contacts: [phone('603 999 000')] }),
  );
  directory.upsertPerson(person(4, { firstname: 'Jana', lastname: 'Dvořáková', contacts: [] }));
  directory.upsertCompany(
    company(40, 'Symfonie Dvořák a.s.', {
      persons: [
        { person_id: 3, role: 'Accounts' },
        { person_id: 2, role: 'CEO' },
      ],
    }),
  );
  return directory;
}

function names(result: DirectorySearchResult) {
  return {
    persons: result.persons.items.map((entry) => entry.name),
    companies: result.companies.items.map((entry) => entry.name),
    users: result.users.items.map((entry) => entry.name),
    extensions: result.extensions.items.map((entry) => entry.name),
  };
}

describe('searchDirectory', () => {
  it("ignores diacritics and case in both directions; names first, then the company's persons", () => {
    const directory = directoryOfPeople();
    for (const query of ['dvorak', 'DVOŘÁK', 'Dvořá', 'dvo']) {
      expect(names(directory.searchDirectory(query)).persons).toEqual([
        'Antonín Dvořák',
        'Jana Dvořáková',
        // They work for Symfonie Dvořák a.s.
        'Dana Malá',
        'Jan Novák',
      ]);
    }
    expect(names(directory.searchDirectory('zakaznicka')).extensions).toEqual(['Zákaznická linka']);
  });

  it.each([
    ['j', ['Jan Novák', 'Jana Dvořáková']],
    ['ja', ['Jan Novák', 'Jana Dvořáková']],
    ['jan', ['Jan Novák', 'Jana Dvořáková']],
    ['jana', ['Jana Dvořáková']],
    ['an', ['Antonín Dvořák']],
    ['jan dv', ['Jana Dvořáková', 'Jan Novák']],
    ['dv jan', ['Jana Dvořáková', 'Jan Novák']],
    ['jana dvorakova', ['Jana Dvořáková']],
  ])('matches name prefixes as typed: %j', (query, expected) => {
    expect(names(directoryOfPeople().searchDirectory(query)).persons).toEqual(expected);
  });

  it('puts names that start with the query before other word matches', () => {
    const directory = directoryOfPeople();
    directory.upsertPerson(person(9, { firstname: 'Mária', lastname: 'Dana' }));
    expect(names(directory.searchDirectory('dana')).persons).toEqual(['Dana Malá', 'Mária Dana']);
  });

  it.each([['+420 777 123 456'], ['00420777123'], ['777 123'], ['777-12'], ['420777']])(
    'finds a number by its digits written %j',
    (query) => {
      expect(names(directoryOfPeople().searchDirectory(query)).persons).toEqual(['Antonín Dvořák']);
    },
  );

  it("finds other countries' numbers by their international, national and trunk-prefixed digits", () => {
    const directory = directoryOfPeople();
    for (const query of ['0905 111', '+421 905', '905111', '020 7946', '+44 20 79', '2079 460']) {
      expect(names(directory.searchDirectory(query)).persons).toEqual(['Dana Malá']);
    }
  });

  it('finds extensions and users by internal number, and returns the dialable numbers', () => {
    const result = directoryOfPeople().searchDirectory('20');
    expect(names(result).extensions).toEqual(['Recepce', 'Sklad Brno']);
    expect(names(result).users).toEqual(['Eva Svobodová']);
    expect(result.extensions.items[0]!.numbers).toEqual([
      { raw: '201', label: 'phone', display: '201', dial: '201' },
    ]);
  });

  it('finds persons by e-mail, whole or in part', () => {
    const directory = directoryOfPeople();
    expect(names(directory.searchDirectory('antonin.dvorak@symfonie.cz')).persons).toEqual([
      'Antonín Dvořák',
    ]);
    expect(names(directory.searchDirectory('symf')).persons).toContain('Antonín Dvořák');
  });

  it('finds a company by name, and its persons by the company name', () => {
    const result = directoryOfPeople().searchDirectory('symfonie')!;
    expect(names(result).companies).toEqual(['Symfonie Dvořák a.s.']);
    expect(result.companies.items[0]!.personCount).toBe(2);
    expect(names(result).persons).toEqual(['Antonín Dvořák', 'Dana Malá', 'Jan Novák']);
  });

  it('finds users by username and shows their extension number', () => {
    const result = directoryOfPeople().searchDirectory('esvob');
    expect(result.users.items).toEqual([
      {
        kind: 'user',
        id: 5,
        name: 'Eva Svobodová',
        username: 'esvobodova',
        email: 'eva@example.test',
        active: true,
        numbers: [{ raw: '201', label: 'extension', display: '201', dial: '201' }],
      },
    ]);
  });

  it('combines a name and number digits', () => {
    const directory = directoryOfPeople();
    expect(names(directory.searchDirectory('jan 603')).persons).toEqual(['Jan Novák']);
    expect(names(directory.searchDirectory('jan 777')).persons).toEqual([]);
  });

  it('returns person entries with numbers, e-mails and companies for the result list', () => {
    const [entry] = directoryOfPeople().searchDirectory('malá').persons.items;
    expect(entry).toEqual({
      kind: 'person',
      id: 2,
      name: 'Dana Malá',
      companies: [{ id: 40, name: 'Symfonie Dvořák a.s.', role: 'CEO' }],
      numbers: [
        { raw: '+421 905 111 222', label: 'mobile', display: '+421 905 111 222', dial: '+421905111222' },
        {
          raw: '+44 (0)20 7946 0958',
          label: 'London office',
          display: '+44 20 7946 0958',
          dial: '+442079460958',
        },
      ],
      emails: [],
    });
  });

  it('ranks the first 200 index hits in id order: name words alphabetically, then e-mails and companies', () => {
    const directory = testDirectory();
    directory.write(() => {
      // Found by e-mail only, though "Mikovec" holds "kov" (not at a word's start): after every name match.
      directory.store.persons.save(
        person(1, { firstname: 'Adam', lastname: 'Mikovec', contacts: [email('kovar@firma.test')] }),
      );
      // Name matches whose names sort in the reverse of their ids; hyphen and apostrophe start words too.
      for (let id = 2; id <= 250; id++) {
        const lastname = id % 3 === 0 ? 'Nová-Kovová' : id % 3 === 1 ? "O'Kovan" : 'Kovová';
        directory.store.persons.save(person(id, { firstname: `Eva${1000 - id}`, lastname }));
      }
    });

    const first = directory.searchDirectory('kov', { limit: 3 }).persons;
    // Ids past the first 200 hits (201–250, whose names sort first) are not ranked.
    expect(first.items.map((entry) => entry.id)).toEqual([200, 199, 198]);
    expect(first.more).toBe(true);
    const all = directory.searchDirectory('kov', { limit: 100 }).persons;
    expect(all.items.map((entry) => entry.id)).toEqual(
      Array.from({ length: 100 }, (_, index) => 200 - index),
    );
    expect(all.more).toBe(true);
    // Adam is no hit of both words: the first 200 hits are ids 2–201.
    const twoWords = directory.searchDirectory('kov eva', { limit: 100 }).persons;
    expect(twoWords.items.map((entry) => entry.id)).toEqual(
      Array.from({ length: 100 }, (_, index) => 201 - index),
    );
    expect(directory.searchDirectory('kovar').persons.items.map((entry) => entry.name)).toEqual([
      'Adam Mikovec',
    ]);
  });

  it.each([
    ['jan kovar', 'kov', true],
    ['jan nova-kovarova', 'kov', true],
    ["o'connor", 'con', true],
    ['mikovec', 'kov', false],
    ['jan mikovec', 'kov', false],
    ['x\u{1d49c}kov', 'kov', false],
    ['x\u{1f600}kov', 'kov', true],
    ['kov', 'kov', true],
    ['ko', 'kov', false],
  ])('counts %j as a name with a word starting %j: %s', (name, word, expected) => {
    expect(startsAWord(name, word)).toBe(expected);
  });

  it('caps each group and says that more match', () => {
    const directory = testDirectory();
    directory.write(() => {
      for (let id = 1; id <= 30; id++) directory.store.persons.save(person(id, { firstname: `Petr${id}` }));
    });
    const result = directory.searchDirectory('p', { limit: 5 });
    expect(result.persons.items).toHaveLength(5);
    expect(result.persons.more).toBe(true);
    expect(directory.searchDirectory('petr17', { limit: 5 }).persons.more).toBe(false);
  });

  it.each([
    '',
    '   ',
    '"',
    '*',
    'AND',
    'NEAR(a b)',
    'name:',
    '-',
    '(',
    "o'brien",
    '<img src=x onerror=alert(1)>',
  ])('treats %j as text, never as search syntax', (query) => {
    const result = directoryOfPeople().searchDirectory(query);
    expect(result.query).toBe(query);
    expect(result.persons.items).toEqual([]);
  });

  it('stores hostile text as given and finds it by its words', () => {
    const directory = directoryOfPeople();
    directory.upsertPerson(person(66, { firstname: '<img src=x onerror=alert(1)>', lastname: 'Test' }));
    expect(names(directory.searchDirectory('img src')).persons).toEqual([
      '<img src=x onerror=alert(1)> Test',
    ]);
  });
});

describe('the order of names shown, in the language in use', () => {
  function directoryOfCs(): DirectoryCache {
    const directory = testDirectory();
    const names = [
      ['Čeněk', 'Čech'],
      ['Cyril', 'Bok'],
      ['Chudoba', 'Jan'],
      ['Cibulka', 'Eva'],
    ];
    names.forEach(([firstname, lastname], index) =>
      directory.upsertPerson(person(index + 1, { firstname, lastname, contacts: [] })),
    );
    return directory;
  }

  afterEach(() => setActiveLocale('en'));

  it('sorts a tier as Czech does (Č after C, Ch after H) in Czech, and as English does in English', () => {
    const directory = directoryOfCs();
    expect(names(directory.searchDirectory('c')).persons).toEqual([
      'Čeněk Čech',
      'Chudoba Jan',
      'Cibulka Eva',
      'Cyril Bok',
    ]);
    setActiveLocale('cs');
    expect(names(directory.searchDirectory('c')).persons).toEqual([
      'Cibulka Eva',
      'Cyril Bok',
      'Čeněk Čech',
      'Chudoba Jan',
    ]);
  });
});
