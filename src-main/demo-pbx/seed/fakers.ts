/**
 * Faker instances for the three languages of the seeded directory, each re-seedable per record.
 *
 * Imported per locale: faker's main entry loads all of its ~70 locales (~26 MB of resident memory in the
 * demo PBX, and in the app when the demo runs in it). A locale entry exports one ready instance whose
 * definitions are that locale's with en and base behind it, the chain the instances here need; the class
 * comes from that instance, as the locale entries export no class.
 */
import type { Faker, LocaleDefinition } from '@faker-js/faker';
import { faker as czech } from '@faker-js/faker/locale/cs_CZ';
import { faker as british } from '@faker-js/faker/locale/en_GB';
import { faker as slovak } from '@faker-js/faker/locale/sk';
import { createFakerRandomizer } from '../random';

export type NameLanguage = 'cs' | 'sk' | 'en';

export type LocalFakers = Record<NameLanguage, Faker>;

const FakerClass = czech.constructor as typeof Faker;

export function createLocalFakers(): LocalFakers {
  const make = (definitions: LocaleDefinition) =>
    new FakerClass({ locale: definitions, randomizer: createFakerRandomizer() });
  return {
    cs: make(withCzechSpelling(czech.rawDefinitions)),
    sk: make(slovak.rawDefinitions),
    en: make(british.rawDefinitions),
  };
}

/**
 * faker's Czech name lists spell a few German names with the Hungarian ű (Műller, Gűnter) where ü is meant;
 * corrected in place of the list, so every draw stays where it was.
 */
function withCzechSpelling(locale: LocaleDefinition): LocaleDefinition {
  const person = locale.person;
  if (!person) return locale;
  const correct = (lists: NameLists | null | undefined) =>
    lists &&
    Object.fromEntries(Object.entries(lists).map(([sex, names]) => [sex, names.map(correctSpelling)]));
  return {
    ...locale,
    person: { ...person, first_name: correct(person.first_name), last_name: correct(person.last_name) },
  } as LocaleDefinition;
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
