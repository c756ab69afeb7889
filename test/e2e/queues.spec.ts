/**
 * The agent's queues end to end: the built renderer, the real AppCore in demo mode and a real demo PBX.
 * Pausing a queue from My queues shows it paused after a reload and in the demo PBX's own membership, the
 * other queues unchanged; callers set waiting through the control interface show on the board, beside
 * "My queues" in the navigation and in the tray's tooltip and menu.
 */
import { AppCore } from '../../src-main/app/appCore';
import type { AgentQueues } from '../../src-main/api/schemas';
import { startDemoPbx, type DemoPbx } from '../../src-main/demo-pbx';
import { silentLogger } from '../../src-main/shared/logger';
import { trayMenuModel, trayTooltip } from '../../src-main/shell/trayMenu';
import { expect, resolveAppCoreDeps, test as harness } from './fixtures';
import { demoPbxApi, type DemoPbxRequest } from '../support/demoPbxApi';
import { recordSecret } from './secretScan';

/** The demo agent (user 3) serves Support (2, inbound), CRM callbacks (5) and E-mail support (6). */
const DEMO_AGENT = 3;

interface QueuesEnvironment {
  pbx: DemoPbx;
  core: AppCore;
  /** A request to the demo PBX's API (`/queues/agents`) or its control interface (`/_sim/…`). */
  request: DemoPbxRequest;
  membership(): Promise<AgentQueues['queues']>;
}

async function startEnvironment(): Promise<QueuesEnvironment> {
  const pbx = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  recordSecret("demo PBX's client secret", pbx.credentials.clientSecret);
  const core = new AppCore(
    resolveAppCoreDeps({ mode: undefined, logger: silentLogger, demoPbx: { start: async () => pbx } }),
  );
  await core.start();
  const request = demoPbxApi(pbx);
  return {
    pbx,
    core,
    request,
    membership: async () =>
      ((await request('GET', '/queues/agents')) as AgentQueues[]).find((agent) => agent.id === DEMO_AGENT)
        ?.queues ?? [],
  };
}

const test = harness.extend<{ env: QueuesEnvironment }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument.
  env: async ({}, use) => {
    const env = await startEnvironment();
    await use(env);
    await env.core.dispose(); // stops the demo PBX too
  },
  appCore: async ({ env }, use) => use(env.core),
});

test.describe('my queues', () => {
  test('pausing a queue shows it paused after a reload and in the demo PBX, the others unchanged', async ({
    page,
    env,
  }) => {
    const before = await env.membership();
    expect(before.map((queue) => queue.id)).toEqual([2, 5, 6]);

    await page.goto('/#/queues');
    const support = page.getByRole('row', { name: 'Support (601)' });
    await expect(support).toContainText('Active');
    await support.getByRole('button', { name: 'Pause Support (601)' }).click();
    await expect(page.getByRole('main').getByText('Support (601) is paused.')).toBeVisible();
    await expect(support).toContainText('Paused');

    await page.reload();
    await expect(page.getByRole('row', { name: 'Support (601)' })).toContainText('Paused');
    await expect(page.getByRole('row', { name: 'CRM callbacks (620)' })).toContainText('Active');

    const after = await env.membership();
    expect(after).toEqual(before.map((queue) => (queue.id === 2 ? { ...queue, suspended: true } : queue)));
    // Ringside logged the change it made.
    expect((await env.core.commands['queues:log']())[0]).toMatchObject({
      action: 'pause',
      queueIds: [2],
      ok: true,
    });
  });

  test('a queue paused by a supervisor shows paused when the window gains focus', async ({ page, env }) => {
    await page.goto('/#/queues');
    await expect(page.getByRole('row', { name: 'E-mail support (630)' })).toContainText('Active');
    await env.request('POST', '/queues/agents', [
      { id: DEMO_AGENT, queues: [{ id: 2 }, { id: 5 }, { id: 6, suspended: true }] },
    ]);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByRole('row', { name: 'E-mail support (630)' })).toContainText('Paused');
  });
});

test.describe('the queue board and the counts', () => {
  test('shows callers set waiting through the control interface, in the board, the navigation and the tray', async ({
    page,
    env,
  }) => {
    await page.goto('/#/queue-board');
    const support = page.getByRole('article', { name: 'Support (601)' });
    await expect(support).toContainText(/Callers waiting\s*0/);

    await env.request('POST', '/_sim/queues/2/waiting', { count: 2, waited_s: 30 });
    await expect(support).toContainText(/Callers waiting\s*2/, { timeout: 10_000 });
    await expect(support).toContainText(/Longest current wait\s*0:3\d/);
    await expect(support).toContainText('answered');
    await expect(support).toContainText('sl.day');

    // The count beside My queues, as the tray shows it.
    const myQueues = page.getByRole('link', { name: /My queues/ });
    await expect(myQueues).toContainText('2');
    await expect(myQueues).toHaveAccessibleName(/2 callers waiting in your queues/);
    const queues = await env.core.commands['queues:get']();
    expect(queues.waiting).toBe(2);
    const tray = {
      connection: await env.core.commands['connection:get'](),
      calls: [],
      recent: [],
      clipboard: null,
      queues,
    };
    expect(trayTooltip(tray)).toBe('Ringside: Connected · 2 callers waiting in your queues');
    expect(trayMenuModel(tray).map((item) => ('label' in item ? item.label : ''))).toContain(
      'My queues: 3 of 3 active · 2 callers waiting',
    );

    // Paused, Support's callers no longer count for the agent.
    await page.goto('/#/queues');
    await page.getByRole('button', { name: 'Pause Support (601)' }).click();
    await expect(myQueues).not.toContainText('2', { timeout: 10_000 });
    await env.request('POST', '/_sim/queues/2/waiting', { count: 0 });
  });
});
