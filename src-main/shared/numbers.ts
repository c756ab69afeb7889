/**
 * Phone-number normalisation: the one place that turns what people type, what the PBX reports and what the
 * CRM stores into a comparable key (E.164 for public numbers, the digits as dialled for internal ones).
 *
 * Uses libphonenumber-js with the `max` metadata. `min` only checks lengths, so it would accept any national
 * number of the right length as a number of the default country: `0905 111 222` (Slovak, written without
 * the country code) would become an invented Czech `+420 0905…`, and `00420…` dialled from the US could not
 * be told apart from a national reading. Telling a real number from a merely possible one needs the digit
 * patterns that only `max` carries.  The extra ~65 kB reaches only the main
 * process: the renderer does not import this module.
 */
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';
import { t } from './i18n/activeLocale';
import { EXTENSION_SOURCE, NUMBER_TEXT_PATTERN } from './limits';

/**
 * The version of the reading rules below. Stored keys (the directory's number index) are recomputed when it
 * changes. 2: digits without `+` or `00` that are no valid number of the default country but are one read
 * as international (`421903736187`) are read as international.
 */
export const NUMBER_RULES_VERSION = 2;

export interface NormalizedNumber {
  /** `+420777123456`: set for public numbers. */
  e164?: string;
  /**
   * Written without `+` or `00` but read as international (`421903736187` → `+421903736187`): not valid in
   * the default country, valid with a country code. A PBX that drops the `+` (or sends a JSON number) does
   * this; the reader logs it once.
   */
  readAsInternational?: true;
  /** `201`: set for short internal numbers, kept as dialled. */
  internal?: string;
  /** `123` from `x123`, `ext. 123`, `;ext=123`, `kl. 123`. Never part of `e164`. */
  extension?: string;
  /** For people: `+420 777 123 456`, `+1 212 555 0123 ext. 45`, `201`. */
  display: string;
}

export interface NumberingOptions {
  /** Digit counts of numbers that are internal extensions rather than public numbers; default 2–6. */
  internalDigits?: { min: number; max: number };
}

export const DEFAULT_INTERNAL_DIGITS = { min: 2, max: 6 } as const;

/** A normalised number and the digit strings a search-as-you-type over numbers should find it by. */
export interface AnalysedNumber {
  normalized: NormalizedNumber;
  /** E.164 digits, national significant number and the nationally dialled form (with trunk prefix). */
  digitForms: string[];
}

const SCHEME = /^(?:tel|callto):/i;
/** `(+420) 224 812 345`: the country code in brackets. */
const BRACKETED_COUNTRY_CODE = /^\(\s*(\+\d{1,3})\s*\)/;
/** An extension at the end: `x123`, `ext. 123`, `extension 123`, `#123`, `;ext=123`, Czech/Slovak `kl. 123`. */
const EXTENSION = new RegExp(`${EXTENSION_SOURCE}$`, 'i');
/** What may remain once the extension is gone: digits, one leading plus and the usual separators. */
const SEPARATORS = /[\s()./-]/g;
/** Unicode spaces and dashes people paste from documents and web pages. */
const UNICODE_SEPARATORS = /[\u00a0\u2000-\u200b\u202f\u205f\u3000\u2010-\u2015\u2212]/g;
/** E.164 allows 15 digits; an international access code adds up to 4. */
const MAX_DIGITS = 19;

/** True when `country` is an ISO 3166-1 alpha-2 code libphonenumber knows (for validating settings). */
export function isSupportedDefaultCountry(country: string): boolean {
  return isSupportedCountry(country.toUpperCase());
}

/**
 * Normalises a phone number as people write it. Returns `null` for anything that is not a phone number.
 * Throws a RangeError when `defaultCountry` is not a supported country code (a settings bug, not user input).
 */
export function normalizeNumber(
  raw: string,
  defaultCountry: string,
  options: NumberingOptions = {},
): NormalizedNumber | null {
  return readNumber(raw, defaultCountry, options)?.normalized ?? null;
}

/** A read number: normalised, and its national significant number (the digits as dialled when internal). */
export interface ReadNumber {
  normalized: NormalizedNumber;
  national: string;
}

/** `normalizeNumber` plus the digit forms the call history indexes, from a single parse. */
export function analyseNumber(
  raw: string,
  defaultCountry: string,
  options: NumberingOptions = {},
): AnalysedNumber | null {
  const read = readPhone(raw, defaultCountry, options);
  if (!read) return null;
  if (!read.phone) return { normalized: read.normalized, digitForms: [read.national] };
  const national = read.phone.formatNational().replace(/\D/g, '');
  const digitForms = unique([read.phone.number.slice(1), read.national, national]);
  return { normalized: read.normalized, digitForms };
}

/** `normalizeNumber` plus the national significant number the directory index stores. */
export function readNumber(
  raw: string,
  defaultCountry: string,
  options: NumberingOptions = {},
): ReadNumber | null {
  const read = readPhone(raw, defaultCountry, options);
  return read && { normalized: read.normalized, national: read.national };
}

/**
 * The key a number is indexed and looked up by (E.164, or the internal digits), as `normalizeNumber` gives
 * it, without working out the display form: a screen-pop lookup needs only the key.
 */
export function numberKey(
  raw: string,
  defaultCountry: string,
  options: NumberingOptions = {},
): string | null {
  const core = readCore(raw, defaultCountry, options);
  return core && ('internal' in core ? core.internal : core.reading.phone.number);
}

type Reading = NonNullable<ReturnType<typeof bestReading>>;

/** What a number is before it is formatted: internal digits, or libphonenumber's reading. */
function readCore(
  raw: string,
  defaultCountry: string,
  options: NumberingOptions,
): ({ main: string; extension?: string } & ({ internal: string } | { reading: Reading })) | null {
  const country = checkedCountry(defaultCountry);
  const split = splitExtension(raw);
  if (!split) return null;
  const { main, extension } = split;
  const digits = main.replace(/\D/g, '');
  if (digits.length === 0 || digits.length > MAX_DIGITS) return null;

  const { min, max } = options.internalDigits ?? DEFAULT_INTERNAL_DIGITS;
  const international = main.startsWith('+') || digits.startsWith('00');
  if (!international && digits.length >= min && digits.length <= max) {
    return { main, extension, internal: digits };
  }
  const reading = bestReading(main.replace(/\(\s*0\s*\)/g, ' '), country, international);
  return reading && { main, extension, reading };
}

function readPhone(
  raw: string,
  defaultCountry: string,
  options: NumberingOptions,
): (ReadNumber & { phone?: PhoneNumber }) | null {
  const core = readCore(raw, defaultCountry, options);
  if (!core) return null;
  const { main, extension } = core;
  if ('internal' in core) {
    const display = withExtensionText(core.internal, extension);
    return {
      normalized: withExtension({ internal: core.internal, display }, extension),
      national: core.internal,
    };
  }
  const { phone, readAsInternational, valid } = core.reading;
  const e164 = phone.number;
  // An explicit country code with digits the metadata does not know yet: keep the text as written rather
  // than invent a grouping.
  const shown = valid ? phone.formatInternational() : main.replace(/\s+/g, ' ');
  const display = withExtensionText(shown, extension);
  const normalized: NormalizedNumber = readAsInternational
    ? { e164, readAsInternational, display }
    : { e164, display };
  return { normalized: withExtension(normalized, extension), national: phone.nationalNumber, phone };
}

/**
 * The digits of a search query or number in any format, for prefix search over the digit forms:
 * `+420 777 12` and `00420 777 12` both give `42077712`; `(0)20 7946` gives `207946`; `020 7946` keeps its 0.
 */
export function digitsKey(raw: string): string {
  const text = raw.normalize('NFKC').replace(/\(\s*0\s*\)/g, '');
  const digits = text.replace(/\D/g, '');
  return digits.startsWith('00') ? digits.replace(/^00+/, '') : digits;
}

function checkedCountry(defaultCountry: string): CountryCode {
  const country = defaultCountry.toUpperCase();
  if (!isSupportedCountry(country)) {
    throw new RangeError(
      `Unknown default country "${defaultCountry}": expected an ISO 3166-1 code such as CZ`,
    );
  }
  return country;
}

/** The common case, digits and spaces with an optional leading plus: nothing to split or normalise. */
const PLAIN_NUMBER = /^\+?\d[\d ]*$/;

function splitExtension(raw: string): { main: string; extension?: string } | null {
  if (PLAIN_NUMBER.test(raw)) return { main: raw };
  const text = raw.normalize('NFKC').replace(UNICODE_SEPARATORS, (c) => (/\s/.test(c) ? ' ' : '-'));
  const withoutScheme = text.trim().replace(SCHEME, '').replace(BRACKETED_COUNTRY_CODE, '$1 ');
  const match = EXTENSION.exec(withoutScheme);
  const main = (match ? withoutScheme.slice(0, match.index) : withoutScheme).trim();
  if (!NUMBER_TEXT_PATTERN.test(main) || main.lastIndexOf('+') > 0) return null;
  return match?.[1] ? { main, extension: match[1] } : { main };
}

/**
 * The reading of a number libphonenumber calls valid: as written (with the country's own international
 * prefix: 00, 011, 0011…), else with `00` as `+` (what many PBXs and people write whatever the country).
 * With an explicit country code a number of possible length is accepted too: the metadata may not know a
 * new range yet. Without one it is not: an invalid national reading means the default country is the
 * wrong guess (`0905 111 222` in a Czech directory is Slovak), and forcing it into that country would
 * invent a number. Last, digits that are no valid national number but a valid one with a `+` in front are
 * read as international: a PBX may drop the `+` (`421903736187`), and a JSON number cannot carry it.
 */
function bestReading(
  main: string,
  country: CountryCode,
  international: boolean,
): { phone: PhoneNumber; readAsInternational: boolean; valid: boolean } | null {
  const compact = main.replace(SEPARATORS, '');
  const readings = compact.startsWith('00') ? [compact, `+${compact.slice(2)}`] : [compact];
  let possible: PhoneNumber | null = null;
  for (const reading of readings) {
    const phone = parsePhoneNumberFromString(reading, { defaultCountry: country, extract: false });
    if (!phone) continue;
    // `valid` goes along: checking validity is a third of reading a number, so it is done once.
    if (phone.isValid()) return { phone, readAsInternational: false, valid: true };
    if (!possible && international && phone.isPossible()) possible = phone;
  }
  if (possible) return { phone: possible, readAsInternational: false, valid: false };
  // No country code starts with 0 (a national number of another country, `033/785 3512`): not parsed,
  // libphonenumber would only throw and catch an error for it.
  if (international || compact.startsWith('0')) return null;
  const withPlus = parsePhoneNumberFromString(`+${compact}`, { extract: false });
  return withPlus?.isValid() ? { phone: withPlus, readAsInternational: true, valid: true } : null;
}

/** "+1 212 555 0123 ext. 45", "…, kl. 45": the extension written after the number in the language in use. */
function withExtensionText(number: string, extension: string | undefined): string {
  return extension ? t('dial.numberWithExtension', { number, extension }) : number;
}

function withExtension(number: NormalizedNumber, extension: string | undefined): NormalizedNumber {
  return extension ? { ...number, extension } : number;
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value.length > 0))];
}
