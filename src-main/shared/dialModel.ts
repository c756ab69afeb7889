/**
 * The one dial model: what a surface may hand the dial path, with the bounds that both the `tel:` parser
 * (shared/tel.ts) and the dial path (calls/dial/readDial.ts) hold it to, so a link the parser accepts is
 * never one the dial path then refuses for its shape.
 *
 * - From outside the app (links): a number, `+` and digits or digits alone, at most 15 digits (E.164), and
 *   apart from it an extension of at most 8 digits, which is shown and never dialled. Written as its
 *   canonical text, `+442079460958;ext=12`: the one form a link's number travels in to the dial path,
 *   which reads it back with `parseDialTarget` (the exact inverse of `formatDialTarget`).
 * - From the dial pad only: a PBX feature code, `*` or `#` first, then digits, `*` and `#` (`*31#`,
 *   `#21#`, `*21*201#`), dialled exactly as typed.
 *
 * Plain strings and regular expressions only, so the renderer (the browser host reads `?dial=` links)
 * imports it without libphonenumber.
 */

/** E.164: a number has at most 15 digits, country code included. */
export const MAX_NUMBER_DIGITS = 15;
/** As the directory reads extensions (`EXTENSION_SOURCE` in limits.ts: `\d{1,8}`). */
export const MAX_EXTENSION_DIGITS = 8;
/** A feature code with a number in it (`*21*+420777123456#` without the plus) still fits. */
export const MAX_FEATURE_CODE_LENGTH = 32;

/** A number from outside the app, as the dial path receives it. */
export interface DialTarget {
  /** `+` and 1–15 digits (global), or 1–15 digits (national or internal: the default country decides). */
  number: string;
  /** 1–8 digits; never dialled. */
  extension?: string;
}

const CANONICAL = new RegExp(
  String.raw`^(\+?\d{1,${MAX_NUMBER_DIGITS}})(?:;ext=(\d{1,${MAX_EXTENSION_DIGITS}}))?$`,
);

/** `+442079460958;ext=12`: the canonical text of a target (its parts are assumed within bounds). */
export function formatDialTarget({ number, extension }: DialTarget): string {
  return extension ? `${number};ext=${extension}` : number;
}

/** The target written in canonical text, or null for any other text (separators, letters, too long…). */
export function parseDialTarget(text: string): DialTarget | null {
  const [, number, extension] = CANONICAL.exec(text) ?? [];
  if (!number) return null;
  return extension ? { number, extension } : { number };
}

/** The digits a number holds (a leading `+` does not count). */
export function digitCount(number: string): number {
  return number.replace(/\D/g, '').length;
}

/** Feature codes start with `*` or `#`; spaces typed between keys are dropped. */
const FEATURE_CODE = /^[*#][\d*#]*$/;

/** Whether the text is meant as a feature code: its first character other than a space is `*` or `#`. */
export function looksLikeFeatureCode(text: string): boolean {
  return /^\s*[*#]/.test(text);
}

/** The feature code as dialled (`* 31 #` → `*31#`), or null when it is not one or is too long. */
export function readFeatureCode(text: string): string | null {
  const code = text.replace(/ /g, '');
  if (!FEATURE_CODE.test(code) || code.length > MAX_FEATURE_CODE_LENGTH || !/\d/.test(code)) return null;
  return code;
}
