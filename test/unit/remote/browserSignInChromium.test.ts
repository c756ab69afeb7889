/**
 * The desktop app's sign-in with a real Chromium as the system browser (CHROMIUM_PATH; skipped without one)
 * against a real team server, whose every page carries the server's CSP: the provider's login and consent,
 * the confirmation page's Continue (its script's POST), the move to the app's loopback listener, and the
 * page it answers. The credential then opens the app page as the agent.
 */
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPageKey, startBrowserSignIn } from '../../../src-main/remote';
import { pbxUsernameResolver } from '../../../src-main/server/identity/pbxUserResolver';
import { demoAgentsWithPhones } from '../server/demoAgents';
import {
  listenTestIdentityProvider,
  signInWith,
  type AccountClaims,
  type TestIdentityProvider,
} from '../server/identity/testIdentityProvider';
import { startTeamServerFixture, type TeamServerFixture } from '../server/teamServerFixture';
import { signInAtProvider } from '../server/identity/providerPages';

const chromiumPath = process.env['CHROMIUM_PATH'];

describe.skipIf(!chromiumPath)('the desktop app’s sign-in in Chromium', { timeout: 60_000 }, () => {
  const accounts: Record<string, AccountClaims> = {};
  let browser: Browser;
  let provider: TestIdentityProvider;
  let fixture: TeamServerFixture;

  beforeAll(async () => {
    provider = await listenTestIdentityProvider(accounts, 'localhost');
    fixture = await startTeamServerFixture({
      oidc: (origin, pbx) =>
        signInWith(provider, origin, (claimValue) => pbxUsernameResolver(pbx.requireClient())(claimValue)),
    });
    provider.start(`${fixture.server.origin}/auth/callback`);
    accounts['jana-at-idp'] = { preferred_username: demoAgentsWithPhones(fixture.demo, 1)[0]!.username };
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
    await provider?.close();
  });

  it('signs in at the provider, confirms, and hands the app its session on the loopback', async () => {
    const page = await (await browser.newContext()).newPage();
    const signIn = startBrowserSignIn({
      serverUrl: fixture.server.origin,
      openExternal: async (url) => void page.goto(url),
    });
    await signInAtProvider(page, 'jana-at-idp');

    await page.waitForURL(/\/auth\/native\?request=/);
    const agent = demoAgentsWithPhones(fixture.demo, 1)[0]!;
    // The page names the agent as the PBX does, beside the username they signed in with.
    await expect
      .poll(() => page.textContent('body'))
      .toContain(
        `Sign in the Ringside desktop app on this computer as ${agent.displayName} (${agent.username})?`,
      );
    await page.click('#continue');

    await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/ringside\//);
    expect(await page.textContent('body')).toContain('You can close this tab and return to Ringside.');
    const credential = await signIn.result;
    expect(await readPageKey(credential)).toMatch(/\S/);
    expect(fixture.sessions.list(agent.username).map((session) => session.method)).toEqual([
      'oidc',
      'native',
    ]);
  });
});
