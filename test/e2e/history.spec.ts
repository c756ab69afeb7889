/**
 * After the call, end to end: the built renderer, the real AppCore, a real demo PBX. An inbound call is
 * answered and the caller hangs up: the wrap-up panel opens, a note is saved and reaches the PBX (its own
 * GET /metadata says so), the History screen lists the call, and its review shows the summary and the
 * transcript once the PBX has transcribed it; a full-text search finds a sentence and opens the review at
 * it. A missed call shows on the navigation's badge until the missed list is seen. The harness fails any
 * test whose page logged a CSP violation, so the style: directives (list geometry, tag colours) are
 * checked under the real CSP too.
 */
import type { Page } from '@playwright/test';
import { CALL_STATE_CODES } from '../../src-main/api/schemas';
import type { CallsEnvironment } from './calls.environment';
import { callsTest } from './callsTest';
import { expect } from './fixtures';

// Transcription takes ten simulated minutes, which the tests advance: on a busy machine the few real seconds
// between hang-up and the review must not finish it before the review shows it being prepared.
const TRANSCRIBE_AFTER_SECONDS = 600;
const test = callsTest({
  pollIntervalMs: 250,
  persons: 12,
  transcribeAfterSeconds: TRANSCRIBE_AFTER_SECONDS,
});

/** The demo PBX over plain HTTP with its own token: what the PBX itself holds, not what Ringside thinks. */
async function pbxRequest(
  env: CallsEnvironment,
  method: string,
  url: string,
  body?: unknown,
): Promise<unknown> {
  const tokenResponse = await fetch(`${env.pbx.authUrl}/login/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: env.pbx.credentials.clientId,
      client_secret: env.pbx.credentials.clientSecret,
      grant_type: 'client_credentials',
    }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: unknown; error?: string };
  if (!response.ok || !envelope.success)
    throw new Error(`${method} ${url}: ${response.status} ${envelope.error}`);
  return envelope.data;
}

const hangUpAsCaller = (env: CallsEnvironment, uniqueid: string) =>
  pbxRequest(env, 'POST', `${env.pbx.authUrl}/_sim/calls/${uniqueid}/hangup`, {});

async function expectPbxState(env: CallsEnvironment, uniqueid: string, state: keyof typeof CALL_STATE_CODES) {
  await expect
    .poll(async () => (await env.pbxCalls()).find((call) => call.uniqueid === uniqueid)?.state, {
      timeout: 5_000,
    })
    .toBe(CALL_STATE_CODES[state]);
}

const historyRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Calls' }).getByRole('button', { name: new RegExp(`call, ${name}`) });

test.describe('after the call', () => {
  test('a call ends: wrap-up saved to the PBX, then the review with summary and transcript', async ({
    page,
    env,
  }) => {
    test.setTimeout(60_000);
    const caller = env.persons[0]!;
    await page.goto('/#/history');
    await expect(page.getByText('No calls yet.')).toBeVisible();

    const uniqueid = await env.inbound(caller.number);
    await page
      .getByRole('complementary', { name: caller.name })
      .getByRole('button', { name: 'Answer' })
      .click();
    await expectPbxState(env, uniqueid, 'connected');
    env.pbx.sim.advance(30); // half a minute of talk
    await hangUpAsCaller(env, uniqueid);

    // The panel opens by itself when the call ends.
    const panel = page.getByRole('form', { name: `Wrap up: ${caller.name}` });
    await expect(panel).toBeVisible();
    const row = historyRow(page, caller.name);
    await expect(row).toContainText('Answered');
    // The list's geometry is set through style: directives (CSSOM), which the CSP allows.
    expect(
      await page.locator('.viewport .spacer').evaluate((element) => (element as HTMLElement).style.height),
    ).toBe('56px');

    const note = 'Asked about the invoice; refund promised by Friday. <b>not markup</b>';
    await panel.getByRole('radio').nth(1).check();
    const disposition = await panel.getByRole('radio').nth(1).inputValue();
    await panel.getByRole('textbox', { name: 'Note' }).fill(note);
    await panel.getByRole('checkbox', { name: 'Follow up on this call' }).check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText('Saved to the PBX')).toBeVisible();
    const metadata = (await pbxRequest(env, 'GET', `${env.pbx.baseUrl}/metadata/${uniqueid}`)) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({
      'ringside.note': note,
      'ringside.disposition': disposition,
      'ringside.follow_up': true,
    });
    await panel.getByRole('button', { name: 'Close the wrap-up' }).click();

    // The review: AI parts are being prepared until the PBX has transcribed the call.
    await row.click();
    await expect(page).toHaveURL(new RegExp(`#/history/${uniqueid.replace('.', '\\.')}$`));
    await expect(page.getByRole('heading', { level: 1, name: caller.name })).toBeVisible();
    const transcriptPart = page.getByRole('region', { name: 'Transcript' });
    await expect(transcriptPart).toContainText('Transcript being prepared…');
    env.pbx.sim.advance(TRANSCRIBE_AFTER_SECONDS); // the next fetch finds it transcribed
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await expect(transcript).toBeVisible({ timeout: 25_000 });
    expect(await transcript.getByRole('listitem').count()).toBeGreaterThan(1);
    await expect(transcript.locator('li.agent').first()).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' }).locator('p.summary');
    await expect(summary).not.toBeEmpty();
    await expect(page.getByRole('region', { name: 'Rating' })).toContainText('of 5');
    await expect(page.getByRole('region', { name: 'Metadata' })).toContainText(note);

    // Full-text search finds what was said and opens the review at that segment.
    const spoken = (await transcript.locator('li .text').nth(1).textContent())!;
    const words = spoken
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 4)
      .slice(0, 2)
      .join(' ');
    await page.getByRole('link', { name: '← History' }).click();
    await page.getByRole('checkbox', { name: 'Search what was said and written' }).check();
    await page.getByRole('searchbox', { name: 'Search transcripts, summaries and notes' }).fill(words);
    const hit = page
      .getByRole('list', { name: 'Search results' })
      .getByRole('link')
      .filter({ hasText: 'Transcript' })
      .first();
    await expect(hit).toBeVisible();
    await hit.click();
    const focused = page.locator('li.segment.hit');
    await expect(focused).toBeFocused();
    await expect(focused).toBeInViewport();
  });

  test('a missed call shows on the History badge until the missed list is seen', async ({ page, env }) => {
    const caller = env.persons[1]!;
    await page.goto('/#/dial');
    const historyLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^History/ });
    await expect(historyLink).toHaveAccessibleName('History');

    const uniqueid = await env.inbound(caller.number);
    await expect(page.getByRole('complementary', { name: caller.name })).toBeVisible();
    await hangUpAsCaller(env, uniqueid);
    await expect(historyLink).toHaveAccessibleName(/1 missed call not seen yet/);

    await historyLink.click();
    await expect(historyRow(page, caller.name)).toContainText('Missed');
    await page.getByRole('button', { name: /^Missed/ }).click();
    await expect(historyRow(page, caller.name)).toBeVisible();
    await expect(historyLink).toHaveAccessibleName('History');

    // Call back from the history: the PBX sees a call to that number.
    await page.getByRole('button', { name: `Call back ${caller.name}` }).click();
    await expect(page.getByText(`Calling ${caller.name}`)).toBeVisible();
    await expect
      .poll(async () => (await env.pbxCalls()).map((call) => call.called_number_norm ?? call.called_number))
      .toContain(caller.e164);
  });

  test('a pasted call id opens its review, and a wrong one says why', async ({ page, env }) => {
    await page.goto('/#/history');
    const input = page.getByRole('textbox', { name: 'Open a call by its id' });
    await input.fill('not an id');
    await input.press('Enter');
    await expect(page.getByRole('alert')).toContainText('1700000000.42');
    await input.fill('1700000000.99');
    await input.press('Enter');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    void env;
  });
});
