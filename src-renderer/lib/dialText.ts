/**
 * What the dial pad keeps of pasted text. People paste numbers from e-mails, CRMs and web pages, with a
 * label before them ("Tel.: "), a `tel:` prefix, a line break after them or zero-width characters in
 * them. The dial pad keeps the first thing that looks like a number (with its extension, which main shows
 * and never dials) and drops the rest; the main process then reads it with the default country. Text
 * with nothing number-like is kept as it is, so the dial pad can say why it is no number.
 */

import { EXTENSION_SOURCE, NUMBER_TEXT_MAX } from '../../src-main/shared/limits';

/** Invisible characters that web pages and documents put inside numbers. */
const INVISIBLE = /[\u200b-\u200f\u2060\ufeff\u00ad]/g;
/** A number on one line: an optional + or (+44), then digits and the usual separators, ending in a digit. */
const NUMBER_LIKE = /(?:\+|\(\+?\d{1,4}\))?[ \t]*\d[\d \t().\-/\u00a0\u2010-\u2015]*\d|\d/;
/** An extension written right after the number, as main reads extensions. */
const EXTENSION_AFTER = new RegExp(String.raw`^\s*${EXTENSION_SOURCE}`, 'i');

export function cleanPastedNumber(text: string): string {
  const visible = text.normalize('NFKC').replace(INVISIBLE, '').trim();
  const match = NUMBER_LIKE.exec(visible);
  if (!match) return visible.slice(0, NUMBER_TEXT_MAX);
  const end = match.index + match[0].length;
  const extension = EXTENSION_AFTER.exec(visible.slice(end))?.[0] ?? '';
  return (match[0] + extension).replace(/\s+/g, ' ').trim().slice(0, NUMBER_TEXT_MAX);
}
