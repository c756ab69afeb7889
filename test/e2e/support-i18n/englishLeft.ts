/**
 * English left on a Czech or Slovak page: a text that equals the English catalogue's value of a key whose
 * value in the page's language differs. Each English message becomes a pattern of its whole text: its
 * placeholders match any value, a plural or select any of its forms, so "12 missed calls not seen yet" is
 * found as `history.missedUnseen`'s English. Names and numbers are not English: a message whose English has
 * no word of its own ("{kind} · {label}"), or the same words in the page's language, is not looked for.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
// Every language's messages, so the patterns can be built for any of them.
import '../../../src-main/shared/i18n/allCatalogues';
import { messagesOf } from '../../../src-main/shared/i18n/catalogue';
import type { Locale } from '../../../src-main/shared/i18n';

interface EnglishMessage {
  key: string;
  pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const squash = (text: string) => text.replace(/\s+/g, ' ');

type Choice = Extract<MessageFormatElement, { options: unknown }>;

/** The plural or select of the same argument in the page language's message. */
function choiceIn(elements: readonly MessageFormatElement[], like: Choice): Choice | undefined {
  for (const element of elements) {
    if ((element.type === TYPE.plural || element.type === TYPE.select) && element.value === like.value) {
      if (element.type === like.type) return element;
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) {
        const found = choiceIn(option.value, like);
        if (found) return found;
      }
    }
    if (element.type === TYPE.tag) {
      const found = choiceIn(element.children, like);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The message as a regular expression source; values match anything. A form of a plural or select that is
 * only a value (`other {{label}}`: the data's own text) or reads the same in the page's language is left out.
 */
function patternOf(elements: MessageFormatElement[], local: readonly MessageFormatElement[]): string {
  return elements
    .map((element) => {
      switch (element.type) {
        case TYPE.literal:
          return escape(squash(element.value));
        case TYPE.plural:
        case TYPE.select: {
          const localChoice = choiceIn(local, element);
          const forms = Object.entries(element.options)
            .filter(([form, option]) => {
              const words = squash(wordsOf(option.value)).trim();
              if (!/\p{L}{2}/u.test(words)) return false;
              const localOption = localChoice?.options[form];
              return !localOption || squash(wordsOf(localOption.value)).trim() !== words;
            })
            .map(([, option]) => patternOf(option.value, local));
          // No form of its own: the whole message cannot be told from the page's language here.
          return forms.length ? `(?:${forms.join('|')})` : '(?!)';
        }
        case TYPE.tag:
          return patternOf(element.children, local);
        default:
          return '.+?';
      }
    })
    .join('');
}

/** The message's own words, placeholders left out: what tells one language from another. */
function wordsOf(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        return Object.values(element.options)
          .map((option) => wordsOf(option.value))
          .join(' ');
      }
      if (element.type === TYPE.tag) return wordsOf(element.children);
      return ' ';
    })
    .join('');
}

const cache = new Map<Locale, EnglishMessage[]>();

/** The English messages a page in `locale` must not show. */
export function englishMessages(locale: Exclude<Locale, 'en'>): EnglishMessage[] {
  const known = cache.get(locale);
  if (known) return known;
  const english = messagesOf('en');
  const local = messagesOf(locale);
  const found: EnglishMessage[] = [];
  for (const [key, message] of english) {
    const elements = parse(message, { ignoreTag: false });
    const words = squash(wordsOf(elements)).trim();
    // Only placeholders and signs (names, numbers): nothing English about it.
    if (!/\p{L}{2}/u.test(words)) continue;
    const localMessage = local.get(key);
    if (localMessage === undefined) continue;
    const localElements = parse(localMessage, { ignoreTag: false });
    if (squash(wordsOf(localElements)).trim() === words) continue;
    found.push({ key, pattern: new RegExp(`^${patternOf(elements, localElements).trim()}$`, 'u') });
  }
  cache.set(locale, found);
  return found;
}

/** `key: "text"` for each text that is an English message's whole text. */
export function englishLeft(texts: readonly string[], locale: Exclude<Locale, 'en'>): string[] {
  const messages = englishMessages(locale);
  const left = new Set<string>();
  for (const raw of texts) {
    const text = squash(raw).trim();
    // A number, a time, a sign: no words to be in any language.
    if (!/\p{L}{2}/u.test(text)) continue;
    for (const { key, pattern } of messages) {
      if (pattern.test(text)) left.add(`${key}: ${JSON.stringify(text)}`);
    }
  }
  return [...left];
}
