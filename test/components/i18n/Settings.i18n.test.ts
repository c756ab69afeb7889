/**
 * Settings and first run in Czech and Slovak: the words come from the catalogues, the retention periods and
 * the unsent wrap-ups are counted with the language's plural forms, a certificate's expiry is a local date,
 * and Automatic names the language it resolves to.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingSave, SettingsView as View } from '../../../src-main/shared/contract';
import { setActiveLocale, type Locale } from '../../../src-main/shared/i18n';
import SettingsView from '../../../src-renderer/views/SettingsView.svelte';
import { settingsView } from '../appFixtures';
import { installFakeRingside, ok } from '../fakeRingside';

afterEach(() => setActiveLocale('en'));

const configured: View = settingsView(
  { mode: 'configured' },
  {
    activeMode: 'configured',
    certificate: {
      subject: 'CN=pbx.example.com',
      issuer: 'CN=Example CA',
      fingerprint256: 'AB:CD',
      validFrom: '2025-03-05T12:00:00Z',
      validTo: '2027-03-05T12:00:00Z',
      expired: false,
      isCA: false,
      count: 1,
    },
  },
);

function open(locale: Locale, view: View, unsent = 0): void {
  setActiveLocale(locale);
  installFakeRingside({
    'settings:get': () => ok(view),
    'locale:get': () => ok({ locale, choice: 'auto', automatic: locale }),
    'wrapup:pending': () => ok(Array.from({ length: unsent }, () => ({}) as PendingSave)),
  });
  render(SettingsView);
}

async function retentionOptions(label: string): Promise<(string | null)[]> {
  const select = await screen.findByLabelText(label);
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('Settings in Czech', () => {
  it('words every section in Czech, with local plurals and dates', async () => {
    open('cs', configured);
    expect(screen.getByRole('heading', { level: 1, name: 'Nastavení' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Jazyk' })).toHaveDisplayValue(
      'Automaticky (Čeština)',
    );
    expect(await retentionOptions('Uchovávat historii hovorů, přepisy a poznámky na tomto počítači')).toEqual(
      ['7 dní', '30 dní', '90 dní', '1 rok', 'Dokud je nevymažu'],
    );
    for (const legend of ['Vaše ústředna', 'Vy na ústředně', 'Váš telefon', 'Vytáčení', 'Hovory', 'Soukromí'])
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    expect(screen.getByLabelText('Výchozí země')).toHaveAccessibleDescription(
      /^Česko\. Čísla vytočená bez předvolby země/,
    );
    const certificate = screen.getByLabelText('Důvěryhodný certifikát');
    expect(within(certificate).getByText('Platný do')).toBeInTheDocument();
    expect(within(certificate).getByText(/5\.\s3\.\s2027/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uložit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Otestovat připojení' })).toBeInTheDocument();
  });

  it('counts the unsent wrap-ups in Czech before clearing', async () => {
    open('cs', configured, 3);
    await fireEvent.click(await screen.findByRole('button', { name: 'Vymazat místní data…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vymazat místní data?' });
    expect(
      await within(dialog).findByText(/^3 dokončení hovorů ještě nedorazila na ústřednu\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Zrušit' })).toBeInTheDocument();
  });

  it('welcomes a first run in Czech', async () => {
    open('cs', settingsView({ baseUrl: '' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Připojte Ringside ke své ústředně' }),
    ).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Připojit skutečnou ústřednu' }));
    expect(await screen.findByRole('heading', { name: 'Krok 1 ze 2: vaše ústředna' })).toBeInTheDocument();
    expect(screen.getByText('Pokračujte otestováním připojení.')).toBeInTheDocument();
  });
});

describe('Settings in Slovak', () => {
  it('words every section in Slovak, with local plurals and dates', async () => {
    open('sk', configured);
    expect(screen.getByRole('heading', { level: 1, name: 'Nastavenia' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Jazyk' })).toHaveDisplayValue(
      'Automaticky (Slovenčina)',
    );
    expect(
      await retentionOptions('Uchovávať históriu hovorov, prepisy a poznámky na tomto počítači'),
    ).toEqual(['7 dní', '30 dní', '90 dní', '1 rok', 'Kým ich nevymažem']);
    for (const legend of ['Vaša ústredňa', 'Vy na ústredni', 'Váš telefón', 'Vytáčanie', 'Súkromie'])
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    expect(screen.getByLabelText('Predvolená krajina')).toHaveAccessibleDescription(
      /^Česko\. Čísla vytočené/,
    );
    expect(screen.getByText(/5\.\s3\.\s2027/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uložiť' })).toBeInTheDocument();
  });

  it('counts the unsent wrap-ups in Slovak before clearing', async () => {
    open('sk', configured, 2);
    await fireEvent.click(await screen.findByRole('button', { name: 'Vymazať miestne údaje…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vymazať miestne údaje?' });
    expect(
      await within(dialog).findByText(/^2 dokončenia hovorov ešte nedorazili do ústredne\./),
    ).toBeInTheDocument();
  });
});
