/**
 * No English left in Czech or Slovak, end to end: every screen of the navigation (Settings with every
 * setting shown), with a call ringing (its pop card on each screen), a missed call on the History badge and
 * callers waiting in the agent's queues, then the wrap-up panel after the call. Every visible or accessible
 * text (text, aria-label, title, placeholder, the page's title…) is compared with the English catalogue: none
 * may be the English value of a key that reads differently in the page's language (support-i18n/englishLeft.ts;
 * names and numbers are not English).
 */
import type { Page } from '@playwright/test';
import type { Locale } from '../../src-main/shared/i18n';
import { demoPbxApi } from '../support/demoPbxApi';
import { callsTest } from './callsTest';
import { expect } from './fixtures';
import { englishLeft } from './support-i18n/englishLeft';
import { collectPageTexts } from './support-i18n/pageTexts';
import {
  mainNavigation,
  openScreen,
  screenLinks,
  settle,
  showAllSettings,
  words,
} from './support-i18n/screenWalk';

const test = callsTest({ pollIntervalMs: 250, persons: 12 });

/** The demo agent's inbound queue. */
const SUPPORT_QUEUE = 2;

for (const locale of ['cs', 'sk'] as const satisfies readonly Exclude<Locale, 'en'>[]) {
  test(`no English on any screen in ${locale}, with a call ringing, a missed call and callers waiting`, async ({
    page,
    env,
  }) => {
    test.setTimeout(180_000);
    const say = words(locale);
    const sim = demoPbxApi(env.pbx);
    const [missedCaller, ringingCaller] = env.persons;
    const found: string[] = [];
    /** `data`: texts that are the PBX's own data, like names (a dispositions list its administrator wrote). */
    const look = async (where: string, data: readonly string[] = []) => {
      const texts = (await page.evaluate(collectPageTexts)).filter((text) => !data.includes(text.trim()));
      found.push(...englishLeft(texts, locale).map((left) => `${where}: ${left}`));
    };

    await env.core.commands['settings:language'](locale);
    await page.goto('/#/calls');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      say.t('app.screenCalls'),
    );

    // A queue call that rang and was not answered: a missed call on the History badge.
    const missed = (await sim('POST', '/_sim/calls/inbound', {
      to: env.pbx.agent.phone,
      from: missedCaller!.number,
      queue_id: SUPPORT_QUEUE,
    })) as { uniqueid: string };
    const missedCard = page.getByRole('complementary', { name: missedCaller!.name });
    await expect(missedCard).toBeVisible({ timeout: 15_000 });
    await sim('POST', `/_sim/calls/${missed.uniqueid}/hangup`);
    await expect(missedCard).toBeHidden();
    // Callers waiting in the agent's queues: a count beside My queues.
    await sim('POST', `/_sim/queues/${SUPPORT_QUEUE}/waiting`, { count: 2, waited_s: 30 });
    const navigation = mainNavigation(page, locale);
    await expect(navigation.locator('a[href="#/history"]')).not.toHaveAccessibleName(
      say.t('app.screenHistory'),
    );
    await expect(navigation.locator('a[href="#/queues"]')).not.toHaveAccessibleName(
      say.t('app.screenQueues'),
      {
        timeout: 10_000,
      },
    );

    // A call ringing on every screen (rung again when the demo PBX gives up on it).
    const card = page.getByRole('complementary', { name: ringingCaller!.name });
    let ringingId = '';
    const ringing = async (where: Page) => {
      if (await card.isVisible()) return;
      ringingId = await env.inbound(ringingCaller!.number);
      await expect(card).toBeVisible({ timeout: 15_000 });
      await settle(where, locale);
    };
    for (const link of await screenLinks(page, locale)) {
      await ringing(page);
      await openScreen(page, locale, link);
      if (link.href === '#/settings') await showAllSettings(page, locale);
      await look(link.name);
    }

    // The screens as they fill: the dial pad's preview of a known number, a directory search and a person's
    // card, the review of the missed call.
    await ringing(page);
    await page.goto('/#/dial');
    await page.getByRole('textbox', { name: say.t('dial.numberLabel') }).fill(missedCaller!.number);
    await expect(page.locator('#dial-preview')).toContainText(missedCaller!.name);
    await look(say.t('app.screenDial'));
    await ringing(page);
    await page.goto('/#/directory');
    await page.getByRole('searchbox', { name: say.t('directory.searchLabel') }).fill(missedCaller!.name);
    const result = page.getByRole('main').getByRole('button', { name: missedCaller!.name }).first();
    await result.click();
    await expect(page.getByRole('main').getByRole('heading', { name: missedCaller!.name })).toBeVisible();
    await settle(page, locale);
    await look(say.t('app.screenDirectory'));
    await ringing(page);
    await page.goto(`/#/history/${missed.uniqueid}`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(missedCaller!.name);
    await settle(page, locale);
    await look(say.t('app.screenHistory'));

    // After the call: the wrap-up panel.
    await ringing(page);
    await card.getByRole('button', { name: say.t('calls.answerButton') }).click();
    await card.getByRole('button', { name: say.t('calls.hangupButton') }).click();
    const panel = page.getByRole('form', {
      name: say.t('wrapup.titleWithName', { name: ringingCaller!.name }),
    });
    await expect(panel).toBeVisible();
    await settle(page, locale);
    const wrapUp = await env.core.commands['wrapup:get']({ uniqueid: ringingId });
    const pbxDispositions = wrapUp.dispositionsSource === 'pbx' ? wrapUp.dispositions : [];
    await look(
      say.t('wrapup.title'),
      pbxDispositions.map((disposition) => disposition.label),
    );

    expect(found).toEqual([]);
  });
}
