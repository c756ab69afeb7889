/**
 * Settings ▸ Language: Automatic names the language it resolves to; choosing a language saves and applies it
 * at once (`settings:language`), and the screen re-words itself when main says the language changed. The
 * form's own Save keeps the language chosen there.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocaleState, SettingsSaveArgs } from '../../src-main/shared/contract';
import { setActiveLocale, type LanguageChoice, type Locale } from '../../src-main/shared/i18n';
import { followLocale } from '../../src-renderer/lib/i18n.svelte';
import SettingsLanguage from '../../src-renderer/components/settings/SettingsLanguage.svelte';
import SettingsView from '../../src-renderer/views/SettingsView.svelte';
import { settingsView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

afterEach(() => setActiveLocale('en'));

/** A main that resolves Automatic to `automatic` and applies a choice as soon as it is made. */
async function fakeMain(options: { automatic?: Locale; refuse?: boolean } = {}) {
  const automatic = options.automatic ?? 'cs';
  let state: LocaleState = { locale: automatic, choice: 'auto', automatic };
  const chosen: LanguageChoice[] = [];
  const saved: SettingsSaveArgs[] = [];
  const view = settingsView({ language: 'auto' });
  const fake = installFakeRingside({
    'locale:get': () => ok(state),
    'settings:language': (choice) => {
      chosen.push(choice);
      if (options.refuse)
        return { ok: false, error: { code: 'internal', message: 'The settings file is read-only.' } };
      state = { locale: choice === 'auto' ? automatic : choice, choice, automatic };
      fake.emit('locale:changed', state);
      return ok(state);
    },
    'settings:get': () => ok(view),
    'settings:save': (args) => {
      saved.push(args);
      return ok({ saved: true, view: { ...view, settings: args.settings } });
    },
  });
  // The window follows main's language, as main.ts has it do before the first screen.
  await followLocale();
  return { chosen, saved };
}

describe('Settings ▸ Language', () => {
  it('names what Automatic resolves to, and each language in its own words', async () => {
    await fakeMain({ automatic: 'sk' });
    setActiveLocale('en');
    render(SettingsLanguage);
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await waitFor(() => expect(select).toHaveDisplayValue('Automatic (Slovenčina)'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Automatic (Slovenčina)', 'English', 'Čeština', 'Slovenčina']);
    expect(select).toHaveAccessibleDescription(
      /^Automatic uses your PBX user’s language, else the system’s\./,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Language' })).toBeInTheDocument();
  });

  it('saves the choice at once and re-words the screen when main says the language changed', async () => {
    const { chosen } = await fakeMain({ automatic: 'en' });
    render(SettingsLanguage);
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await waitFor(() => expect(select).toHaveDisplayValue('Automatic (English)'));

    await fireEvent.change(select, { target: { value: 'cs' } });
    await waitFor(() => expect(chosen).toEqual(['cs']));
    expect(await screen.findByRole('heading', { level: 2, name: 'Jazyk' })).toBeInTheDocument();
    const czech = screen.getByRole('combobox', { name: 'Jazyk' });
    expect(czech).toHaveDisplayValue('Čeština');
    expect(within(czech).getAllByRole('option')[0]).toHaveTextContent('Automaticky (English)');
    expect(czech).toHaveAccessibleDescription(/jazyk vašeho uživatele na ústředně/);
  });

  it('shows why a choice was not applied and keeps the language in use', async () => {
    await fakeMain({ automatic: 'en', refuse: true });
    render(SettingsLanguage);
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await waitFor(() => expect(select).toHaveDisplayValue('Automatic (English)'));

    await fireEvent.change(select, { target: { value: 'sk' } });
    expect(await screen.findByText(/The language could not be changed/)).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(/The settings file is read-only\./);
    expect(select).toHaveDisplayValue('Automatic (English)');
  });

  it('keeps the language chosen here when the form is saved', async () => {
    const { saved } = await fakeMain({ automatic: 'en' });
    render(SettingsView);
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await waitFor(() => expect(select).toHaveDisplayValue('Automatic (English)'));
    await screen.findByLabelText('Default country');

    await fireEvent.change(select, { target: { value: 'sk' } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Uložiť' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.settings.language).toBe('sk');
    expect(await screen.findByText('Uložené. Ringside používa ukážkovú ústredňu.')).toBeInTheDocument();
  });
});
