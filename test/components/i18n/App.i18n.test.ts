/**
 * The app frame, the Keyboard shortcuts screen, About and the error headlines in Czech and Slovak: real
 * translated text, and a language switch re-words what is on screen without reopening it.
 */
import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodeSchema } from '../../../src-main/shared/contract';
import { setActiveLocale } from '../../../src-main/shared/i18n';
import App from '../../../src-renderer/App.svelte';
import Problem from '../../../src-renderer/components/Problem.svelte';
import { describeError, errorTitle, genericErrorTitle } from '../../../src-renderer/lib/errors';
import { CommandError } from '../../../src-renderer/lib/ringside';
import AboutView from '../../../src-renderer/views/AboutView.svelte';
import ShortcutsView from '../../../src-renderer/views/ShortcutsView.svelte';
import { appInfo, offline, settingsView } from '../appFixtures';
import { installFakeRingside, ok } from '../fakeRingside';

function installMain(): void {
  installFakeRingside({
    'app:info': () => ok(appInfo),
    'connection:get': () => ok({ ...offline, status: 'connecting' }),
    'settings:get': () => ok(settingsView()),
  });
}

beforeEach(() => {
  window.location.hash = '';
});

afterEach(() => {
  setActiveLocale('en');
});

describe('the app frame', () => {
  it('speaks Czech', async () => {
    setActiveLocale('cs');
    installMain();
    render(App);
    const nav = screen.getByRole('navigation', { name: 'Hlavní' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent?.trim()),
    ).toEqual([
      'Vytočit',
      'Hovory',
      'Moje fronty',
      'Přehled front',
      'Adresář',
      'Historie',
      'Nastavení',
      'Klávesové zkratky',
      'O aplikaci',
    ]);
    expect(screen.getByRole('complementary', { name: 'Postranní panel' })).toContainElement(nav);
    expect(screen.getByRole('link', { name: 'Přejít na obsah' })).toHaveAttribute('href', '#main-content');
    expect(document.title).toBe('Vytočit · Ringside');
    const status = within(screen.getByRole('contentinfo')).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Připojení k ústředně: Připojování…'));
  });

  it('speaks Slovak, and follows a language switch without reopening', async () => {
    setActiveLocale('sk');
    installMain();
    render(App);
    expect(screen.getByRole('link', { name: 'Klávesové skratky' })).toHaveAttribute('href', '#/shortcuts');
    expect(screen.getByRole('link', { name: 'Nastavenia' })).toBeInTheDocument();
    expect(document.title).toBe('Vytočiť · Ringside');
    const status = within(screen.getByRole('contentinfo')).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Pripája sa…'));

    setActiveLocale('cs');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Klávesové zkratky' })).toBeInTheDocument());
    expect(document.title).toBe('Vytočit · Ringside');
    expect(status).toHaveTextContent('Připojování…');
  });
});

describe('the Keyboard shortcuts screen', () => {
  it('speaks Czech', () => {
    setActiveLocale('cs');
    installMain();
    render(ShortcutsView);
    expect(screen.getByRole('heading', { level: 1, name: 'Klávesové zkratky' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Navigace',
      'Hovory',
      'Vytáčení',
      'Seznamy',
      'Dialogová okna',
    ]);
    const open = screen.getByRole('row', { name: /Otevřít kartu výsledku Adresáře/ });
    expect(open).toHaveTextContent('Mezerník nebo →Šipka doprava');
    expect(screen.getAllByRole('columnheader', { name: 'Klávesy' })).toHaveLength(5);
  });

  it('speaks Slovak', async () => {
    setActiveLocale('sk');
    installMain();
    render(ShortcutsView);
    expect(screen.getByRole('heading', { level: 1, name: 'Klávesové skratky' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Vytáčanie' })).toBeVisible();
    const dialShortcut = screen.getByRole('row', { name: /vybranom texte/ });
    await waitFor(() => expect(dialShortcut).toHaveTextContent('Nenastavené'));
    expect(within(dialShortcut).getByRole('link', { name: 'Nastavte ju v Nastaveniach' })).toBeVisible();
  });
});

describe('About', () => {
  it('speaks Czech', async () => {
    setActiveLocale('cs');
    installMain();
    render(AboutView);
    expect(screen.getByRole('heading', { level: 1, name: 'O aplikaci' })).toBeVisible();
    expect(await screen.findByText('Verze 1.0.0')).toBeVisible();
    expect(screen.getByText('Režim', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Ukázková ústředna',
    );
  });
});

describe('error headlines', () => {
  it.each(['cs', 'sk'] as const)('exist in %s for every code, each its own', (locale) => {
    const english = ErrorCodeSchema.options.map((code) => errorTitle(code));
    setActiveLocale(locale);
    const titles = ErrorCodeSchema.options.map((code) => errorTitle(code));
    expect(new Set(titles).size).toBe(titles.length);
    titles.forEach((title, index) => expect(title).not.toBe(english[index]));
  });

  it('are shown in Czech, and re-worded on a language switch', async () => {
    setActiveLocale('cs');
    render(Problem, {
      lead: 'Historii nelze načíst',
      error: describeError(new CommandError('timeout', 'Ústředna neodpověděla do 10 s.')),
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Historii nelze načíst: Ústředna neodpověděla včas. Ústředna neodpověděla do 10 s.',
    );
    setActiveLocale('sk');
    await waitFor(() => expect(alert).toHaveTextContent('Ústredňa neodpovedala včas.'));
    expect(genericErrorTitle()).toBe('Stalo sa niečo neočakávané.');
  });
});
