/**
 * The pseudo-locale for layout tests: every English message accented and about 40 % longer, with its
 * placeholders, plurals, selects and tags intact, so it formats with the same parameters as English.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../../src-main/shared/i18n/catalogue';
import { pseudoMessage, pseudoMessages, pseudoText } from '../../../src-main/shared/i18n/pseudoLocale';
import { createTranslator } from '../../../src-main/shared/i18n';

/** The message's structure without its literal text: placeholders, plural forms (in any order), tags. */
function skeleton(elements: MessageFormatElement[]): unknown[] {
  return elements
    .filter((element) => element.type !== TYPE.literal)
    .map((element) => {
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        const options = Object.entries(element.options)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, option]) => [name, skeleton(option.value)]);
        return { type: element.type, value: element.value, options };
      }
      if (element.type === TYPE.tag)
        return { type: element.type, value: element.value, children: skeleton(element.children) };
      return { type: element.type, value: 'value' in element ? element.value : undefined };
    });
}

const letters = (text: string): number => text.replace(/[^\p{L}]/gu, '').length;
const english = messagesOf('en');
const pseudo = pseudoMessages();

describe('pseudo-locale', () => {
  it('has every English key', () => {
    expect([...pseudo.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keeps every placeholder, plural form, select and tag of every message', () => {
    for (const [key, message] of english) {
      expect.soft(skeleton(parse(pseudo.get(key)!)), key).toEqual(skeleton(parse(message)));
    }
  });

  it('makes text about 40 % longer', () => {
    for (const word of ['Calls', 'Hang up', 'Keyboard shortcuts', 'Answer the call now']) {
      const grown = letters(pseudoText(word)) / letters(word);
      expect.soft(grown, word).toBeGreaterThanOrEqual(1.35);
      expect.soft(grown, word).toBeLessThanOrEqual(1.6);
    }
    const total = (table: ReadonlyMap<string, string>) =>
      [...table.values()].reduce((sum, message) => sum + letters(message), 0);
    expect(total(pseudo) / total(english)).toBeGreaterThan(1.3);
  });

  it('accents the letters it can', () => {
    expect(pseudoText('Calls')).toMatch(/^Čáľľš/);
    expect(pseudoText('Settings')).toMatch(/^Šéťťíňgš/);
    expect(pseudoText('Calls')).not.toMatch(/[a-z]{2}/);
  });

  it('leaves text without letters alone', () => {
    expect(pseudoText(' · ')).toBe(' · ');
    expect(pseudoText('')).toBe('');
  });

  it('formats with the same parameters as English, plurals and numbers intact', () => {
    const translator = createTranslator('pseudo');
    expect(translator.locale).toBe('pseudo');
    expect(translator.tag).toBe('en-US');
    const one = translator.t('actions.trayMissed', { count: 1 });
    const many = translator.t('actions.trayMissed', { count: 1234 });
    expect(one).toMatch(/^1 míššéď čáľľ ~/);
    expect(many).toMatch(/^1,234 míššéď čáľľš ~/);
    expect(one).not.toContain('{');
  });

  it('keeps apostrophes and quoted braces literal', () => {
    const source = "You''re '{'here'}' {name}";
    expect(skeleton(parse(pseudoMessage(source)))).toEqual(skeleton(parse(source)));
    const shown = String(new IntlMessageFormat(pseudoMessage(source), 'en').format({ name: 'Eva' }));
    expect(shown).toMatch(/^Ýóů'řé \{.*\}.*Eva$/);
  });
});
