/**
 * Colleagues' presence end to end, in Chromium: two agents in two browser contexts on one team server (the
 * built renderer, the real demo PBX). A call on Alice's phone shows on Alice's row in Bob's Directory
 * (ringing, then on a call, then free) within one poll of her phone, and Bob's dial pad says so when he
 * types her extension. The assertions wait at most the poll interval and a margin for the page; no sleeps.
 */
import { expect, test, type Page } from '@playwright/test';
import { TestClient } from '../conformance/helpers';
import {
  ring,
  signedInPage,
  startE2eTeamServer,
  type DemoAgent,
  type E2eTeamServer,
} from './teamServerSetup';

/** Each agent's phone is polled this often (the team's `pollIntervalMs`). */
const POLL_INTERVAL_MS = 1_000;
/** The page's share: the server's event over the WebSocket and a render, on a busy test machine. */
const MARGIN_MS = 2_000;
const WITHIN_ONE_POLL = { timeout: POLL_INTERVAL_MS + MARGIN_MS };

test.describe.configure({ mode: 'serial' });

let team: E2eTeamServer;

test.beforeAll(async () => {
  team = await startE2eTeamServer({ agents: 2, pollIntervalMs: POLL_INTERVAL_MS });
});

test.afterAll(async () => {
  await team?.stop();
});

/** Alice's row among the colleagues in `viewer`'s Directory, searched by her username. */
async function colleagueRow(page: Page, viewer: DemoAgent, colleague: DemoAgent) {
  await page
    .getByRole('navigation')
    .getByRole('link', { name: viewer.say.t('app.screenDirectory') })
    .click();
  await page.getByLabel(viewer.say.t('directory.searchLabel')).fill(colleague.username);
  const colleagues = page.getByRole('region', {
    name: new RegExp(`^${viewer.say.t('directory.groupColleagues')}`),
  });
  // The directory's first sync may still be on its way when the page opens.
  return colleagues.getByRole('listitem').filter({ hasText: colleague.extension }).first();
}

test("a call on a colleague's phone shows in the Directory and on the dial pad within one poll", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [alice, bob] = team.agents as [DemoAgent, DemoAgent];
  const alicePage = await signedInPage(browser, team, alice);
  const bobPage = await signedInPage(browser, team, bob);
  const status = (state: 'free' | 'ringing' | 'busy') => bob.say.t(`presence.${state}`);

  const row = await colleagueRow(bobPage, bob, alice);
  await expect(row).toContainText(status('free'), { timeout: 15_000 });
  // Whose status it is, for screen readers.
  await expect(row.getByRole('button').first()).toHaveAccessibleName(
    new RegExp(`${bob.say.t('presence.statusOf', { name: '.+' })} ${status('free')}$`),
  );

  const uniqueid = await ring(team, alice, '+420 602 555 101');
  await expect(row).toContainText(status('ringing'), WITHIN_ONE_POLL);

  // Alice answers on her own page.
  await alicePage
    .getByRole('button', { name: alice.say.t('calls.answerButton') })
    .first()
    .click();
  await expect(row).toContainText(status('busy'), WITHIN_ONE_POLL);

  // Bob's dial pad: Alice's extension says she is on a call.
  await bobPage
    .getByRole('navigation')
    .getByRole('link', { name: bob.say.t('app.screenDial') })
    .click();
  await bobPage.getByLabel(bob.say.t('dial.numberLabel')).fill(alice.extension);
  await expect(bobPage.getByTestId('dial-presence')).toHaveAttribute('data-state', 'busy', WITHIN_ONE_POLL);

  await new TestClient(team.demo).post(`/_sim/calls/${uniqueid}/hangup`);
  await expect(bobPage.getByTestId('dial-presence')).toHaveAttribute('data-state', 'free', WITHIN_ONE_POLL);
  const freeAgain = await colleagueRow(bobPage, bob, alice);
  await expect(freeAgain).toContainText(status('free'));
});
