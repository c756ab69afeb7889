/** What the OS locale says of the language and the region: nothing, for the `C` and `POSIX` locales. */
import { describe, expect, it } from 'vitest';
import { osRegion, posixLanguages, regionOfLocale } from '../../../src-main/shared/i18n';

describe('the OS region for phone numbers', () => {
  it('is none under the C or POSIX locale, never the United States', () => {
    for (const LANG of ['C.UTF-8', 'C', 'POSIX', 'C.utf8']) {
      expect(osRegion({ LANG }, 'linux', 'US'), LANG).toBeUndefined();
    }
    // A service started with no locale at all is in the C locale too.
    expect(osRegion({}, 'linux', 'US')).toBeUndefined();
  });

  it('reads the region of the locale variable that wins: LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(osRegion({ LANG: 'cs_CZ.UTF-8' }, 'linux')).toBe('CZ');
    expect(osRegion({ LANG: 'cs_CZ.UTF-8', LC_ALL: 'sk_SK.UTF-8' }, 'linux')).toBe('SK');
    expect(osRegion({ LANG: 'cs_CZ.UTF-8', LC_MESSAGES: 'C.UTF-8' }, 'linux')).toBeUndefined();
    expect(osRegion({ LANG: 'de' }, 'linux')).toBeUndefined();
  });

  it("takes the OS's own report on Windows and macOS when no locale variable is set", () => {
    expect(osRegion({}, 'win32', 'sk')).toBe('SK');
    expect(osRegion({}, 'darwin', 'CZ')).toBe('CZ');
    expect(osRegion({}, 'win32', '')).toBeUndefined();
  });

  it('reads regions from POSIX and BCP 47 tags', () => {
    expect(regionOfLocale('cs_CZ')).toBe('CZ');
    expect(regionOfLocale('sk-SK')).toBe('SK');
    expect(regionOfLocale('en_GB.UTF-8@euro')).toBe('GB');
    expect(regionOfLocale('en')).toBeUndefined();
    expect(regionOfLocale(undefined)).toBeUndefined();
  });
});

describe('the OS languages', () => {
  it('skip the C and POSIX locales, C.UTF-8 included', () => {
    expect(posixLanguages({ LANG: 'C.UTF-8' })).toEqual([]);
    expect(posixLanguages({ LANGUAGE: 'cs:en', LANG: 'C.UTF-8' })).toEqual(['cs', 'en']);
    expect(posixLanguages({ LC_ALL: 'sk_SK.UTF-8', LANG: 'POSIX' })).toEqual(['sk_SK.UTF-8']);
  });
});
