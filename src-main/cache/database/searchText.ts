/** Text folding and FTS5 helpers shared by the directory search and the history search. */

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

/** The key a name is sorted and prefix-matched by (the `sort_key` columns). */
export function sortKey(name: string): string {
  return fold(name);
}
