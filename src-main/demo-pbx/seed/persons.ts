/**
 * Seeded CRM persons, built on demand: person `id` is a pure function of (seed, id), so 100,000 persons cost
 * no memory until someone edits them, and every read of an untouched person gives the same record.
 */
import type { Contact, Person } from '../../api/schemas';
import type { Known } from './known';
import { createRandom, type Random } from '../random';
import { asciiSlug, createLocalFakers, lastName, type LocalFakers, type NameLanguage } from './fakers';
import { randomPhoneContact, type NumberCountry } from './phoneNumbers';

/** A person as stored; the read-only collections (interactions, companies, tasks) are added when read. */
export type PersonRecord = Omit<Known<Person>, 'interactions' | 'companies' | 'tasks' | 'contacts'> & {
  contacts: ContactRecord[];
};
export type ContactRecord = Known<Contact> & { id: number };

const EXTERNAL_ID_PATTERN = /^CRM-(\d{6,})$/;

/** The external id a seeded person is born with, or null (one in five has none). */
function seededExternalId(id: number, random: Random): string | null {
  return random.chance(0.8) ? `CRM-${String(id).padStart(6, '0')}` : null;
}

/** The seeded person an external id of the seeded form points at, if any (the caller checks it still holds). */
export function seededIdOfExternalId(externalId: string): number | undefined {
  const match = EXTERNAL_ID_PATTERN.exec(externalId);
  return match ? Number(match[1]) : undefined;
}

const NOTES: Record<NameLanguage, string[]> = {
  cs: [
    'Preferuje kontakt e-mailem.',
    'Volat až po 15. hodině.',
    'VIP zákazník od roku 2019.',
    'Reklamace vyřízena.',
  ],
  sk: [
    'Preferuje kontakt e-mailom.',
    'Volať len v pracovné dni.',
    'Dlhoročný zákazník.',
    'Má záujem o novú ponuku.',
  ],
  en: [
    'Prefers e-mail over phone.',
    'Call back only on weekdays.',
    'Speaks English only.',
    'Asked for a quote.',
  ],
};

const NUMBER_COUNTRIES: Record<NameLanguage, NumberCountry[]> = {
  cs: ['CZ', 'CZ', 'CZ', 'CZ', 'CZ', 'CZ', 'CZ', 'CZ', 'SK', 'GB'],
  sk: ['SK', 'SK', 'SK', 'SK', 'SK', 'SK', 'CZ', 'CZ', 'SK', 'GB'],
  en: ['GB', 'GB', 'GB', 'GB', 'GB', 'GB', 'CZ', 'CZ', 'SK', 'GB'],
};

/**
 * Contact labels as the organisation's staff type them: the Bratislava branch keeps its Slovak customers in
 * Slovak, everyone else is kept in Czech (the organisation's language).
 */
const LABELS: Record<
  'cs' | 'sk',
  Record<'mobile' | 'privateMobile' | 'work' | 'home' | 'private' | 'web' | 'chat', string>
> = {
  cs: {
    mobile: 'mobil',
    privateMobile: 'soukromý mobil',
    work: 'práce',
    home: 'domů',
    private: 'soukromý',
    web: 'web',
    chat: 'chat',
  },
  sk: {
    mobile: 'mobil',
    privateMobile: 'súkromný mobil',
    work: 'práca',
    home: 'domov',
    private: 'súkromný',
    web: 'web',
    chat: 'chat',
  },
};

const WEB_SUFFIX: Record<NameLanguage, string> = { cs: 'cz', sk: 'sk', en: 'co.uk' };

/** Person ids draw from their own random stream, apart from the organisation's and the calls'. */
const PERSON_STREAM = 0x9e450;

export class PersonGenerator {
  private readonly fakers: LocalFakers = createLocalFakers();
  private readonly random = createRandom(0);
  /** Names repeat a lot; their ASCII forms are worth remembering. */
  private readonly slugs = new Map<string, string>();

  constructor(
    private readonly seed: number,
    private readonly minPhones = 1,
  ) {}

  generate(id: number): PersonRecord {
    const { random } = this;
    const { language, phones } = this.startPerson(id);
    const faker = this.fakers[language];
    faker.seed([this.seed, id]);
    const sex = faker.person.sexType();
    const firstname = faker.person.firstName(sex);
    const lastname = lastName(faker, sex);
    const first = this.slug(firstname);
    const last = this.slug(lastname);

    const labels = LABELS[language === 'sk' ? 'sk' : 'cs'];
    const contacts: ContactRecord[] = [];
    const addContact = (type: ContactRecord['type'], contact: string, label: string) =>
      contacts.push({ id: id * 10 + contacts.length, type, contact, label });
    phones.forEach(({ number, mobile }, index) =>
      addContact(
        1,
        number,
        mobile
          ? index === 0
            ? labels.mobile
            : labels.privateMobile
          : random.pick([labels.work, labels.home]),
      ),
    );
    if (random.chance(0.85)) {
      const domain = random.pick(faker.definitions.internet.free_email);
      const suffix = random.chance(0.3) ? String(random.int(1, 99)) : '';
      addContact(2, `${first}.${last}${suffix}@${domain}`, labels.private);
    }
    if (random.chance(0.25))
      addContact(2, `${first.charAt(0)}${last}@${last}.${WEB_SUFFIX[language]}`, labels.work);
    if (random.chance(0.1)) addContact(3, `https://www.${last}.${WEB_SUFFIX[language]}`, labels.web);
    if (random.chance(0.05)) addContact(0, `Skype: ${first}.${last}`, labels.chat);

    return {
      id,
      group_id: random.pick([1, 1, 1, 2, 3, 4, 5]),
      displayname: `${firstname} ${lastname}`,
      firstname,
      lastname,
      note: random.chance(0.3) ? random.pick(NOTES[language]) : '',
      external_id: seededExternalId(id, random),
      data: {
        language,
        segment: random.pick(['standard', 'standard', 'premium', 'business']),
        customer_since: random.int(2008, 2025),
      },
      contacts,
    };
  }

  /** The phone numbers of seeded person `id`, without building the rest of it (for the number index). */
  phoneNumbers(id: number): string[] {
    return this.startPerson(id).phones.map((phone) => phone.number);
  }

  /** The first draws of a person: language and phone numbers, which need no names. */
  private startPerson(id: number): { language: NameLanguage; phones: { number: string; mobile: boolean }[] } {
    const { random } = this;
    random.seed([this.seed, PERSON_STREAM, id]);
    const roll = random.next();
    const language: NameLanguage = roll < 0.5 ? 'cs' : roll < 0.8 ? 'sk' : 'en';
    const count = random.int(this.minPhones, 3);
    const phones = Array.from({ length: count }, () =>
      randomPhoneContact(random, random.pick(NUMBER_COUNTRIES[language])),
    );
    return { language, phones };
  }

  private slug(name: string): string {
    let slug = this.slugs.get(name);
    if (slug === undefined) this.slugs.set(name, (slug = asciiSlug(name)));
    return slug;
  }
}
