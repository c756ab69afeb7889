/**
 * Phone numbers as people really type them into a CRM: with or without the country code, `00` instead of
 * `+`, a trunk `0`, `(0)`, slashes and odd spacing. Clients must normalise them; the demo makes sure they do.
 */
import type { Random } from '../random';

export type NumberCountry = 'CZ' | 'SK' | 'GB';

const list = (text: string) => text.split(' ');

const CZ_MOBILE = list(
  '601 602 603 604 605 606 607 608 702 704 720 721 723 724 725 728 730 731 732 733 736 737 739 770 773 774 775 776 777 778 779 790 792 799',
);
const CZ_LANDLINE = list('22 23 24 25 26 28 38 41 46 48 49 54 55 58 59');
const SK_MOBILE = list('901 902 903 904 905 906 907 908 910 911 914 915 917 918 940 944 948 949 950 951');
const SK_LANDLINE = list('2 31 32 33 34 35 36 37 38 41 42 43 44 45 46 47 48 51 52 53 54 55 56 57 58');
const GB_MOBILE = list('7400 7450 7500 7700 7723 7768 7800 7867 7900 7911 7958');

/** One way of writing a number, from its national significant number split into groups. */
type Format = (groups: string[], nsn: string) => string;

const spaced = (groups: string[]) => groups.join(' ');

/** `+420 777 123 456`, `00420 777123456`, national `777 123 456`, `(+420) 224 812 345`, … (common ones twice). */
const CZ_FORMATS: Format[] = [
  (g) => `+420 ${spaced(g)}`,
  (g) => `+420 ${spaced(g)}`,
  (_g, nsn) => `+420${nsn}`,
  (g) => `00420 ${spaced(g)}`,
  (_g, nsn) => `00420${nsn}`,
  (g) => spaced(g),
  (g) => spaced(g),
  (_g, nsn) => nsn,
  (g) => `(+420) ${spaced(g)}`,
];

/** `+421 905 123 456`, `00421 905…`, national `0905 123 456`, `0905/123 456`, … */
const SK_MOBILE_FORMATS: Format[] = [
  (g) => `+421 ${spaced(g)}`,
  (g) => `+421 ${spaced(g)}`,
  (_g, nsn) => `+421${nsn}`,
  (g) => `00421 ${spaced(g)}`,
  (g) => `0${spaced(g)}`,
  (g) => `0${g[0]}/${g[1]} ${g[2]}`,
  (_g, nsn) => `0${nsn}`,
];

/** Area code, then the subscriber number in two groups: `02/5441 2345`, `+421 2 5441 2345`, … */
const SK_LANDLINE_FORMATS: Format[] = [
  (g) => `+421 ${spaced(g)}`,
  (g) => `00421 ${spaced(g)}`,
  (g) => `0${g[0]}/${g[1]} ${g[2]}`,
  (g) => `0${spaced(g)}`,
];

const GB_MOBILE_FORMATS: Format[] = [
  (g) => `+44 ${spaced(g)}`,
  (_g, nsn) => `+44${nsn}`,
  (g) => `0${spaced(g)}`,
  (g) => `0044 ${spaced(g)}`,
];

/** London numbers, including the `(0)` that people copy from letterheads: `+44 (0)20 7946 0958`. */
const GB_LANDLINE_FORMATS: Format[] = [
  (g) => `+44 (0)${spaced(g)}`,
  (g) => `+44 ${spaced(g)}`,
  (g) => `0${spaced(g)}`,
  (g) => `(0)${spaced(g)}`,
];

function digits(random: Random, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += String(random.int(0, 9));
  return text;
}

/** The groups of a national significant number, as the country writes them. */
function groupsOf(random: Random, country: NumberCountry, mobile: boolean): [string[], Format[]] {
  if (country === 'CZ') {
    const prefix = mobile ? random.pick(CZ_MOBILE) : random.pick(CZ_LANDLINE) + digits(random, 1);
    return [[prefix, digits(random, 3), digits(random, 3)], CZ_FORMATS];
  }
  if (country === 'SK') {
    if (mobile) return [[random.pick(SK_MOBILE), digits(random, 3), digits(random, 3)], SK_MOBILE_FORMATS];
    const area = random.pick(SK_LANDLINE);
    const subscriber = digits(random, 9 - area.length);
    const split = subscriber.length - 4;
    return [[area, subscriber.slice(0, split), subscriber.slice(split)], SK_LANDLINE_FORMATS];
  }
  if (mobile) return [[random.pick(GB_MOBILE), digits(random, 6)], GB_MOBILE_FORMATS];
  return [['20', digits(random, 4), digits(random, 4)], GB_LANDLINE_FORMATS];
}

/** A number of `country`, mobile in 70 % of cases, in one of the formats above, and whether it is mobile. */
export function randomPhoneContact(
  random: Random,
  country: NumberCountry,
): { number: string; mobile: boolean } {
  const mobile = random.chance(0.7);
  const [groups, formats] = groupsOf(random, country, mobile);
  return { number: random.pick(formats)(groups, groups.join('')), mobile };
}

export function randomPhoneNumber(random: Random, country: NumberCountry): string {
  return randomPhoneContact(random, country).number;
}

/**
 * The key numbers are matched by: the last nine digits, which ignores `+`, `00`, the country code, a trunk
 * `0` and the formatting. Good enough for a phonebook lookup in the simulator.
 */
export function numberMatchKey(number: string): string {
  const digitsOnly = number.replace(/\D/g, '');
  return digitsOnly.length > 9 ? digitsOnly.slice(-9) : digitsOnly;
}
