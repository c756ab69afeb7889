/**
 * One inbound call taken through the surfaces it shows, in the language in use: the screen-pop card while it
 * rings, then (answered and hung up) the wrap-up panel, which is closed again. `look` runs at each surface.
 */
import { expect, type Page } from '@playwright/test';
import type { DisplayLocale } from '../../../src-main/shared/i18n';
import type { CallsEnvironment } from '../calls.environment';
import { settle, words } from './screenWalk';

export async function takeCall(
  page: Page,
  env: CallsEnvironment,
  locale: DisplayLocale,
  look: (surface: 'screen-pop card' | 'wrap-up panel') => Promise<void>,
): Promise<void> {
  const say = words(locale);
  const caller = env.persons[0]!;
  // The page shows a screen (so it follows the calls) before the phone rings.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page, locale);
  await env.inbound(caller.number);
  const card = page.getByRole('complementary', { name: caller.name });
  await expect(card.getByRole('button', { name: say.t('calls.answerButton') })).toBeVisible();
  await settle(page, locale);
  await look('screen-pop card');

  await card.getByRole('button', { name: say.t('calls.answerButton') }).click();
  await card.getByRole('button', { name: say.t('calls.hangupButton') }).click();
  const panel = page.getByRole('form', { name: say.t('wrapup.titleWithName', { name: caller.name }) });
  await expect(panel).toBeVisible();
  await settle(page, locale);
  await look('wrap-up panel');
  await panel.getByRole('button', { name: say.t('wrapup.close') }).click();
  await expect(panel).toBeHidden();
}
