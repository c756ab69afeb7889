import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  countryOfNumber,
  dialCautionOf,
  EMERGENCY_EVERYWHERE,
  INTERNATIONAL_NETWORK_CODES,
  EMERGENCY_NUMBERS,
  emergencyNumbersOf,
} from '../../../src-main/shared/dialCaution';
import { normalizeNumber } from '../../../src-main/shared/numbers';

/** The number as the dial path reads it (E.164 or internal digits), then its caution. */
const cautionOf = (text: string, country: string) => dialCautionOf(normalizeNumber(text, country)!, country);

describe('emergency numbers', () => {
  it.each([
    ['CZ', ['112', '150', '155', '156', '158']],
    ['SK', ['112', '150', '155', '158']],
    ['US', ['112', '911']],
    ['GB', ['112', '999']],
    ['NL', ['112']],
  ])('in %s: %j, also behind an outside-line 0 or 9', (country, numbers) => {
    for (const number of numbers) {
      expect(cautionOf(number, country)).toBe('emergency');
      expect(cautionOf(`0${number}`, country)).toBe('emergency');
      expect(cautionOf(`9${number}`, country)).toBe('emergency');
    }
  });

  it('are per country: another country’s emergency number is an ordinary short number', () => {
    expect(cautionOf('911', 'CZ')).toBeNull();
    expect(cautionOf('156', 'SK')).toBeNull();
    expect(cautionOf('999', 'US')).toBeNull();
    expect(cautionOf('201', 'CZ')).toBeNull();
    expect(cautionOf('1120', 'CZ')).toBeNull();
    expect(emergencyNumbersOf('cz')).toEqual(['112', '150', '155', '156', '158']);
  });
});

describe('numbers that cost money', () => {
  it.each([
    ['+420 900 123 456', 'CZ', 'premium-rate'],
    ['906 123 456', 'CZ', 'premium-rate'],
    ['+420 840 123 456', 'CZ', 'shared-cost'],
    ['+421 900 123 456', 'CZ', 'premium-rate'],
    ['+421 850 123 456', 'SK', 'shared-cost'],
    ['+44 909 876 5432', 'GB', 'premium-rate'],
    ['0845 123 4567', 'GB', 'premium-rate'],
    ['+1 900 555 0123', 'US', 'premium-rate'],
    ['+33 8 10 12 34 56', 'FR', 'shared-cost'],
  ] as const)('%s (default country %s) is %s', (text, country, caution) => {
    expect(cautionOf(text, country)).toBe(caution);
  });

  it('leaves ordinary and toll-free numbers of the default country alone', () => {
    for (const text of ['+420 777 123 456', '+420 800 123 456', '777 123 456']) {
      expect(cautionOf(text, 'CZ')).toBeNull();
    }
    expect(cautionOf('+44 20 7946 0958', 'GB')).toBeNull();
    expect(cautionOf('+1 212 555 0123', 'US')).toBeNull();
  });
});

describe('international networks and satellite services', () => {
  it.each(INTERNATIONAL_NETWORK_CODES)('+%s … always asks, whatever the allowed countries', (code) => {
    const e164 = `+${code}12345678`;
    expect(dialCautionOf({ e164 }, 'CZ')).toBe('international-network');
    expect(dialCautionOf({ e164 }, 'CZ', ['CZ', 'SK', 'DE', 'SO'])).toBe('international-network');
  });

  it('leaves international freephone (+800) to the country rules: it is free for the caller', () => {
    expect(INTERNATIONAL_NETWORK_CODES).not.toContain('800');
  });
});

describe('countries outside the allowed ones', () => {
  it('asks for another country than the default one, and tells which', () => {
    expect(cautionOf('+252 61 234 5678', 'CZ')).toBe('foreign-country');
    expect(countryOfNumber('+252612345678')).toBe('SO');
    expect(cautionOf('+421 905 123 456', 'CZ')).toBe('foreign-country');
    expect(cautionOf('+44 20 7946 0958', 'CZ')).toBe('foreign-country');
  });

  it('dials the allowed countries without asking; premium rate asks in them all the same', () => {
    const allowed = ['CZ', 'sk'];
    expect(dialCautionOf({ e164: '+421905123456' }, 'CZ', allowed)).toBeNull();
    expect(dialCautionOf({ e164: '+420777123456' }, 'CZ', allowed)).toBeNull();
    expect(dialCautionOf({ e164: '+252612345678' }, 'CZ', allowed)).toBe('foreign-country');
    expect(dialCautionOf({ e164: '+421900123456' }, 'CZ', allowed)).toBe('premium-rate');
  });

  it('judges a number libphonenumber cannot place by its calling code', () => {
    expect(dialCautionOf({ e164: '+4201' }, 'CZ')).toBeNull();
    expect(dialCautionOf({ e164: '+2521' }, 'CZ')).toBe('foreign-country');
    expect(dialCautionOf({ e164: '+2521' }, 'CZ', ['XX'])).toBe('foreign-country');
  });
});

describe('docs/tel-links.md', () => {
  it('lists exactly the emergency numbers of the table', () => {
    const docs = readFileSync('docs/tel-links.md', 'utf8');
    const rows = [...docs.matchAll(/^ *\| ([A-Z]{2}|every country) +\| ([\d, ]+?) +\|/gm)].map(
      ([, country, numbers]) => [country, numbers!.split(', ')] as const,
    );
    expect(Object.fromEntries(rows)).toEqual({
      'every country': EMERGENCY_EVERYWHERE,
      ...EMERGENCY_NUMBERS,
    });
  });
});
