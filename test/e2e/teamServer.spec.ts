/**
 * The team server end to end, in Chromium: the built renderer served by a real team server
 * (src-main/server/) on the real demo PBX, three agents in three browser contexts, each signed in by
 * opening their enrollment link. A call to one agent's phone pops up in that agent's page only; an
 * administrator sees the three of them and the PBX's queues in the supervisor view on the Admin screen,
 * revokes an agent's session there, and that agent's page is signed out at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoPbxProfile } from '../../src-main/app/connection/connectionModeController';
import { nodeTransport } from '../../src-main/app/connection/pbxTransport';
import { startDemoPbx, type DemoPbx } from '../../src-main/demo-pbx';
import { composeTeamServer, type RunningTeamServer } from '../../src-main/server/composeTeamServer';
import { NO_ADMINISTRATORS } from '../../src-main/server/policy/administrators';
import { systemClock } from '../../src-main/shared/clock';
import type { Translator } from '../../src-main/shared/i18n';
import { silentLogger } from '../../src-main/shared/logger';
import { TestClient } from '../conformance/helpers';
import { words } from './support-i18n/screenWalk';

interface DemoAgent {
  username: string;
  extension: string;
  /** The agent's page speaks the language of their PBX user (Settings ▸ Language ▸ Automatic). */
  say: Translator;
}

/** The display language of a PBX locale (cs_CZ → cs); English for any other. */
const languageOf = (locale: string) =>
  locale.startsWith('cs') ? 'cs' : locale.startsWith('sk') ? 'sk' : 'en';

test.describe.configure({ mode: 'serial' });

let demo: DemoPbx;
let server: RunningTeamServer;
let dataDirectory: string;
let agents: DemoAgent[];

/** Demo users with registered phones of their own: two agents and their administrator. */
function demoAgents(count: number): DemoAgent[] {
  const organisation = demo.sim.state.organisation;
  const found: DemoAgent[] = [];
  for (const user of organisation.allUsers()) {
    const phone = organisation.phoneOfUser(user.id);
    if (!phone?.registered || !user.active || user.primary_extension === null) continue;
    found.push({ username: user.username, extension: phone.extension, say: words(languageOf(user.locale)) });
    if (found.length === count) return found;
  }
  throw new Error(`the demo seed has no ${count} agents with phones`);
}

/** A browser of its own for `agent`, signed in by opening the enrollment link an administrator issued. */
async function signedInPage(browser: Browser, agent: DemoAgent): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { url } = server.server.enrollment.issue(agent.username, 'e2e administrator');
  await page.goto(url);
  // The enrollment page redeems the link and moves on to the app, in the agent's language.
  const calls = agent.say.t('app.screenCalls');
  await page.getByRole('navigation').getByRole('link', { name: calls }).click({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: calls })).toBeVisible();
  return page;
}

async function ring(agent: DemoAgent, from: string): Promise<void> {
  const response = await new TestClient(demo).post('/_sim/calls/inbound', {
    to: { extension: agent.extension },
    from,
  });
  expect(response.body.success).toBe(true);
}

test.beforeAll(async () => {
  demo = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  agents = demoAgents(3);
  dataDirectory = mkdtempSync(join(tmpdir(), 'ringside-team-e2e-'));
  server = await composeTeamServer({
    dataDirectory,
    pbx: demoPbxProfile(demo),
    country: demo.country,
    host: '127.0.0.1',
    port: 0,
    rendererDirectory: join(process.cwd(), 'out', 'renderer'),
    transport: nodeTransport,
    clock: systemClock,
    logger: silentLogger,
    audit: { record: () => {} },
    administrators: { ...NO_ADMINISTRATORS, usernames: [agents[2]!.username] },
    build: {
      name: 'ringside-server',
      version: '0.0.0-e2e',
      platform: process.platform,
      versions: { node: process.versions.node },
    },
    tuning: { settingsDefaults: { pollIntervalMs: 250 } },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await demo?.close();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

test('each agent pops only their own calls; a session the administrator revokes is signed out at once', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [alice, bob, administrator] = agents as [DemoAgent, DemoAgent, DemoAgent];
  const alicePage = await signedInPage(browser, alice);
  const bobPage = await signedInPage(browser, bob);

  await ring(alice, '+420 602 555 101');
  const answer = (agent: DemoAgent) => ({ name: agent.say.t('calls.answerButton') });
  await expect(alicePage.getByRole('button', answer(alice)).first()).toBeVisible({ timeout: 10_000 });
  await ring(bob, '+420 602 555 202');
  await expect(bobPage.getByRole('button', answer(bob)).first()).toBeVisible({ timeout: 10_000 });
  // Each page shows its own agent's ringing call and never the other's caller.
  await expect(alicePage.getByText('602 555 101').first()).toBeVisible();
  await expect(bobPage.getByText('602 555 202').first()).toBeVisible();
  await expect(alicePage.getByText('602 555 202')).toHaveCount(0);
  await expect(bobPage.getByText('602 555 101')).toHaveCount(0);

  // Only the administrator has the Admin screen; there, Alice's session is revoked.
  await expect(alicePage.getByRole('link', { name: alice.say.t('admin.title') })).toHaveCount(0);
  const adminPage = await signedInPage(browser, administrator);
  await adminPage.getByRole('link', { name: administrator.say.t('admin.title') }).click();
  // The supervisor view lists the three agents signed in, and the PBX's queues.
  const say = administrator.say;
  const signedInAgents = adminPage.getByRole('region', { name: say.t('admin.supervisorAgentsHeading') });
  await expect(signedInAgents.getByRole('row')).toHaveCount(4, { timeout: 10_000 });
  for (const agent of [alice, bob, administrator]) {
    await expect(signedInAgents.getByRole('row').filter({ hasText: agent.extension })).toHaveCount(1);
  }
  const queues = adminPage.getByRole('region', { name: say.t('admin.supervisorQueuesHeading') });
  await expect(queues.getByRole('row')).toHaveCount(demo.sim.state.organisation.queues.size + 1);
  const revokeAlice = administrator.say.t('admin.revokeLabel', { agent: alice.username, device: '@@' });
  await adminPage.getByRole('button', { name: new RegExp(`^${revokeAlice.split('@@')[0]}`) }).click();
  await expect(alicePage.getByText(alice.say.t('app.hostSignedOut'))).toBeVisible({ timeout: 5_000 });
  // Bob's page stays signed in.
  await expect(bobPage.getByText(bob.say.t('app.hostSignedOut'))).toHaveCount(0);
  await expect(bobPage.getByRole('heading', { level: 1, name: bob.say.t('app.screenCalls') })).toBeVisible();
});
