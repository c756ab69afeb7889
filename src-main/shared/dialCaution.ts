/**
 * Numbers Ringside always asks about before dialling them for a link or the shortcut, even with "Ask
 * before dialling" off: a web page must not be able to call the emergency services or a number that costs
 * money in the agent's name. The table is in docs/tel-links.md too; a test keeps the two the same.
 *
 * libphonenumber-js does not know emergency numbers (its `max` metadata has no short codes), so they are a
 * small table per country; premium-rate and shared-cost numbers are its number types (`getType()`, `max`
 * metadata only, as shared/numbers.ts uses). Main process only, like numbers.ts.
 */
import { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import type { DialCaution } from './contract';

/** Emergency numbers in every country: 112 is answered across the EU and by every GSM network. */
export const EMERGENCY_EVERYWHERE: readonly string[] = ['112'];

/** The other emergency numbers of a country (ISO 3166-1 alpha-2), as people dial them there. */
export const EMERGENCY_NUMBERS: Readonly<Record<string, readonly string[]>> = {
  AT: ['122', '133', '144'],
  CA: ['911'],
  CZ: ['150', '155', '156', '158'],
  DE: ['110'],
  FR: ['15', '17', '18'],
  GB: ['999'],
  HU: ['104', '105', '107'],
  PL: ['997', '998', '999'],
  SK: ['150', '155', '158'],
  US: ['911'],
};

/**
 * What a PBX may need before an outside number (an outside line, 0 in Europe, 9 in North America):
 * `0112` and `9911` reach the emergency services through such a PBX, so they count as emergency numbers.
 */
export const OUTSIDE_LINE_PREFIXES: readonly string[] = ['0', '9'];

/** The emergency numbers of `country`: its own and those of every country. */
export function emergencyNumbersOf(country: string): string[] {
  return [...EMERGENCY_EVERYWHERE, ...(EMERGENCY_NUMBERS[country.toUpperCase()] ?? [])];
}

/**
 * ITU country codes that reach no country but an international network or satellite service, whose calls
 * are billed at rates far above an ordinary international call (the toll-fraud favourites): +808 shared
 * cost, +870 Inmarsat, +878 personal numbering, +881 satellite, +882/+883 international networks, +888
 * OCHA, +979 international premium rate, +991 trial services. +800 (international freephone) is free for
 * the caller, so it is not in the list.
 */
export const INTERNATIONAL_NETWORK_CODES: readonly string[] = [
  '808',
  '870',
  '878',
  '881',
  '882',
  '883',
  '888',
  '979',
  '991',
];

/** The number as the dial path read it: E.164 for public numbers, the digits for short internal ones. */
export interface ReadDialNumber {
  e164?: string;
  internal?: string;
}

/**
 * Why dialling this number for a link or the shortcut must always ask first; null when it need not.
 * `allowedCountries` (ISO codes) are those dialled without asking; by default only `country`, the app's
 * default country (the agent's own).
 */
export function dialCautionOf(
  number: ReadDialNumber,
  country: string,
  allowedCountries: readonly string[] = [country],
): DialCaution | null {
  if (number.internal !== undefined) return isEmergency(number.internal, country) ? 'emergency' : null;
  if (number.e164 === undefined) return null;
  if (INTERNATIONAL_NETWORK_CODES.some((code) => number.e164!.startsWith(`+${code}`))) {
    return 'international-network';
  }
  switch (parsePhoneNumberFromString(number.e164)?.getType()) {
    case 'PREMIUM_RATE':
      return 'premium-rate';
    case 'SHARED_COST':
      return 'shared-cost';
    default:
      return isOutsideAllowedCountries(number.e164, allowedCountries) ? 'foreign-country' : null;
  }
}

/** The country (ISO code) a public number belongs to, when libphonenumber can tell. */
export function countryOfNumber(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/** True unless the number is in one of `allowed`: its country, or else its calling code, is theirs. */
function isOutsideAllowedCountries(e164: string, allowed: readonly string[]): boolean {
  const owner = countryOfNumber(e164);
  if (owner !== undefined) return !allowed.some((code) => code.toUpperCase() === owner);
  return !allowed.some((code) => {
    try {
      return e164.startsWith(`+${getCountryCallingCode(code.toUpperCase() as CountryCode)}`);
    } catch {
      return false; // not a country libphonenumber knows: allows nothing
    }
  });
}

function isEmergency(digits: string, country: string): boolean {
  const numbers = emergencyNumbersOf(country);
  return numbers.some(
    (emergency) =>
      digits === emergency || OUTSIDE_LINE_PREFIXES.some((prefix) => digits === prefix + emergency),
  );
}
