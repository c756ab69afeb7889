/** What a directory search query asks for: words, digit words, or a whole number. */
import { digitsKey } from '../../shared/numbers';
import { fold } from '../database/searchText';

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
