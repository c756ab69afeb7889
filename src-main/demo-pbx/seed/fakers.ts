/** Faker instances for the three languages of the seeded directory, each re-seedable per record. */
import { Faker, base, cs_CZ, en, en_GB, sk } from '@faker-js/faker';
import { createFakerRandomizer } from '../random';

export type NameLanguage = 'cs' | 'sk' | 'en';

export type LocalFakers = Record<NameLanguage, Faker>;

export function createLocalFakers(): LocalFakers {
  const make = (...locales: (typeof base)[]) =>
    new Faker({ locale: [...locales, en, base], randomizer: createFakerRandomizer() });
  return { cs: make(withCzechSpelling(cs_CZ)), sk: make(sk), en: make(en_GB) };
}

/**
 * faker's Czech name lists spell a few German names with the Hungarian ű (Műller, Gűnter) where ü is meant;
 * corrected in place of the list, so every draw stays where it was.
 */
function withCzechSpelling(locale: typeof base): typeof base {
  const person = locale.person;
  if (!person) return locale;
  const correct = (lists: NameLists | null | undefined) =>
    lists &&
    Object.fromEntries(Object.entries(lists).map(([sex, names]) => [sex, names.map(correctSpelling)]));
  return {
    ...locale,
    person: { ...person, first_name: correct(person.first_name), last_name: correct(person.last_name) },
  } as typeof base;
}

function correctSpelling(name: string): string {
  return name.replaceAll('ű', 'ü').replaceAll('Ű', 'Ü');
}

type NameLists = Partial<Record<'female' | 'male' | 'generic', string[]>>;

/**
 * A last name for `sex` straight from the locale's lists: the same names as `faker.person.lastName`, without
 * its pattern engine, which costs more than everything else about a generated person together.
 */
export function lastName(faker: Faker, sex: keyof NameLists): string {
  const lists = faker.definitions.person.last_name as NameLists;
  const names = lists[sex] ?? lists.generic;
  return names ? faker.helpers.arrayElement(names) : faker.person.lastName();
}

/** ASCII letters of a name, lower-cased, for e-mail addresses and usernames (`Jiří` → `jiri`). */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
