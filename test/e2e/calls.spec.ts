/**
 * Calls end to end: the built renderer, the real AppCore, a real demo PBX and a real directory cache. An
 * inbound call from a seeded person pops that person; answer, hold, resume and hang up from the UI each show
 * in the demo PBX's own GET /call; the dial pad and a confirmed link place calls the PBX sees; an outage shows
 * offline and recovers by itself.
 */
import type { Locator, Page } from '@playwright/test';
import { CALL_STATE_CODES } from '../../src-main/api/schemas';
import { confirmRouteHash } from '../../src-main/shell/confirmRoute';
import { startCallsEnvironment, type CallsEnvironment } from './calls.environment';
import { expect, test as harness } from './fixtures';

const test = harness.extend<{ env: CallsEnvironment }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument.
  env: async ({}, use) => {
    const env = await startCallsEnvironment({ pollIntervalMs: 250 });
    await use(env);
    await env.close();
  },
  appCore: async ({ env }, use) => use(env.core),
});

/** What the demo PBX says about a call right now: its state name, or 'gone'. */
async function pbxState(env: CallsEnvironment, uniqueid: string): Promise<string> {
  const call = (await env.pbxCalls()).find((candidate) => candidate.uniqueid === uniqueid);
  if (!call) return 'gone';
  return (
    Object.entries(CALL_STATE_CODES).find(([, code]) => code === call.state)?.[0] ?? `code ${call.state}`
  );
}

const expectPbxState = (env: CallsEnvironment, uniqueid: string, state: string) =>
  expect.poll(() => pbxState(env, uniqueid), { timeout: 5_000 }).toBe(state);

const callRow = (page: Page, name: string): Locator => page.getByRole('article', { name });

test.describe('calls', () => {
  test('an inbound call pops the right person; answer, hold, resume and hang up reach the PBX', async ({
    page,
    env,
  }) => {
    const [caller] = env.persons;
    await page.goto('/#/calls');
    await expect(page.getByText('No calls on your phone right now.')).toBeVisible();

    const uniqueid = await env.inbound(caller!.number);
    const card = page.getByRole('complementary', { name: caller!.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Incoming call');
    await expect(card.getByRole('heading', { level: 2 })).toBeFocused();
    const row = callRow(page, caller!.name);
    await expect(row).toContainText('Ringing');

    await card.getByRole('button', { name: 'Answer' }).click();
    await expectPbxState(env, uniqueid, 'connected');
    await expect(row).toContainText('Connected');
    await expect(row.getByRole('timer')).toHaveText(/^0:0\d$/);

    await row.getByRole('button', { name: 'Hold' }).click();
    await expectPbxState(env, uniqueid, 'held');
    await expect(row).toContainText('On hold');

    await row.getByRole('button', { name: 'Resume' }).click();
    await expectPbxState(env, uniqueid, 'connected');
    await expect(row.getByRole('button', { name: 'Hold' })).toBeEnabled();

    await row.getByRole('button', { name: 'Hang up' }).click();
    await expectPbxState(env, uniqueid, 'gone');
    await expect(page.getByText('No calls on your phone right now.')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('an unknown caller pops the number with "Create contact", which opens the Directory form', async ({
    page,
    env,
  }) => {
    await page.goto('/#/dial');
    // The agent is typing a number when the call comes in.
    await page.getByRole('textbox', { name: 'Number' }).fill('+420 7');
    const unknown = '+420 608 000 111';
    await env.inbound(unknown.replace(/ /g, ''));
    const card = page.getByRole('complementary', { name: unknown });
    await expect(card).toBeVisible();
    // The agent was typing in the number field: the card did not take the keyboard away.
    await expect(page.getByRole('textbox', { name: 'Number' })).toBeFocused();
    await card.getByRole('button', { name: 'Create contact' }).click();
    await expect(page).toHaveURL(/#\/directory$/);
    const form = page.getByRole('form', { name: 'New contact' });
    await expect(form.getByLabel('Phone')).toHaveValue(unknown.replace(/ /g, ''));
    await card.getByRole('button', { name: 'Hang up' }).click();
    await expect(card).toHaveCount(0);
  });

  test('dials from the dial pad: preview, Enter, the call at the PBX, then in recent numbers', async ({
    page,
    env,
  }) => {
    const callee = env.persons[1]!;
    await page.goto('/#/dial');
    const field = page.getByRole('textbox', { name: 'Number' });
    await field.fill(callee.number);
    await expect(page.locator('#dial-preview')).toContainText(callee.name);
    await field.press('Enter');

    await expect(page.getByTestId('dial-result')).toContainText('Calling');
    await expect(field).toHaveValue('');
    await expect
      .poll(async () => (await env.pbxCalls()).map((call) => call.called_number_norm ?? call.called_number))
      .toContain(callee.e164);
    await expect(page.getByRole('list').getByRole('button', { name: new RegExp(callee.name) })).toBeVisible();

    await page.getByRole('link', { name: 'Show calls' }).click();
    const row = callRow(page, callee.name);
    await expect(row).toContainText('Outgoing');
    await row.getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(async () => (await env.pbxCalls()).length).toBe(0);
  });

  test('a tel: link asks first; Enter in the confirmation dials', async ({ page, env }) => {
    const callee = env.persons[2]!;
    const outcome = await env.core.calls.requestDial(callee.e164, 'link');
    expect(outcome.status).toBe('confirm');
    if (outcome.status !== 'confirm') return;
    expect(await env.pbxCalls()).toEqual([]);

    await page.goto(`/#${confirmRouteHash(outcome.request)}`);
    await expect(page.getByRole('heading', { name: 'Dial this number?' })).toBeVisible();
    await expect(page.getByText(callee.name)).toBeVisible();
    // Dial arms once the window has had the focus for a moment; the agent sees it say so.
    await expect(page.getByRole('button', { name: 'Dial' })).toHaveAttribute('aria-disabled', 'false');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await env.pbxCalls()).map((call) => call.called_number_norm ?? call.called_number))
      .toContain(callee.e164);
  });

  // 'drop': the PBX stops answering at all. '503': it answers "unavailable" with a Retry-After longer than a
  // poll, which the client must not wait out while the app still says "Connected".
  for (const mode of ['drop', '503'] as const) {
    test(`a PBX outage (${mode}) shows offline, then recovers by itself`, async ({ page, env }) => {
      await page.goto('/#/calls');
      const status = page.getByRole('status').filter({ hasText: 'PBX connection' });
      await expect(status).toContainText('Connected');
      // The next poll fails and the app says so while the outage lasts.
      await env.outage(3, mode);
      await expect(status).toContainText('Offline');
      await expect(status).toContainText('Connected', { timeout: 15_000 });
      // And calls work again.
      const caller = env.persons[3]!;
      await env.inbound(caller.number);
      await expect(page.getByRole('complementary', { name: caller.name })).toBeVisible();
    });
  }
});
