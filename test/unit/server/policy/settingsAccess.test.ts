/** Which settings an agent may change on the team server, and how a refusal names the others. */
import { describe, expect, it } from 'vitest';
import { SETTINGS, defaultSettings, type SettingsField } from '../../../../src-main/shared/contract';
import { LOCALES, createTranslator } from '../../../../src-main/shared/i18n';
import {
  SETTING_ACCESS,
  onlyAdministratorsChange,
  restrictedChanges,
} from '../../../../src-main/server/policy';

const fields = Object.keys(SETTINGS) as SettingsField[];

describe('SETTING_ACCESS', () => {
  it('classifies every setting, and nothing else', () => {
    expect(Object.keys(SETTING_ACCESS).sort()).toEqual([...fields].sort());
  });

  it('keeps the PBX, its credentials, identity and the lockable policy fields for administrators', () => {
    const restricted = fields.filter(onlyAdministratorsChange);
    expect(restricted).toEqual(
      expect.arrayContaining([
        'mode',
        'baseUrl',
        'clientId',
        'trustedCertificatePem',
        'agentUsername',
        'phone',
      ]),
    );
    for (const field of fields) {
      if ('lockable' in SETTINGS[field]) expect(restricted).toContain(field);
    }
    expect(restricted).not.toContain('language');
    expect(restricted).not.toContain('dialShortcut');
  });

  it.each(LOCALES)('names every restricted setting and the secret in words (%s)', (locale) => {
    const translator = createTranslator(locale);
    for (const field of [...fields.filter(onlyAdministratorsChange), 'secret']) {
      const name = translator.t('policy.settingName', { field });
      expect(name, field).not.toBe(field);
      expect(name.length, field).toBeGreaterThan(2);
    }
  });
});

describe('restrictedChanges', () => {
  it('lists only the restricted fields whose value changes', () => {
    const current = { ...defaultSettings(), phone: { extension: '1002' } };
    const next = {
      ...current,
      language: 'sk' as const,
      dialCountries: ['SK'],
      phone: { extension: '1002', partition: 1 },
    };
    expect(restrictedChanges(current, next)).toEqual(['dialCountries']);
    expect(restrictedChanges(current, { ...current, phone: { identifier: 'SEP1002' } })).toEqual(['phone']);
  });
});
