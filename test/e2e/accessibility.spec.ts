/**
 * Accessibility end to end: axe-core (support-i18n/axeScan.ts) finds no serious or critical
 * WCAG 2.2 A/AA violation on any screen of the navigation, nor on the screen-pop card, the wrap-up panel, the
 * dial confirmation and the "Clear local data" dialog, in the light and the dark theme (the app follows
 * prefers-color-scheme), in English and in Czech. And by keyboard: Escape closes a dialog and gives the focus
 * back to the button that opened it; "?" opens the Keyboard shortcuts screen from anywhere but a text field.
 */
import type { Page } from '@playwright/test';
import type { Locale } from '../../src-main/shared/i18n';
import { axeViolations } from './support-i18n/axeScan';
import { takeCall } from './support-i18n/callFlow';
import { openScreen, screenLinks, settleAnimations, showAllSettings, words } from './support-i18n/screenWalk';
import { callsTest } from './callsTest';
import { expect, test } from './fixtures';

const callsEnvironment = callsTest({ pollIntervalMs: 250, persons: 12 });
const THEMES = ['light', 'dark'] as const;

/**
 * axe in both themes on the page as it is; the theme switches without a reload. The first theme gets every
 * rule, the second the colour contrast alone (nothing else depends on the theme).
 */
async function scanBothThemes(page: Page, where: string, found: string[]): Promise<void> {
  for (const [index, colorScheme] of THEMES.entries()) {
    await page.emulateMedia({ colorScheme });
    await settleAnimations(page);
    found.push(...(await axeViolations(page, `${where}, ${colorScheme}`, { contrastOnly: index > 0 })));
  }
}

for (const locale of ['en', 'cs'] as const satisfies readonly Locale[]) {
  callsEnvironment(
    `no serious or critical axe violations in ${locale}, light and dark`,
    async ({ page, env }) => {
      test.setTimeout(120_000);
      const say = words(locale);
      await env.core.commands['settings:language'](locale);
      await page.goto('/#/calls');
      await expect(page.getByRole('heading', { level: 1, name: say.t('app.screenCalls') })).toBeVisible();
      const found: string[] = [];

      await takeCall(page, env, locale, (surface) => scanBothThemes(page, surface, found));

      // A tel: link asks first: in the browser host, a dialog in the page; Escape cancels it.
      const outcome = await env.core.calls.requestDial(env.persons[1]!.e164, 'link');
      expect(outcome.status).toBe('confirm');
      const confirm = page.getByRole('dialog', { name: say.t('dial.confirmTitle') });
      await expect(confirm).toBeVisible();
      await scanBothThemes(page, say.t('dial.confirmTitle'), found);
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();

      for (const link of await screenLinks(page, locale)) {
        await openScreen(page, locale, link);
        await scanBothThemes(page, link.name, found);
        if (link.href !== '#/settings') continue;

        await showAllSettings(page, locale);
        await scanBothThemes(page, `${link.name} (all)`, found);
        await page.getByRole('button', { name: say.t('privacy.clearButton') }).click();
        const dialog = page.getByRole('dialog', { name: say.t('privacy.dialogTitle') });
        await expect(dialog).toBeVisible();
        await scanBothThemes(page, `${link.name}: ${say.t('privacy.dialogTitle')}`, found);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      expect(found).toEqual([]);
    },
  );
}

test('the scan finds what it must: an unnamed button, faint text, and again after a reload', async ({
  page,
}) => {
  await page.goto('/#/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  expect(await axeViolations(page, 'about')).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const faint = main.appendChild(document.createElement('p'));
    faint.textContent = 'faint text';
    faint.style.cssText = 'color: #eee; background: #fff';
    main.append(document.createElement('button'));
  });
  const found = await axeViolations(page, 'planted');
  expect(found).toEqual([
    expect.stringMatching(/^planted: button-name \(critical\)/),
    expect.stringMatching(/^planted: color-contrast \(serious\)/),
  ]);
  expect(await axeViolations(page, 'planted', { contrastOnly: true })).toEqual([found[1]]);
  // A reload is a new document: the scan puts axe there again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await page.evaluate(() => document.querySelector('main')!.append(document.createElement('button')));
  expect(await axeViolations(page, 'reloaded')).toEqual([
    expect.stringMatching(/^reloaded: button-name \(critical\)/),
  ]);
});

test.describe('keyboard', () => {
  test('Escape closes the "Clear local data" dialog and the focus returns to its button', async ({
    page,
  }) => {
    await page.goto('/#/settings');
    await showAllSettings(page, 'en');
    const opener = page.getByRole('button', { name: 'Clear local data…' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Clear local data?' });
    await expect(dialog).toBeVisible();
    // The focus moved into the dialog.
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('"?" opens the Keyboard shortcuts screen, but types a "?" in a text field', async ({ page }) => {
    await page.goto('/#/dial');
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Dial');

    const field = page.getByRole('textbox', { name: words('en').t('dial.numberLabel') });
    await field.focus();
    await page.keyboard.type('?');
    await expect(heading).toHaveText('Dial');

    await field.blur();
    await page.keyboard.press('?');
    await expect(heading).toHaveText('Keyboard shortcuts');
    await expect(page).toHaveURL(/#\/shortcuts$/);
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Keyboard shortcuts' });
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(link).toHaveAttribute('aria-keyshortcuts', '?');
  });
});
