/**
 * What only the browser host does, end to end: the printed URL signs a browser in; every tab follows the
 * core's events, and a dial request asks in each tab where the first answer wins; a `tel:` link opened by
 * the browser (`?dial=`) asks before dialling; the call notification once allowed; the settings a browser
 * cannot honour shown as desktop-only; and a tab that outlives a server restart reconnects with what was
 * typed in it, once the agent opened the new printed URL.
 */
import type { Page } from '@playwright/test';
import { startCallsEnvironment, type CallsEnvironment } from './calls.environment';
import { expect, test as harness } from './fixtures';
import { recordNotifications } from './harness/notifications';
import { signIn, startTestBrowserHost } from './harness/testBrowserHost';

const test = harness.extend<{ env: CallsEnvironment }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument.
  env: async ({}, use) => {
    const env = await startCallsEnvironment({ pollIntervalMs: 250 });
    await use(env);
    await env.close();
  },
});

/** The tests that need a PBX: the calls environment's core behind the browser host. */
const callsTest = test.extend({ appCore: async ({ env }, use) => use(env.core) });

const confirmation = (page: Page) => page.getByRole('dialog', { name: 'Dial this number?' });

async function calledNumbers(env: CallsEnvironment): Promise<string[]> {
  return (await env.pbxCalls()).map((call) => call.called_number_norm ?? call.called_number ?? '');
}

/** Enter on an armed Dial (it arms once the page has had the focus for a moment). */
async function confirmWithEnter(page: Page): Promise<void> {
  await expect(confirmation(page).getByRole('button', { name: 'Dial' })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
  await page.keyboard.press('Enter');
}

test('the printed URL signs a browser in once, and leaves neither the token nor the key in the address', async ({
  browser,
  browserHost,
}) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    expect((await page.goto(`${browserHost.origin}/`))?.status()).toBe(401);
    await expect(page.getByText('needs a link from Ringside')).toBeVisible();

    await page.goto(browserHost.url);
    await expect(page).toHaveURL(`${browserHost.origin}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dial' })).toBeVisible();
    // The key is out of the page (kept in this origin's storage); a reload signs in with it.
    expect(await page.locator('meta[name="ringside-page-key"]').count()).toBe(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dial' })).toBeVisible();

    // The link was used: opened again (from the history, say), it says how to get a new one.
    const spent = await context.newPage();
    expect((await spent.goto(browserHost.url))?.status()).toBe(401);
    await expect(spent.getByText('npm start -- --browser')).toBeVisible();
  } finally {
    await context.close();
  }
  const czech = await browser.newContext({ locale: 'cs-CZ' });
  try {
    const page = await czech.newPage();
    await page.goto(browserHost.url);
    await expect(page.getByText('tento odkaz už byl použit')).toBeVisible();
  } finally {
    await czech.close();
  }
});

test('a page load asks for nothing the host does not have, and shows the app icon', async ({ page }) => {
  // pageProblems (fixtures.ts) already fails the test on any console error; this also catches a 404.
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dial' })).toBeVisible();
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBeTruthy();
  const served = await page.request.get(new URL(icon!, page.url()).href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/image\/svg\+xml/);
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
});

test('the settings a browser cannot honour are marked desktop-only; tel: links can be offered', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const offered: string[][] = [];
    Object.assign(window, { offeredHandlers: offered });
    navigator.registerProtocolHandler = (scheme: string, url: string) => void offered.push([scheme, url]);
  });
  await page.goto('/#/settings');
  await page.getByRole('button', { name: 'Show all settings' }).click();

  const system = page.getByRole('group', { name: 'System (desktop app only)' });
  // Start at login, start hidden in the tray, keep running in the tray.
  await expect(system.getByRole('checkbox')).toHaveCount(3);
  for (const box of await system.getByRole('checkbox').all()) await expect(box).toBeDisabled();
  await expect(page.getByLabel('Dial shortcut (desktop app only)')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Record shortcut: Dial shortcut' })).toBeDisabled();

  const browserGroup = page.getByRole('group', { name: 'This browser' });
  await browserGroup.getByRole('button', { name: 'Open tel: links with Ringside' }).click();
  await expect(browserGroup).toContainText('Your browser asks you to allow it');
  const origin = new URL(page.url()).origin;
  expect(
    await page.evaluate(() => (window as unknown as { offeredHandlers: string[][] }).offeredHandlers),
  ).toEqual([['tel', `${origin}/?dial=%s`]]);
});

callsTest(
  'every tab asks about a dial request and the first answer wins: a cancel, then a dial',
  async ({ page, env, browser, browserHost }) => {
    const sameBrowser = await page.context().newPage();
    // Another browser: only main's `dial:settled` can tell it that the request was answered.
    const otherContext = await browser.newContext();
    await signIn(otherContext, browserHost);
    const otherBrowser = await otherContext.newPage();
    const tabs = [page, sameBrowser, otherBrowser];
    await page.goto('/#/calls');
    await sameBrowser.goto('/#/dial');
    await otherBrowser.goto(`${browserHost.origin}/#/history`);
    const [cancelled, dialled] = [env.persons[1]!, env.persons[2]!];
    // Each tab has its socket open and reads the connection over it: it hears the request's event.
    for (const tab of tabs) {
      await expect(tab.getByRole('status').filter({ hasText: 'PBX connection' })).toContainText('Connected');
    }

    expect((await env.core.calls.requestDial(cancelled.e164, 'link')).status).toBe('confirm');
    for (const tab of tabs) await expect(confirmation(tab).getByText(cancelled.name)).toBeVisible();
    // A cancel reaches no server (main keeps the request, as the desktop does): this browser's tabs close.
    await page.keyboard.press('Escape');
    await expect(confirmation(page)).toHaveCount(0);
    await expect(confirmation(sameBrowser)).toHaveCount(0);
    await expect(confirmation(otherBrowser).getByText(cancelled.name)).toBeVisible();

    // A newer request replaces it everywhere; a dial from any tab closes it in every tab.
    expect((await env.core.calls.requestDial(dialled.e164, 'link')).status).toBe('confirm');
    for (const tab of tabs) await expect(confirmation(tab).getByText(dialled.name)).toBeVisible();
    await confirmWithEnter(otherBrowser);
    for (const tab of tabs) await expect(confirmation(tab)).toHaveCount(0);
    await expect.poll(() => calledNumbers(env)).toEqual([dialled.e164]);
    // Every tab follows the call.
    for (const tab of tabs) {
      await tab.goto(`${browserHost.origin}/#/calls`);
      await expect(tab.getByRole('article', { name: dialled.name })).toContainText('Outgoing');
    }
    await otherContext.close();
    await sameBrowser.close();
  },
);

callsTest('a tel: link the browser opened here asks before dialling', async ({ page, env }) => {
  const callee = env.persons[3]!;
  await page.goto(`/?dial=${encodeURIComponent(`tel:${callee.e164}`)}`);
  await expect(confirmation(page)).toBeVisible();
  await expect(confirmation(page).getByText(callee.name)).toBeVisible();
  await expect(confirmation(page)).toContainText('A link asks to call this number.');
  // Dropped from the address, so a reload does not ask again.
  expect(new URL(page.url()).search).toBe('');
  expect(await env.pbxCalls()).toEqual([]);

  await confirmWithEnter(page);
  await expect.poll(() => calledNumbers(env)).toEqual([callee.e164]);
  await expect(confirmation(page)).toHaveCount(0);

  await page.goto('/?dial=javascript:alert(1)');
  const refused = page.getByRole('dialog', { name: 'Ringside did not dial this link' });
  await expect(refused).toContainText('The link was refused');
  await refused.getByRole('button', { name: 'Close' }).click();
  await expect(refused).toHaveCount(0);
});

callsTest(
  'a tel: link followed from another site reaches the signed-in app',
  async ({ page, env, browserHost }) => {
    const callee = env.persons[4]!;
    // A page of another site (a web CRM, say) links to the app: the SameSite=Strict cookie is not sent on this
    // navigation, so the server reloads it once from its own origin.
    const link = `${browserHost.origin}/?dial=${encodeURIComponent(`tel:${callee.e164}`)}`;
    await page.route('http://crm.example/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<a href="${link}">Call</a>` }),
    );
    await page.goto('http://crm.example/');
    await page.getByRole('link', { name: 'Call' }).click();
    await expect(confirmation(page).getByText(callee.name)).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  },
);

callsTest(
  'a ringing call shows a notification once allowed, with a sound once asked for; its click shows the card',
  async ({ page, env }) => {
    const notifications = await recordNotifications(page);
    await page.goto('/#/settings');
    await page.getByRole('button', { name: 'Show all settings' }).click();
    await expect(page.getByRole('button', { name: 'Allow call notifications' })).toBeDisabled();
    await expect(page.getByText('Incoming calls also show as a notification')).toBeVisible();

    const caller = env.persons[0]!;
    await env.inbound(caller.number);
    const card = page.getByRole('complementary', { name: caller.name });
    await expect(card).toBeVisible();
    await expect.poll(notifications.shown).toEqual([
      {
        title: `${caller.name} is calling`,
        body: expect.any(String),
        tag: expect.stringMatching(/^ringside-call-/),
        silent: true,
      },
    ]);
    await page.getByRole('textbox').first().focus();
    await notifications.click('ringside-call-');
    await expect(card.getByRole('heading', { level: 2 })).toBeFocused();

    // Settings ▸ Calls ▸ "Play a sound when a call rings": the next call's notification is not silent.
    await page.getByRole('checkbox', { name: 'Play a sound when a call rings' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved.', { exact: false }).first()).toBeVisible();
    const next = env.persons[1]!;
    await env.inbound(next.number);
    await expect
      .poll(async () => (await notifications.shown()).map(({ title, silent }) => [title, silent]))
      .toContainEqual([`${next.name} is calling`, false]);
  },
);

callsTest(
  'a tab outlives a server restart: it says so, keeps what was typed, and follows events again',
  async ({ page, env, browserHost, pageProblems }) => {
    await page.goto('/#/dial');
    const field = page.getByRole('textbox', { name: 'Number' });
    await field.fill('+420 601');

    await browserHost.close();
    await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
    // A new launch has a new link: the tab's cookie is no longer valid, and the tab says what to do.
    const restarted = await startTestBrowserHost({ core: env.core, port: browserHost.port });
    try {
      await expect(page.getByRole('status').filter({ hasText: 'not signed in' })).toContainText(
        'Open a new link to Ringside in this browser',
      );
      const opened = await page.context().newPage();
      await opened.goto(restarted.url);
      await expect(opened.getByRole('heading', { level: 1, name: 'Dial' })).toBeVisible();

      await expect(page.getByRole('status').filter({ hasText: 'not signed in' })).toHaveCount(0, {
        timeout: 10_000,
      });
      await expect(field).toHaveValue('+420 601');
      const caller = env.persons[0]!;
      await env.inbound(caller.number);
      await expect(page.getByRole('complementary', { name: caller.name })).toBeVisible();
      await opened.close();
    } finally {
      await restarted.close();
    }
    // The browser logs each refused connection attempt; nothing else may have gone wrong.
    const unexpected = pageProblems.filter(
      (problem) => !/WebSocket connection to .* failed|Failed to load resource/.test(problem),
    );
    pageProblems.length = 0;
    expect(unexpected).toEqual([]);
  },
);
