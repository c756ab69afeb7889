import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dialCautionOf,
  EMERGENCY_EVERYWHERE,
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

  it('leaves ordinary and toll-free numbers alone', () => {
    for (const text of ['+420 777 123 456', '+420 800 123 456', '+44 20 7946 0958', '+1 212 555 0123']) {
      expect(cautionOf(text, 'CZ')).toBeNull();
    }
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
