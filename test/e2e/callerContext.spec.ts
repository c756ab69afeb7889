/**
 * The caller's whole context end to end (docs/caller-context.md): the demo agent's team has CRM templates that
 * lead to the demo PBX's own CRM page; "Open in CRM" on the pop card opens the expanded link in a new tab
 * (the browser host's external-open boundary), with the caller, the call and the matched person in it. An
 * inbound call with IVR data shows that data on the pop card.
 */
import { demoPbxApi } from '../support/demoPbxApi';
import { callsTest } from './callsTest';
import { expect } from './fixtures';

const test = callsTest({ pollIntervalMs: 250 });

test.describe('caller context', () => {
  test('"Open in CRM" on the pop card opens the team’s CRM link for the call in a new tab', async ({
    page,
    env,
  }) => {
    await env.core.agentDirectory.settled();
    const [caller] = env.persons;
    await page.goto('/#/calls');
    await expect(page.getByText('No calls on your phone right now.')).toBeVisible();

    const uniqueid = await env.inbound(caller!.number);
    const card = page.getByRole('complementary', { name: caller!.name });
    const open = card.getByRole('button', { name: 'Open in CRM' });
    await expect(open).toBeVisible();

    const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    await tab.waitForLoadState();
    const url = new URL(tab.url());
    expect(`${url.origin}${url.pathname}`).toBe(`${env.pbx.authUrl}/demo-crm/call`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      caller: caller!.e164,
      uniqueid,
      person: String(caller!.id),
    });
    await expect(tab.getByRole('heading', { name: 'Demo CRM: call' })).toBeVisible();
    // The tab cannot reach back to Ringside's page.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();

    // The call screen offers the same link.
    await expect(
      page.getByRole('article', { name: caller!.name }).getByRole('button', { name: 'Open in CRM' }),
    ).toBeVisible();
  });

  test('an inbound call with IVR data shows it on the pop card', async ({ page, env }) => {
    const [, caller] = env.persons;
    await page.goto('/#/calls');
    await expect(page.getByText('No calls on your phone right now.')).toBeVisible();

    await demoPbxApi(env.pbx)('POST', '/_sim/calls/inbound', {
      to: env.pbx.agent.phone,
      from: caller!.number,
      data: { customer_id: 'C-204518', reason: 'billing <b>dispute</b>' },
    });
    const card = page.getByRole('complementary', { name: caller!.name });
    const data = card.getByRole('region', { name: 'Call data' });
    await expect(data).toContainText('customer_id');
    await expect(data).toContainText('C-204518');
    await expect(data).toContainText('billing <b>dispute</b>');
  });
});
