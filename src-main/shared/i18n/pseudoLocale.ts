/**
 * The pseudo-locale for layout tests: every English message with its words accented and made about 40 %
 * longer, placeholders and plural forms untouched, so a screen that clips or overlaps longer Czech or Slovak
 * text shows it in English development builds first.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { messagesOf } from './catalogue';

const ACCENTED: Record<string, string> = {
  a: 'á',
  c: 'č',
  d: 'ď',
  e: 'é',
  i: 'í',
  l: 'ľ',
  n: 'ň',
  o: 'ó',
  r: 'ř',
  s: 'š',
  t: 'ť',
  u: 'ů',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  C: 'Č',
  D: 'Ď',
  E: 'É',
  I: 'Í',
  L: 'Ľ',
  N: 'Ň',
  O: 'Ó',
  R: 'Ř',
  S: 'Š',
  T: 'Ť',
  U: 'Ú',
  Y: 'Ý',
  Z: 'Ž',
};
const GROWTH = 0.4;

/** One run of literal text, accented and lengthened by repeating its vowels. */
export function pseudoText(literal: string): string {
  const accented = [...literal].map((char) => ACCENTED[char] ?? char).join('');
  const letters = literal.replace(/[^\p{L}]/gu, '').length;
  const extra = Math.ceil(letters * GROWTH);
  // Words of at most six letters, as real text has: one long word would overflow where no language would.
  const padding = 'ěš'
    .repeat(extra)
    .slice(0, extra)
    .replace(/(.{6})(?=.)/gu, '$1 ');
  return extra > 0 ? `${accented}${' ~'.slice(accented.endsWith(' ') ? 1 : 0)}${padding}` : accented;
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([name, option]) => [
          name,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/** A message in the pseudo-locale. */
export function pseudoMessage(message: string): string {
  return printAST(pseudoElements(parse(message)));
}

let cached: ReadonlyMap<string, string> | undefined;

/** The English catalogue in the pseudo-locale. */
export function pseudoMessages(): ReadonlyMap<string, string> {
  if (!cached?.size)
    cached = new Map([...messagesOf('en')].map(([key, message]) => [key, pseudoMessage(message)]));
  return cached;
}
