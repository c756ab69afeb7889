/**
 * Walking the app as an agent does: through the links of the main navigation, in the language in use. The
 * words come from the catalogues (the translator main and the renderer share), so the same walk works in
 * English, Czech, Slovak and the pseudo-locale.
 */
import { expect, type Locator, type Page } from '@playwright/test';
// Every language's messages, so the walk can word what it looks for in any of them.
import '../../../src-main/shared/i18n/allCatalogues';
import { createTranslator, type DisplayLocale, type Translator } from '../../../src-main/shared/i18n';

export const words = (locale: DisplayLocale): Translator => createTranslator(locale);

export interface ScreenLink {
  /** The link's text as shown. */
  name: string;
  /** `#/<id>`. */
  href: string;
}

export function mainNavigation(page: Page, locale: DisplayLocale): Locator {
  return page.getByRole('navigation', { name: words(locale).t('app.navigationLabel') });
}

/** Every screen the navigation offers, in its order. */
export async function screenLinks(page: Page, locale: DisplayLocale): Promise<ScreenLink[]> {
  const links = mainNavigation(page, locale).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      // The label alone, without a count badge's text beside it.
      name: (anchor.querySelector('span')?.textContent ?? anchor.textContent ?? '').trim(),
      href: anchor.getAttribute('href') ?? '',
    })),
  );
}

/** Waits until what a screen loads has arrived and its layout has settled. */
export async function settle(page: Page, locale: DisplayLocale): Promise<void> {
  await expect(page.getByText(words(locale).t('common.loading'), { exact: true })).toHaveCount(0, {
    timeout: 10_000,
  });
  await settleAnimations(page);
}

/**
 * Waits for fonts and for running transitions (a hover, a theme switch) to end, so what is measured is what
 * stays on screen; endless animations (a spinner) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Opens a screen by clicking its link in the navigation, and waits until it shows. */
export async function openScreen(page: Page, locale: DisplayLocale, link: ScreenLink): Promise<void> {
  const anchor = mainNavigation(page, locale).locator(`a[href="${link.href}"]`);
  await anchor.click();
  await expect(anchor).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settle(page, locale);
}

/** Settings on a first run show the guided set-up; this opens every setting instead, once they have loaded. */
export async function showAllSettings(page: Page, locale: DisplayLocale): Promise<void> {
  const say = words(locale);
  const showAll = page.getByRole('button', { name: say.t('settings.showAllButton') });
  const everything = page.getByRole('button', { name: say.t('privacy.clearButton') });
  await expect(showAll.or(everything).first()).toBeVisible();
  if (await showAll.isVisible()) await showAll.click();
  await expect(everything).toBeVisible();
  await settle(page, locale);
}
