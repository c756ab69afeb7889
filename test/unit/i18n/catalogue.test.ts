/**
 * The message catalogues stay whole: every key in English, Czech and Slovak, each message valid ICU with the
 * same placeholders in every language, Czech and Slovak plurals with all their CLDR forms, and every key used
 * by the code (none left over from removed text). Keys are always written out whole in code, so a key used is
 * a key that appears as a string literal in src-main or src-renderer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../../src-main/shared/i18n/catalogue';
import { LOCALES } from '../../../src-main/shared/i18n';
import { filesUnder } from '../../support/findInFiles';

const english = messagesOf('en');

/** Placeholder names and, per plural, the forms it offers. */
function shapeOf(
  elements: MessageFormatElement[],
  shape = { names: new Set<string>(), plurals: [] as string[][] },
) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    shape.names.add(element.value);
    if (element.type === TYPE.plural) shape.plurals.push(Object.keys(element.options).sort());
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) shapeOf(option.value, shape);
    }
    if (element.type === TYPE.tag) shapeOf(element.children, shape);
  }
  return shape;
}

const PLURAL_FORMS: Record<(typeof LOCALES)[number], string[]> = {
  en: ['one', 'other'],
  cs: ['few', 'many', 'one', 'other'],
  sk: ['few', 'many', 'one', 'other'],
};

describe('message catalogues', () => {
  it('has a message for every key in every language, and no key English lacks', () => {
    for (const locale of LOCALES) {
      const keys = [...messagesOf(locale).keys()];
      expect
        .soft(
          [...english.keys()].filter((key) => !keys.includes(key)),
          `missing in ${locale}`,
        )
        .toEqual([]);
      expect
        .soft(
          keys.filter((key) => !english.has(key)),
          `only in ${locale}`,
        )
        .toEqual([]);
    }
  });

  it('has valid messages with the same placeholders in every language and all plural forms', () => {
    for (const locale of LOCALES) {
      for (const [key, message] of messagesOf(locale)) {
        expect.soft(message.trim(), `${locale} ${key} is empty`).not.toBe('');
        const shape = shapeOf(parse(message));
        const reference = shapeOf(parse(english.get(key) ?? ''));
        expect
          .soft([...shape.names].sort(), `${locale} ${key} placeholders`)
          .toEqual([...reference.names].sort());
        for (const forms of shape.plurals) {
          const needed = PLURAL_FORMS[locale].filter((form) => !forms.includes(form));
          expect.soft(needed, `${locale} ${key} lacks plural forms`).toEqual([]);
        }
      }
    }
  });

  it('uses every key somewhere in the code', () => {
    const root = join(import.meta.dirname, '../../..');
    const sources = ['src-main', 'src-renderer']
      .flatMap((folder) => filesUnder(join(root, folder)))
      .filter((file) => /\.(ts|svelte)$/.test(file) && !file.includes(join('shared', 'i18n', 'messages')))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = [...english.keys()].filter((key) => !sources.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });
});
