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

function refuse(reason: string): never {
  throw new Refusal(reason);
}

export function parseTelUri(uri: string): TelUriParseResult {
  if (typeof uri !== 'string') return { ok: false, reason: 'not a tel: or callto: link' };
  if (uri.length > MAX_TEL_URI_LENGTH) {
    return { ok: false, reason: `link is longer than ${MAX_TEL_URI_LENGTH} characters` };
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
  if (numberText.startsWith('-')) refuse("the number starts with '-', like a command-line option");
  if (scheme === 'callto' && [...numberText].some(isLetter)) {
    refuse('callto: links with a user name (Skype style) are not supported, only phone numbers');
  }
  const dialled = readNumber(numberText);
  const result: TelUriNumber = { ok: true, number: dialled };
  const seen = new Set<string>();
  for (const parameter of parameters) {
    const { name, value } = readParameter(parameter);
    if (seen.has(name)) refuse(`the parameter '${name}' appears more than once`);
    seen.add(name);
    if (name === 'ext') result.extension = readExtension(requireValue(name, value));
    else if (name === 'phone-context') result.context = readContext(requireValue(name, value));
    // isub (ISDN subaddress) is never dialled, so like any other parameter it is checked and dropped.
    else if (value !== undefined || name === 'isub') checkIgnoredValue(name, requireValue(name, value));
  }
  if (result.context !== undefined && dialled.startsWith('+')) {
    refuse('phone-context is only allowed with a local number, not one starting with +');
  }
  if (digitCount(numberInContext(result)) > MAX_NUMBER_DIGITS) {
    refuse(`the number has more than ${MAX_NUMBER_DIGITS} digits, the most a phone number has`);
  }
  return result;
}

/** Splits off a case-insensitive `tel:` or `callto:` and the `//` some links put after it. */
function splitScheme(uri: string): { scheme: 'tel' | 'callto'; body: string } {
  const colon = uri.indexOf(':');
  const scheme = uri.slice(0, Math.max(colon, 0)).toLowerCase();
  if (scheme !== 'tel' && scheme !== 'callto') refuse('not a tel: or callto: link');
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
  const chars = percentDecode(text, 'the number');
  const isGlobal = chars[0]?.char === '+';
  const rest = isGlobal ? chars.slice(1) : chars;
  // Specific reasons for a misplaced '+' and for '*' and '#'; keepDigits reports any other character.
  const misplaced = rest.find(({ char }) => !isDigit(char) && !NUMBER_SEPARATORS.includes(char));
  if (misplaced?.char === '+') refuse("'+' is only allowed at the start of the number");
  if (misplaced?.char === '*' || misplaced?.char === '#') {
    refuse("'*' and '#' (PBX feature codes) are dialled from the dial pad only, not from a link");
  }
  const digits = keepDigits(rest, 'the number', NUMBER_SEPARATORS);
  return isGlobal ? '+' + digits : digits;
}

function readExtension(text: string): string {
  const digits = keepDigits(percentDecode(text, 'the extension'), 'the extension', NUMBER_SEPARATORS);
  if (digits.length > MAX_EXTENSION_DIGITS) {
    refuse(`the extension has more than ${MAX_EXTENSION_DIGITS} digits`);
  }
  return digits;
}

/** `descriptor = domainname / global-number-digits`; the grammar has no percent-escapes here. */
function readContext(text: string): string {
  const chars = literalChars(text);
  if (text.startsWith('+')) {
    return '+' + keepDigits(chars.slice(1), 'the phone-context', CONTEXT_SEPARATORS);
  }
  const labels = text.toLowerCase().split('.');
  if (labels.length > 1 && labels.at(-1) === '') labels.pop(); // a fully qualified name may end with '.'
  const badChar = chars.find(({ char }) => !isAlphanumeric(char) && char !== '-' && char !== '.');
  if (badChar) {
    refuse(`the phone-context contains characters not allowed in a domain name: ${describe(badChar)}`);
  }
  const isLabel = (label: string) => label !== '' && !label.startsWith('-') && !label.endsWith('-');
  if (!labels.every(isLabel) || !isLetter(labels.at(-1)?.[0] ?? '')) {
    refuse('the phone-context is neither a +number nor a domain name');
  }
  return labels.join('.');
}

/** Keeps digits, drops separators, refuses everything else; needs one digit. */
function keepDigits(chars: LinkChar[], what: string, separators: string): string {
  let kept = '';
  for (const linkChar of chars) {
    const { char } = linkChar;
    if (isDigit(char)) kept += char;
    else if (!separators.includes(char)) {
      refuse(`${what} contains characters not allowed in a phone number: ${describe(linkChar)}`);
    }
  }
  if (kept === '') refuse(`${what} has no digits`);
  return kept;
}

/** `parameter = ";" pname ["=" pvalue]`; names are case-insensitive. */
function readParameter(parameter: string): { name: string; value: string | undefined } {
  const equals = parameter.indexOf('=');
  const name = equals < 0 ? parameter : parameter.slice(0, equals);
  if (name === '') refuse("the link has an empty parameter (';;', a trailing ';' or a missing name)");
  if (name.startsWith('-')) refuse("a parameter name starts with '-', like a command-line option");
  const badChar = literalChars(name).find(({ char }) => !isAlphanumeric(char) && char !== '-');
  if (badChar) refuse(`a parameter name contains characters not allowed: ${describe(badChar)}`);
  return { name: name.toLowerCase(), value: equals < 0 ? undefined : parameter.slice(equals + 1) };
}

function requireValue(name: string, value: string | undefined): string {
  if (value === undefined || value === '') refuse(`the parameter '${name}' needs a value`);
  return value;
}

function checkIgnoredValue(name: string, value: string): void {
  // Decoded escapes are fine here (percentDecode refuses control characters): the value is never used.
  const badChar = percentDecode(value, `the parameter '${name}'`).find(
    ({ char, written }) =>
      !written.startsWith('%') && !isAlphanumeric(char) && !SAFE_VALUE_PUNCTUATION.includes(char),
  );
  if (badChar) refuse(`the parameter '${name}' contains characters not allowed: ${describe(badChar)}`);
}

/** Decodes `%XX` byte by byte (a decoded byte never counts as a separator: the link was split before). */
function percentDecode(text: string, what: string): LinkChar[] {
  const chars: LinkChar[] = [];
  for (let i = 0; i < text.length;) {
    if (text[i] === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (hex.length < 2 || ![...hex].every(isHexDigit)) refuse(`${what} contains an invalid %-escape`);
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      if (isControl(char)) {
        refuse(`${what} contains a %-encoded control character: ${describe({ char, written: '' })}`);
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
