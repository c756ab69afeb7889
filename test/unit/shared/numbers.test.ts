import { describe, expect, it } from 'vitest';
import {
  analyseNumber,
  digitsKey,
  isSupportedDefaultCountry,
  normalizeNumber,
  numberKey,
} from '../../../src-main/shared/numbers';

type Case = [raw: string, country: string, e164: string];

/** Public numbers as people write them, and the E.164 key each must reach. */
const publicNumbers: Case[] = [
  // Czechia: no trunk prefix, international prefix 00.
  ['+420 777 123 456', 'CZ', '+420777123456'],
  ['+420777123456', 'CZ', '+420777123456'],
  ['00420 777 123 456', 'CZ', '+420777123456'],
  ['777 123 456', 'CZ', '+420777123456'],
  ['777-123-456', 'CZ', '+420777123456'],
  ['777.123.456', 'CZ', '+420777123456'],
  ['+420 (0) 777 123 456', 'CZ', '+420777123456'],
  ['+420 212 345 678', 'CZ', '+420212345678'],
  ['212/345/678', 'CZ', '+420212345678'],
  ['tel:+420777123456', 'CZ', '+420777123456'],
  ['(+420) 224 812 345', 'CZ', '+420224812345'],
  ['+420\u00a0777\u00a0123\u00a0456', 'CZ', '+420777123456'],
  // Slovakia: trunk prefix 0.
  ['+421 905 123 456', 'SK', '+421905123456'],
  ['0905 123 456', 'SK', '+421905123456'],
  ['00421 905 123 456', 'SK', '+421905123456'],
  ['02/5443 1234', 'SK', '+421254431234'],
  ['+421 (0)2 5443 1234', 'SK', '+421254431234'],
  ['+421 2 5443 1234', 'CZ', '+421254431234'],
  // Germany: trunk prefix 0, area codes of varying length.
  ['+49 30 1234567', 'DE', '+49301234567'],
  ['030 1234567', 'DE', '+49301234567'],
  ['030/1234567', 'DE', '+49301234567'],
  ['+49 (0)30 1234567', 'DE', '+49301234567'],
  ['0049 (0)89 12345678', 'DE', '+498912345678'],
  ['01512 3456789', 'DE', '+4915123456789'],
  ['+49 1512 3456789', 'CZ', '+4915123456789'],
  ['0049 30 1234567', 'CZ', '+49301234567'],
  // United Kingdom: trunk prefix 0, `(0)` in international form.
  ['+44 (0)20 7946 0958', 'GB', '+442079460958'],
  ['020 7946 0958', 'GB', '+442079460958'],
  ['(020) 7946 0958', 'GB', '+442079460958'],
  ['0044 20 7946 0958', 'GB', '+442079460958'],
  ['07400 123456', 'GB', '+447400123456'],
  ['+44 7700 900123', 'DE', '+447700900123'],
  // United States: trunk prefix 1, international prefix 011.
  ['(212) 555-0123', 'US', '+12125550123'],
  ['212.555.0123', 'US', '+12125550123'],
  ['212-555-0123', 'US', '+12125550123'],
  ['1-212-555-0123', 'US', '+12125550123'],
  ['+1 (415) 555-2671', 'US', '+14155552671'],
  ['415/555/2671', 'US', '+14155552671'],
  ['1 800 555 0199', 'US', '+18005550199'],
  ['011 44 20 7946 0958', 'US', '+442079460958'],
  ['00420 777 123 456', 'US', '+420777123456'],
  ['+1 212 555 0123', 'CZ', '+12125550123'],
];

/** Extensions in the forms seen in signatures and CRMs; the key never includes them. */
const withExtensions: [raw: string, country: string, e164: string, extension: string][] = [
  ['+1 212 555 0123 x123', 'US', '+12125550123', '123'],
  ['212-555-0123 ext. 45', 'US', '+12125550123', '45'],
  ['(212) 555-0123 extension 7', 'US', '+12125550123', '7'],
  ['tel:+12125550123;ext=9', 'US', '+12125550123', '9'],
  ['+420 212 345 678 kl. 123', 'CZ', '+420212345678', '123'],
  ['020 7946 0958 #22', 'GB', '+442079460958', '22'],
];

describe('normalizeNumber: public numbers', () => {
  it.each(publicNumbers)('%s (%s) → %s', (raw, country, e164) => {
    const result = normalizeNumber(raw, country);
    expect(result?.e164).toBe(e164);
    expect(result?.internal).toBeUndefined();
  });

  it.each(withExtensions)('%s (%s) → %s ext %s', (raw, country, e164, extension) => {
    expect(normalizeNumber(raw, country)).toMatchObject({ e164, extension });
  });

  it('keeps an unknown range with an explicit country code, shown as written', () => {
    // 21x is not an assigned Bratislava range in the metadata, but the country code is explicit.
    expect(normalizeNumber('+421 2 1234 5678', 'CZ')).toEqual({
      e164: '+421212345678',
      display: '+421 2 1234 5678',
    });
  });

  it('does not force an invalid national number into the default country', () => {
    expect(normalizeNumber('0905 111 222', 'CZ')).toBeNull();
    expect(normalizeNumber('020 7946 0958', 'CZ')).toBeNull();
    expect(normalizeNumber('0905 111 222', 'SK')?.e164).toBe('+421905111222');
  });

  it('reads digits without + or 00 as international when they are no number of the default country', () => {
    // A PBX that drops the "+" (or sends a JSON number) of a Slovak caller to a Czech desk.
    expect(normalizeNumber('421903736187', 'CZ')).toEqual({
      e164: '+421903736187',
      readAsInternational: true,
      display: '+421 903 736 187',
    });
    expect(normalizeNumber('4366412345678', 'CZ')?.e164).toBe('+4366412345678');
    // Valid in the default country: read nationally, as before.
    expect(normalizeNumber('777123456', 'CZ')).toEqual({
      e164: '+420777123456',
      display: '+420 777 123 456',
    });
    expect(normalizeNumber('420777123456', 'CZ')?.readAsInternational).toBeUndefined();
    // Neither a national nor an international number: still no number.
    expect(normalizeNumber('0905 111 222', 'CZ')).toBeNull();
    expect(normalizeNumber('99999999999', 'CZ')).toBeNull();
  });

  it('formats the display internationally, with the extension', () => {
    expect(normalizeNumber('777123456', 'CZ')?.display).toBe('+420 777 123 456');
    expect(normalizeNumber('212-555-0123 x45', 'US')?.display).toBe('+1 212 555 0123 ext. 45');
  });

  it('accepts the default country in lower case', () => {
    expect(normalizeNumber('0905 123 456', 'sk')?.e164).toBe('+421905123456');
  });
});

describe('normalizeNumber: internal numbers', () => {
  it.each([
    ['201', '201'],
    ['20', '20'],
    ['1234', '1234'],
    ['12 34', '1234'],
    ['123456', '123456'],
  ])('%s stays internal as %s', (raw, internal) => {
    const result = normalizeNumber(raw, 'CZ');
    expect(result).toEqual({ internal, display: internal });
  });

  it('honours a configured internal length', () => {
    expect(normalizeNumber('1234567', 'CZ', { internalDigits: { min: 3, max: 7 } })?.internal).toBe(
      '1234567',
    );
    expect(normalizeNumber('20', 'CZ', { internalDigits: { min: 3, max: 7 } })).toBeNull();
  });

  it('never treats an international number as internal', () => {
    expect(normalizeNumber('+201', 'CZ')).toBeNull();
  });
});

describe('normalizeNumber: garbage', () => {
  it.each([
    [''],
    ['   '],
    ['abc'],
    ['-'],
    ['()'],
    ['7'],
    ['call me at 777 123 456'],
    ['777 123 456 or 777 654 321'],
    ['+420 123'],
    ['12+34'],
    ['1-800-FLOWERS'],
    ['12345678901234567890123'],
    ['sip:201@pbx.example'],
    ['<img src=x onerror=alert(1)>'],
  ])('%j → null', (raw) => {
    expect(normalizeNumber(raw, 'CZ')).toBeNull();
  });

  it('rejects an unknown default country with a clear error', () => {
    expect(() => normalizeNumber('777123456', 'XX')).toThrow(/Unknown default country "XX"/);
    expect(isSupportedDefaultCountry('cz')).toBe(true);
    expect(isSupportedDefaultCountry('XX')).toBe(false);
  });
});

describe('numberKey', () => {
  it.each<[raw: string, country: string]>([
    ...publicNumbers.map(([raw, country]): [string, string] => [raw, country]),
    ...withExtensions.map(([raw, country]): [string, string] => [raw, country]),
    ['201', 'CZ'],
    ['421903736187', 'CZ'],
    ['033/785 3512', 'CZ'],
    ['0905 111 222', 'CZ'],
    ['+999 123 456 789', 'CZ'],
    ['abc', 'CZ'],
  ])('%j (%s): the key normalizeNumber gives', (raw, country) => {
    const normalized = normalizeNumber(raw, country);
    expect(numberKey(raw, country)).toBe(normalized ? (normalized.e164 ?? normalized.internal) : null);
  });
});

describe('digit forms and digitsKey', () => {
  it('indexes a number by its international, national and trunk-prefixed digits', () => {
    expect(analyseNumber('020 7946 0958', 'GB')?.digitForms).toEqual([
      '442079460958',
      '2079460958',
      '02079460958',
    ]);
    expect(analyseNumber('+420 777 123 456', 'CZ')?.digitForms).toEqual(['420777123456', '777123456']);
    expect(analyseNumber('201', 'CZ')?.digitForms).toEqual(['201']);
  });

  it.each([
    ['+420 777 12', '42077712'],
    ['00420 777 12', '42077712'],
    ['777-12', '77712'],
    ['020 7946', '0207946'],
    ['+44 (0)20 79', '442079'],
    ['(212) 555', '212555'],
  ])('digitsKey(%j) = %s', (raw, key) => {
    expect(digitsKey(raw)).toBe(key);
  });

  it('every written form of a number has a key that prefixes one of its digit forms', () => {
    const forms = analyseNumber('+420 777 123 456', 'CZ')?.digitForms ?? [];
    for (const typed of ['+420 777', '00420777', '777 123', '777.123.4']) {
      expect(forms.some((form) => form.startsWith(digitsKey(typed)))).toBe(true);
    }
  });
});
