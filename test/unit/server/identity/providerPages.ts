/** oidc-provider's development login and consent pages, filled in by a real browser (Playwright). */
import type { Page } from '@playwright/test';

/** Waits for the provider's login page, signs in as `login` and consents. */
export async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL(/^http:\/\/localhost:\d+\/interaction\//);
  await page.fill('input[name=login]', login);
  await page.fill('input[name=password]', 'any');
  await page.click('button[type=submit]');
  await page.waitForSelector('input[name=prompt][value=consent]', { state: 'attached' });
  await page.click('button[type=submit]');
}
