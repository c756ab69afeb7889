/**
 * Settings' own words in Czech and Slovak that read wrongly before: the phone selector's radios read as whole
 * phrases, not fragments of their group's label, and every "(nepovinné)" mark stands apart from its label.
 */
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { setActiveLocale, type Locale } from '../../../src-main/shared/i18n';
import SettingsView from '../../../src-renderer/views/SettingsView.svelte';
import { settingsView } from '../appFixtures';
import { installFakeRingside, ok } from '../fakeRingside';

afterEach(() => setActiveLocale('en'));

async function open(locale: Locale): Promise<void> {
  setActiveLocale(locale);
  installFakeRingside({
    'settings:get': () => ok(settingsView({ mode: 'configured' }, { activeMode: 'configured' })),
    'locale:get': () => ok({ locale, choice: 'auto', automatic: locale }),
    'wrapup:pending': () => ok([]),
  });
  render(SettingsView);
  await screen.findByRole('radiogroup', { name: /telef/ });
}

describe('Settings’ words in Czech and Slovak', () => {
  it.each([
    ['cs', 'Jak telefon najít', 'Podle klapky a oddílu', 'Podle identifikátoru zařízení'],
    ['sk', 'Ako telefón nájsť', 'Podľa klapky a oddielu', 'Podľa identifikátora zariadenia'],
  ] as const)(
    'names the phone selector’s radios as whole phrases in %s',
    async (locale, group, byExtension, byId) => {
      await open(locale);
      expect(screen.getByRole('radiogroup', { name: group })).toBeVisible();
      expect(screen.getByRole('radio', { name: byExtension })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: byId })).toBeInTheDocument();
    },
  );

  it.each(['cs', 'sk'] as const)('puts a space before every (nepovinné) in %s', async (locale) => {
    await open(locale);
    const labelled = [...document.querySelectorAll('label, legend')]
      .map((element) => element.textContent ?? '')
      .filter((text) => text.includes('(nepovinné)'));
    expect(labelled.length).toBeGreaterThanOrEqual(4);
    for (const text of labelled) expect(text).toMatch(/[^\s(]\s+\(nepovinné\)/u);
  });
});
