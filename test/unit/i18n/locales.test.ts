/**
 * Which language is in use: the agent's explicit choice wins; Automatic takes the agent's PBX locale, else the
 * first browser language (browser host), else the first OS language Ringside speaks, else English.
 */
import { describe, expect, it } from 'vitest';
import { localeOfTag, resolveLocale } from '../../../src-main/shared/i18n';

describe('resolveLocale', () => {
  it('takes the agent’s choice over the PBX locale and the OS', () => {
    expect(resolveLocale({ choice: 'sk', agentLocale: 'cs_CZ', systemLanguages: ['en-US'] })).toBe('sk');
    expect(resolveLocale({ choice: 'en', agentLocale: 'cs_CZ', systemLanguages: ['cs-CZ'] })).toBe('en');
    expect(resolveLocale({ choice: 'cs' })).toBe('cs');
  });

  it('Automatic: follows the agent’s PBX locale first', () => {
    expect(resolveLocale({ choice: 'auto', agentLocale: 'cs_CZ', systemLanguages: ['sk-SK'] })).toBe('cs');
    expect(resolveLocale({ choice: 'auto', agentLocale: 'sk_SK', systemLanguages: ['cs'] })).toBe('sk');
  });

  it('Automatic without an agent: the first OS language Ringside speaks', () => {
    expect(resolveLocale({ choice: 'auto', systemLanguages: ['sk-SK', 'cs-CZ'] })).toBe('sk');
    expect(resolveLocale({ choice: 'auto', systemLanguages: ['de-DE', 'cs-CZ'] })).toBe('cs');
    // An agent whose PBX locale Ringside does not speak: the OS decides.
    expect(resolveLocale({ choice: 'auto', agentLocale: 'de_DE', systemLanguages: ['sk'] })).toBe('sk');
  });

  it('Automatic in the browser host: the PBX locale, then the browser’s languages, then the OS’s', () => {
    const browserLanguages = ['de-DE', 'cs-CZ'];
    expect(resolveLocale({ choice: 'auto', agentLocale: 'sk_SK', browserLanguages })).toBe('sk');
    expect(resolveLocale({ choice: 'auto', browserLanguages, systemLanguages: ['sk-SK'] })).toBe('cs');
    expect(resolveLocale({ choice: 'auto', browserLanguages: ['de'], systemLanguages: ['sk-SK'] })).toBe(
      'sk',
    );
  });

  it('Automatic with nothing Ringside speaks: English', () => {
    expect(resolveLocale({ choice: 'auto', agentLocale: 'pl_PL', systemLanguages: ['de-DE', 'hu'] })).toBe(
      'en',
    );
    expect(resolveLocale({ choice: 'auto' })).toBe('en');
    expect(resolveLocale({ choice: 'auto', agentLocale: '', systemLanguages: [] })).toBe('en');
  });
});

describe('localeOfTag', () => {
  it('reads PBX and BCP 47 tags in any case', () => {
    expect(['cs_CZ', 'sk-SK', 'EN', ' cs ', 'en-GB'].map(localeOfTag)).toEqual([
      'cs',
      'sk',
      'en',
      'cs',
      'en',
    ]);
  });

  it('knows no other language', () => {
    expect(['de_DE', 'csb', 'pseudo', '', undefined, null].map(localeOfTag)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
