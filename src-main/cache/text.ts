/** Text folding and query parsing for directory search. */
import { digitsKey } from '../shared/numbers';

/**
 * Lower case without diacritics, like the FTS5 tokenizer's `remove_diacritics 2`: "Dvořák" → "dvorak".
 * Used for the sort keys, so that name-prefix matches and the search index agree.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export interface ParsedQuery {
  /** The whole query folded, for "the name starts with what was typed". */
  folded: string;
  /** Word tokens (each matched as a prefix of a name, company or e-mail word). */
  words: string[];
  /** Digit-only tokens of a mixed query such as "novak 777" (each a prefix of some number's digits). */
  digitWords: string[];
  /** Set when the whole query is a number in any format: its digits, matched as a prefix. */
  number?: string;
}

const NUMBER_LIKE = /^[+\d\s()./-]+$/;

export function parseQuery(query: string): ParsedQuery {
  const folded = fold(query);
  if (NUMBER_LIKE.test(folded) && /\d/.test(folded)) {
    const number = digitsKey(folded);
    return number ? { folded, words: [], digitWords: [], number } : { folded, words: [], digitWords: [] };
  }
  const tokens = folded.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);
  return {
    folded,
    words: tokens.filter((token) => !/^\d+$/.test(token)),
    digitWords: tokens.filter((token) => /^\d+$/.test(token)),
  };
}

/**
 * An FTS5 MATCH expression: every word as a quoted prefix term, all required. The words contain letters and
 * digits only (the parser split on everything else), so user input cannot inject FTS5 syntax.
 */
export function ftsPrefixExpression(words: readonly string[]): string {
  return words.map((word) => `"${word}"*`).join(' ');
}

/** The exclusive upper bound of a prefix range scan: every string that starts with `prefix` sorts below it. */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\uffff`;
}
