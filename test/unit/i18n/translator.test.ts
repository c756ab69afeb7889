/**
 * Words and formats per language through createTranslator: plural forms (Czech and Slovak have four, with
 * fractions taking `many`), dates in the local order, the decimal comma, spelled-out durations, and names
 * sorted as each language sorts them (in Czech Č after C and Ch after H; in Slovak Ä after A).
 */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src-main/shared/i18n';

const en = createTranslator('en');
const cs = createTranslator('cs');
const sk = createTranslator('sk');

/** Intl separates groups and units with no-break spaces; the tests compare plain spaces. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

// 5 March 2026, 14:07:09 local time (vitest runs in the machine's zone; only the order and form matter).
const moment = new Date(2026, 2, 5, 14, 7, 9);

describe('plurals', () => {
  // The tray's count of missed calls: a plural every language has.
  const calls = (translator: typeof en, count: number) => translator.t('actions.trayMissed', { count });

  it('Czech: 1 zmeškaný hovor, 2 zmeškané hovory, 5 zmeškaných hovorů, 1,5 zmeškaného hovoru', () => {
    expect([1, 2, 4, 5, 21, 1.5, 0].map((count) => calls(cs, count))).toEqual([
      '1 zmeškaný hovor',
      '2 zmeškané hovory',
      '4 zmeškané hovory',
      '5 zmeškaných hovorů',
      '21 zmeškaných hovorů',
      '1,5 zmeškaného hovoru',
      '0 zmeškaných hovorů',
    ]);
  });

  it('Slovak: 1 zmeškaný hovor, 3 zmeškané hovory, 5 zmeškaných hovorov, 1,5 zmeškaného hovoru', () => {
    expect([1, 3, 5, 1.5, 0].map((count) => calls(sk, count))).toEqual([
      '1 zmeškaný hovor',
      '3 zmeškané hovory',
      '5 zmeškaných hovorov',
      '1,5 zmeškaného hovoru',
      '0 zmeškaných hovorov',
    ]);
  });

  it('English: 1 missed call, 2 missed calls', () => {
    expect([1, 2, 0].map((count) => calls(en, count))).toEqual([
      '1 missed call',
      '2 missed calls',
      '0 missed calls',
    ]);
  });

  it('names the CLDR form of a count', () => {
    expect([1, 3, 1.5, 5].map((count) => cs.plural(count))).toEqual(['one', 'few', 'many', 'other']);
    expect([1, 3, 1.5, 5].map((count) => sk.plural(count))).toEqual(['one', 'few', 'many', 'other']);
    expect([1, 1.5, 5].map((count) => en.plural(count))).toEqual(['one', 'other', 'other']);
  });
});

describe('numbers', () => {
  it('uses the decimal comma and a space between thousands in Czech and Slovak', () => {
    expect(plain(cs.number(1234.5))).toBe('1 234,5');
    expect(plain(sk.number(1234.5))).toBe('1 234,5');
    expect(en.number(1234.5)).toBe('1,234.5');
  });

  it('formats with Intl options in the language', () => {
    expect(plain(cs.number(0.5, { style: 'percent' }))).toBe('50 %');
    expect(en.number(0.5, { style: 'percent' })).toBe('50%');
  });

  it('formats numbers inside messages the same way', () => {
    expect(cs.t('actions.trayMissed', { count: 2.5 })).toBe('2,5 zmeškaného hovoru');
  });
});

describe('dates and times', () => {
  it('puts the day before the month in Czech and Slovak, the month first in English', () => {
    expect(plain(cs.date(moment, 'date'))).toBe('5. 3. 2026');
    expect(plain(sk.date(moment, 'date'))).toBe('5. 3. 2026');
    expect(en.date(moment, 'date')).toBe('Mar 5, 2026');
    expect(plain(cs.date(moment, 'dateShort'))).toBe('5. 3.');
    expect(en.date(moment, 'dateShort')).toBe('3/5');
  });

  it('uses the 24-hour clock in Czech and Slovak, AM/PM in English', () => {
    expect(cs.date(moment, 'time')).toBe('14:07');
    expect(sk.date(moment, 'timeSeconds')).toBe('14:07:09');
    expect(plain(en.date(moment, 'time'))).toBe('2:07 PM');
    expect(plain(cs.date(moment, 'dateTime'))).toMatch(/^5\. 3\. 2026,? 14:07$/);
  });

  it('names weekdays and relative days in the language', () => {
    expect(cs.date(moment, 'weekday')).toBe('čtvrtek');
    expect(sk.date(moment, 'weekday')).toBe('štvrtok');
    expect(en.date(moment, 'weekday')).toBe('Thursday');
    expect([cs, sk, en].map((translator) => translator.relative(-1, 'day'))).toEqual([
      'včera',
      'včera',
      'yesterday',
    ]);
  });

  it('joins lists with the language’s conjunction', () => {
    expect(plain(cs.list(['Eva', 'Petr', 'Jan']))).toBe('Eva, Petr a Jan');
    expect(plain(sk.list(['Eva', 'Peter', 'Ján']))).toBe('Eva, Peter a Ján');
    expect(en.list(['Eva', 'Peter', 'Jan'])).toBe('Eva, Peter, and Jan');
  });
});

describe('durations', () => {
  it('spells a duration out in the language', () => {
    expect(plain(cs.duration(65, 'long'))).toBe('1 minuta a 5 sekund');
    expect(plain(sk.duration(65, 'long'))).toBe('1 minúta, 5 sekúnd');
    expect(en.duration(65, 'long')).toBe('1 minute, 5 seconds');
  });

  it('leaves zero parts out of spelled-out durations but never says nothing', () => {
    expect(en.duration(3605, 'long')).toBe('1 hour, 5 seconds');
    // translator.ts: spelled-out durations "never say nothing" (0 s, not an empty string).
    expect(plain(cs.duration(0, 'narrow'))).toBe('0 s');
    expect(en.duration(0, 'long')).toBe('0 seconds');
  });

  it('shows a running duration as m:ss, and h:mm:ss from an hour on', () => {
    // The translator's own contract (translator.ts): "Seconds as `1:05` (digital)".
    for (const translator of [en, cs, sk]) {
      expect(translator.duration(65)).toBe('1:05');
      expect(translator.duration(5)).toBe('0:05');
      expect(translator.duration(3725)).toBe('1:02:05');
    }
  });
});

describe('sorting names', () => {
  const sorted = (translator: typeof en, names: string[]) => [...names].sort(translator.compare);

  it('sorts Č after C and Ch after H in Czech', () => {
    expect(sorted(cs, ['Ivan', 'Chudý', 'Čech', 'Hora', 'Cyril'])).toEqual([
      'Cyril',
      'Čech',
      'Hora',
      'Chudý',
      'Ivan',
    ]);
  });

  it('sorts Ä after A in Slovak, and not in Czech', () => {
    const names = ['Bača', 'Äno', 'Azúr'];
    expect(sorted(sk, names)).toEqual(['Azúr', 'Äno', 'Bača']);
    expect(sorted(cs, names)).toEqual(['Äno', 'Azúr', 'Bača']);
  });

  it('sorts Ch among the Cs in English', () => {
    expect(sorted(en, ['Ivan', 'Chudý', 'Čech', 'Hora', 'Cyril'])).toEqual([
      'Čech',
      'Chudý',
      'Cyril',
      'Hora',
      'Ivan',
    ]);
  });

  it('ignores case and compares numbers by value', () => {
    expect(cs.compare('eva', 'Eva')).toBe(0);
    expect(sorted(cs, ['Linka 10', 'Linka 2'])).toEqual(['Linka 2', 'Linka 10']);
  });
});

describe('messages', () => {
  it('gives the language’s words for a key and a Text from main', () => {
    expect(cs.t('common.close')).toBe('Zavřít');
    expect(sk.t('common.close')).toBe('Zavrieť');
    expect(en.text({ key: 'actions.trayMissed', params: { count: 3 } })).toBe('3 missed calls');
    expect(cs.text({ key: 'actions.trayMissed', params: { count: 3 } })).toBe('3 zmeškané hovory');
  });

  it('names each language in its own words whatever the language in use', () => {
    for (const translator of [en, cs, sk]) {
      expect(['en', 'cs', 'sk'].map((locale) => translator.t('common.languageName', { locale }))).toEqual([
        'English',
        'Čeština',
        'Slovenčina',
      ]);
    }
  });

  it('carries the BCP 47 tag for Intl and <html lang>', () => {
    expect([en.tag, cs.tag, sk.tag]).toEqual(['en-US', 'cs-CZ', 'sk-SK']);
  });
});
