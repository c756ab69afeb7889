/**
 * Settings ▸ Language end to end: choosing Čeština re-words the navigation and the open screen at
 * once, without a reload; every screen then speaks Czech, as do the page's language and title; the choice
 * survives a reload; Slovenčina switches as well; English switches back. The expected words come from the
 * catalogues, and a few are written out, so an untranslated catalogue cannot pass for Czech.
 */
import type { Page } from '@playwright/test';
import { messagesOf } from '../../src-main/shared/i18n/catalogue';
import { callsTest } from './callsTest';
import { expect } from './fixtures';
import { mainNavigation, openScreen, screenLinks, showAllSettings, words } from './support-i18n/screenWalk';

const test = callsTest({ pollIntervalMs: 250, persons: 12 });
const en = words('en');
const cs = words('cs');
const sk = words('sk');

const SCREEN_KEYS = [
  'app.screenDial',
  'app.screenCalls',
  'app.screenQueues',
  'app.screenQueueBoard',
  'app.screenDirectory',
  'app.screenHistory',
  'app.screenSettings',
  'app.screenShortcuts',
  'app.screenAbout',
] as const;

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/**
 * English messages a Czech page must not show: those without placeholders, long enough not to be a name or a
 * number, and worded differently in Czech.
 */
const ENGLISH_ONLY = [...messagesOf('en')]
  .filter(([, message]) => !/[{}<]/.test(message) && /\p{L}+ \p{L}+/u.test(message))
  .filter(([key, message]) => messagesOf('cs').get(key) !== message)
  .map(([, message]) => message);

function englishLeftIn(pageText: string): string[] {
  const text = pageText.replace(/\s+/g, ' ');
  return ENGLISH_ONLY.filter((message) => text.includes(message));
}

async function chooseLanguage(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}

test('Settings ▸ Language switches the whole app to Czech at once, then Slovak, and back to English', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/#/settings');
  await expect(heading(page)).toHaveText('Settings');
  await showAllSettings(page, 'en');
  const navigation = mainNavigation(page, 'en');
  await expect(navigation.getByRole('link')).toHaveText(SCREEN_KEYS.map((key) => en.t(key)));
  // The check for English left over sees the English page (so its silence in Czech means something).
  expect(englishLeftIn(await page.locator('body').innerText()).length).toBeGreaterThan(3);
  // A reload would lose this mark.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  await chooseLanguage(page, en.t('settings.languageLabel'), 'Čeština');

  await expect(heading(page)).toHaveText('Nastavení');
  const czechNavigation = mainNavigation(page, 'cs');
  await expect(czechNavigation.getByRole('link')).toHaveText(SCREEN_KEYS.map((key) => cs.t(key)));
  await expect(czechNavigation.getByRole('link', { name: 'Hovory' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: cs.t('settings.languageLabel') })).toHaveValue('cs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs-CZ');
  await expect(page).toHaveTitle(cs.t('app.documentTitle', { screen: 'Nastavení' }));
  expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);

  // Every screen the navigation offers speaks Czech: its heading, and no English sentence is left on the page.
  for (const link of await screenLinks(page, 'cs')) {
    await openScreen(page, 'cs', link);
    await expect(heading(page).first()).toHaveText(link.name);
    expect.soft(englishLeftIn(await page.locator('body').innerText()), link.name).toEqual([]);
  }
  await openScreen(page, 'cs', { name: 'Adresář', href: '#/directory' });
  await expect(page.getByRole('main').getByLabel(cs.t('directory.searchLabel'))).toBeVisible();
  await openScreen(page, 'cs', { name: 'Historie', href: '#/history' });
  await expect(page.getByRole('main').getByText(cs.t('history.filterMissed'), { exact: true })).toBeVisible();
  await expect(czechNavigation.getByRole('link', { name: 'Adresář' })).toBeVisible();
  await openScreen(page, 'cs', { name: 'Hovory', href: '#/calls' });
  await expect(page.getByText(cs.t('calls.emptyTitle'))).toBeVisible();

  // The choice is kept: a new page opens in Czech.
  await page.reload();
  await expect(heading(page)).toHaveText('Hovory');

  await page.goto('/#/settings');
  await showAllSettings(page, 'cs');
  // Slovak too, at once.
  await chooseLanguage(page, cs.t('settings.languageLabel'), 'Slovenčina');
  await expect(heading(page)).toHaveText('Nastavenia');
  await expect(mainNavigation(page, 'sk').getByRole('link')).toHaveText(SCREEN_KEYS.map((key) => sk.t(key)));
  await expect(mainNavigation(page, 'sk').getByRole('link', { name: 'Adresár' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk-SK');

  await chooseLanguage(page, sk.t('settings.languageLabel'), 'English');
  await expect(heading(page)).toHaveText('Settings');
  await expect(navigation.getByRole('link')).toHaveText(SCREEN_KEYS.map((key) => en.t(key)));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});
