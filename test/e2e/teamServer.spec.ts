/**
 * The team server end to end, in Chromium: the built renderer served by a real team server
 * (src-main/server/) on the real demo PBX, three agents in three browser contexts, each signed in by
 * opening their enrollment link. A call to one agent's phone pops up in that agent's page only; an
 * administrator sees the three of them and the PBX's queues in the supervisor view on the Admin screen,
 * revokes an agent's session there, and that agent's page is signed out at once.
 */
import { expect, test } from '@playwright/test';
import {
  ring,
  signedInPage,
  startE2eTeamServer,
  type DemoAgent,
  type E2eTeamServer,
} from './teamServerSetup';

test.describe.configure({ mode: 'serial' });

let team: E2eTeamServer;

test.beforeAll(async () => {
  // Two agents and their administrator.
  team = await startE2eTeamServer({ agents: 3, pollIntervalMs: 250, administrator: 2 });
});

test.afterAll(async () => {
  await team?.stop();
});

test('each agent pops only their own calls; a session the administrator revokes is signed out at once', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [alice, bob, administrator] = team.agents as [DemoAgent, DemoAgent, DemoAgent];
  const alicePage = await signedInPage(browser, team, alice);
  const bobPage = await signedInPage(browser, team, bob);

  await ring(team, alice, '+420 602 555 101');
  const answer = (agent: DemoAgent) => ({ name: agent.say.t('calls.answerButton') });
  await expect(alicePage.getByRole('button', answer(alice)).first()).toBeVisible({ timeout: 10_000 });
  await ring(team, bob, '+420 602 555 202');
  await expect(bobPage.getByRole('button', answer(bob)).first()).toBeVisible({ timeout: 10_000 });
  // Each page shows its own agent's ringing call and never the other's caller.
  await expect(alicePage.getByText('602 555 101').first()).toBeVisible();
  await expect(bobPage.getByText('602 555 202').first()).toBeVisible();
  await expect(alicePage.getByText('602 555 202')).toHaveCount(0);
  await expect(bobPage.getByText('602 555 101')).toHaveCount(0);

  // Only the administrator has the Admin screen; there, Alice's session is revoked.
  await expect(alicePage.getByRole('link', { name: alice.say.t('admin.title') })).toHaveCount(0);
  const adminPage = await signedInPage(browser, team, administrator);
  await adminPage.getByRole('link', { name: administrator.say.t('admin.title') }).click();
  // The supervisor view lists the three agents signed in, and the PBX's queues.
  const say = administrator.say;
  const signedInAgents = adminPage.getByRole('region', { name: say.t('admin.supervisorAgentsHeading') });
  await expect(signedInAgents.getByRole('row')).toHaveCount(4, { timeout: 10_000 });
  for (const agent of [alice, bob, administrator]) {
    // By the extension's own cell: a row's other text (a time, a count) may contain the same digits.
    const extensionCell = adminPage.getByRole('cell', { name: agent.extension, exact: true });
    await expect(signedInAgents.getByRole('row').filter({ has: extensionCell })).toHaveCount(1);
  }
  const queues = adminPage.getByRole('region', { name: say.t('admin.supervisorQueuesHeading') });
  await expect(queues.getByRole('row')).toHaveCount(team.demo.sim.state.organisation.queues.size + 1);
  const revokeAlice = administrator.say.t('admin.revokeLabel', { agent: alice.username, device: '@@' });
  await adminPage.getByRole('button', { name: new RegExp(`^${revokeAlice.split('@@')[0]}`) }).click();
  await expect(alicePage.getByText(alice.say.t('app.hostSignedOut'))).toBeVisible({ timeout: 5_000 });
  // Bob's page stays signed in.
  await expect(bobPage.getByText(bob.say.t('app.hostSignedOut'))).toHaveCount(0);
  await expect(bobPage.getByRole('heading', { level: 1, name: bob.say.t('app.screenCalls') })).toBeVisible();
});
