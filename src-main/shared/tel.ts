/**
 * Parses `tel:` (RFC 3966) and `callto:` links into the number to dial.
 *
 * Links come from web pages, CRMs and the command line, so they are untrusted: the link is tokenised
 * (scheme, number, `;`-separated parameters) and each part is checked against its grammar. `number` and
 * `extension` are built only from characters the grammar allows, so nothing else can reach the dial request.
 * Deliberate departures from RFC 3966 (see docs/tel-links.md): national numbers without `phone-context`
 * and spaces (literal or `%20`) are accepted because real links use them; `//` after the scheme is
 * tolerated; values of parameters we ignore are held to a safe subset of the grammar. What is accepted is
 * exactly what the dial model (shared/dialModel.ts) takes from a link: digits with an optional leading `+`,
 * at most 15 of them with the phone-context, and an extension of at most 8 digits; `*` and `#` (feature
 * codes) are the dial pad's alone.
 */
import { digitCount, formatDialTarget, MAX_EXTENSION_DIGITS, MAX_NUMBER_DIGITS } from './dialModel';
import { t } from './i18n';

export const MAX_TEL_URI_LENGTH = 256;

export interface TelUriNumber {
  ok: true;
  /** `+` and digits for a global number, digits for a local one. */
  number: string;
  /** Digits of `;ext=`, without separators (at most 8). */
  extension?: string;
  /** `;phone-context=`: `+` and digits, or a lower-case domain name. */
  context?: string;
}

export interface TelUriRefusal {
  ok: false;
  /** Human-readable; quotes at most one printable ASCII character and a checked parameter name. */
  reason: string;
}

export type TelUriParseResult = TelUriNumber | TelUriRefusal;

/** RFC 3966 visual separators, plus the space that links in the wild use between digit groups. */
const NUMBER_SEPARATORS = '-.() ';
const CONTEXT_SEPARATORS = '-.()';
/** Values of parameters we do not use: RFC 3966 `paramchar` minus the characters shells give a meaning to. */
const SAFE_VALUE_PUNCTUATION = '-_.~+/:';

/** One character of a link after percent-decoding, with how it was written (for error messages). */
interface LinkChar {
  char: string;
  written: string;
}

/** Thrown inside the parser and turned into `{ ok: false }` by `parseTelUri`; never escapes this module. */
class Refusal extends Error {}

/** Which part of a link a refusal is about (the messages name it). */
type LinkPart = { part: 'number' | 'extension' | 'context' } | { part: 'parameter'; name: string };

/** The part as the messages take it: every message names a parameter by `name`, '' for the other parts. */
const partParams = (what: LinkPart) => ({
  part: what.part,
  name: what.part === 'parameter' ? what.name : '',
});

function refuse(reason: string): never {
  throw new Refusal(reason);
}

export function parseTelUri(uri: string): TelUriParseResult {
  if (typeof uri !== 'string') return { ok: false, reason: t('dial.telNotALink') };
  if (uri.length > MAX_TEL_URI_LENGTH) {
    return { ok: false, reason: t('dial.telTooLong', { max: MAX_TEL_URI_LENGTH }) };
  }
  try {
    return parseLink(uri);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
}

/**
 * The text to dial for a parsed link, in both hosts: the dial model's canonical text (shared/dialModel.ts),
 * which the dial path reads back as it is. A local number with a global `phone-context` (`+44 20`) is
 * dialled within it, as RFC 3966 means; any other local number as written (the PBX is its context). An
 * extension is kept after `;ext=`, which the dial path shows and never dials.
 */
export function dialTextOf(parsed: TelUriNumber): string {
  const { extension } = parsed;
  const number = numberInContext(parsed);
  return formatDialTarget(extension ? { number, extension } : { number });
}

function numberInContext({ number, context }: Pick<TelUriNumber, 'number' | 'context'>): string {
  return context?.startsWith('+') && /^[1-9]/.test(number) ? context + number : number;
}

function parseLink(uri: string): TelUriNumber {
  const { scheme, body } = splitScheme(uri);
  const [numberText = '', ...parameters] = body.split(';');
  if (numberText.startsWith('-')) refuse(t('dial.telNumberStartsWithDash'));
  if (scheme === 'callto' && [...numberText].some(isLetter)) {
    refuse(t('dial.telCalltoUserName'));
  }
  const dialled = readNumber(numberText);
  const result: TelUriNumber = { ok: true, number: dialled };
  const seen = new Set<string>();
  for (const parameter of parameters) {
    const { name, value } = readParameter(parameter);
    if (seen.has(name)) refuse(t('dial.telParameterTwice', { name }));
    seen.add(name);
    if (name === 'ext') result.extension = readExtension(requireValue(name, value));
    else if (name === 'phone-context') result.context = readContext(requireValue(name, value));
    // isub (ISDN subaddress) is never dialled, so like any other parameter it is checked and dropped.
    else if (value !== undefined || name === 'isub') checkIgnoredValue(name, requireValue(name, value));
  }
  if (result.context !== undefined && dialled.startsWith('+')) {
    refuse(t('dial.telContextWithGlobal'));
  }
  if (digitCount(numberInContext(result)) > MAX_NUMBER_DIGITS) {
    refuse(t('dial.telTooManyDigits', { max: MAX_NUMBER_DIGITS }));
  }
  return result;
}

/** Splits off a case-insensitive `tel:` or `callto:` and the `//` some links put after it. */
function splitScheme(uri: string): { scheme: 'tel' | 'callto'; body: string } {
  const colon = uri.indexOf(':');
  const scheme = uri.slice(0, Math.max(colon, 0)).toLowerCase();
  if (scheme !== 'tel' && scheme !== 'callto') refuse(t('dial.telNotALink'));
  let body = uri.slice(colon + 1);
  if (body.startsWith('//')) {
    body = body.slice(2);
    // Browsers on Windows turn `callto://123` into `callto://123/`.
    if (body.endsWith('/')) body = body.slice(0, -1);
  }
  return { scheme, body };
}

/** `+` then digits (global), or digits (local); `%2B` counts as `+` (encodeURIComponent). */
function readNumber(text: string): string {
  const chars = percentDecode(text, { part: 'number' });
  const isGlobal = chars[0]?.char === '+';
  const rest = isGlobal ? chars.slice(1) : chars;
  // Specific reasons for a misplaced '+' and for '*' and '#'; keepDigits reports any other character.
  const misplaced = rest.find(({ char }) => !isDigit(char) && !NUMBER_SEPARATORS.includes(char));
  if (misplaced?.char === '+') refuse(t('dial.telPlusNotAtStart'));
  if (misplaced?.char === '*' || misplaced?.char === '#') {
    refuse(t('dial.telFeatureCodes'));
  }
  const digits = keepDigits(rest, { part: 'number' }, NUMBER_SEPARATORS);
  return isGlobal ? '+' + digits : digits;
}

function readExtension(text: string): string {
  const extension: LinkPart = { part: 'extension' };
  const digits = keepDigits(percentDecode(text, extension), extension, NUMBER_SEPARATORS);
  if (digits.length > MAX_EXTENSION_DIGITS) {
    refuse(t('dial.telExtensionTooLong', { max: MAX_EXTENSION_DIGITS }));
  }
  return digits;
}

/** `descriptor = domainname / global-number-digits`; the grammar has no percent-escapes here. */
function readContext(text: string): string {
  const chars = literalChars(text);
  if (text.startsWith('+')) {
    return '+' + keepDigits(chars.slice(1), { part: 'context' }, CONTEXT_SEPARATORS);
  }
  const labels = text.toLowerCase().split('.');
  if (labels.length > 1 && labels.at(-1) === '') labels.pop(); // a fully qualified name may end with '.'
  const badChar = chars.find(({ char }) => !isAlphanumeric(char) && char !== '-' && char !== '.');
  if (badChar) {
    refuse(t('dial.telContextBadDomainChar', { char: describe(badChar) }));
  }
  const isLabel = (label: string) => label !== '' && !label.startsWith('-') && !label.endsWith('-');
  if (!labels.every(isLabel) || !isLetter(labels.at(-1)?.[0] ?? '')) {
    refuse(t('dial.telContextNeither'));
  }
  return labels.join('.');
}

/** Keeps digits, drops separators, refuses everything else; needs one digit. */
function keepDigits(chars: LinkChar[], what: LinkPart, separators: string): string {
  let kept = '';
  for (const linkChar of chars) {
    const { char } = linkChar;
    if (isDigit(char)) kept += char;
    else if (!separators.includes(char)) {
      refuse(t('dial.telBadNumberChar', { ...partParams(what), char: describe(linkChar) }));
    }
  }
  if (kept === '') refuse(t('dial.telNoDigits', partParams(what)));
  return kept;
}

/** `parameter = ";" pname ["=" pvalue]`; names are case-insensitive. */
function readParameter(parameter: string): { name: string; value: string | undefined } {
  const equals = parameter.indexOf('=');
  const name = equals < 0 ? parameter : parameter.slice(0, equals);
  if (name === '') refuse(t('dial.telEmptyParameter'));
  if (name.startsWith('-')) refuse(t('dial.telParameterStartsWithDash'));
  const badChar = literalChars(name).find(({ char }) => !isAlphanumeric(char) && char !== '-');
  if (badChar) refuse(t('dial.telBadParameterNameChar', { char: describe(badChar) }));
  return { name: name.toLowerCase(), value: equals < 0 ? undefined : parameter.slice(equals + 1) };
}

function requireValue(name: string, value: string | undefined): string {
  if (value === undefined || value === '') refuse(t('dial.telParameterNeedsValue', { name }));
  return value;
}

function checkIgnoredValue(name: string, value: string): void {
  // Decoded escapes are fine here (percentDecode refuses control characters): the value is never used.
  const badChar = percentDecode(value, { part: 'parameter', name }).find(
    ({ char, written }) =>
      !written.startsWith('%') && !isAlphanumeric(char) && !SAFE_VALUE_PUNCTUATION.includes(char),
  );
  if (badChar) refuse(t('dial.telBadParameterChar', { name, char: describe(badChar) }));
}

/** Decodes `%XX` byte by byte (a decoded byte never counts as a separator: the link was split before). */
function percentDecode(text: string, what: LinkPart): LinkChar[] {
  const chars: LinkChar[] = [];
  for (let i = 0; i < text.length;) {
    if (text[i] === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (hex.length < 2 || ![...hex].every(isHexDigit)) refuse(t('dial.telBadEscape', partParams(what)));
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      if (isControl(char)) {
        refuse(t('dial.telEscapedControl', { ...partParams(what), char: describe({ char, written: '' }) }));
      }
      chars.push({ char, written: text.slice(i, i + 3) });
      i += 3;
    } else {
      // A whole code point, so astral look-alike digits and lone surrogates are reported as themselves.
      const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
      chars.push({ char, written: char });
      i += char.length;
    }
  }
  return chars;
}

/** For the parts of the grammar without percent-escapes. */
function literalChars(text: string): LinkChar[] {
  return [...text].map((char) => ({ char, written: char }));
}

const CHARACTER_NAMES: Record<number, string> = {
  0x00: 'NUL',
  0x09: 'tab',
  0x0a: 'line feed',
  0x0d: 'carriage return',
  0x20: 'space',
};

/** Printable ASCII is quoted; anything else (controls, look-alike digits, RTL marks) is named by code. */
function describe({ char, written }: LinkChar): string {
  const code = char.codePointAt(0) ?? 0;
  if (code > 0x20 && code < 0x7f) return `'${char}'`;
  if (written.startsWith('%') && code >= 0x80) return `'${written}'`; // one byte of a UTF-8 sequence
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return CHARACTER_NAMES[code] ? `${hex} (${CHARACTER_NAMES[code]})` : hex;
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9' && char.length === 1;
}

function isLetter(char: string): boolean {
  return char.length === 1 && ((char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z'));
}

function isAlphanumeric(char: string): boolean {
  return isDigit(char) || isLetter(char);
}

function isHexDigit(char: string): boolean {
  return isDigit(char) || 'abcdefABCDEF'.includes(char);
}

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}
