/**
 * OIDC sign-in in a real Chromium (CHROMIUM_PATH; skipped without one), with the provider on another site
 * (localhost) than the server (127.0.0.1), as a company's provider is: the provider's redirect back is a
 * cross-site navigation, which carries the SameSite=Lax sign-in cookie; the callback's page then moves on
 * from the server's own origin, so the very first request of the signed-in page carries the SameSite=Strict
 * session cookie.
 */
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSettingsFor, sessionReader } from '../../../../src-main/server/identity/sessionCookies';
import { startSignInServer, type SignInServer } from './signInServer';
import { listenTestIdentityProvider, signInWith, type TestIdentityProvider } from './testIdentityProvider';
import { signInAtProvider } from './providerPages';

const chromiumPath = process.env['CHROMIUM_PATH'];

describe.skipIf(!chromiumPath)('OIDC sign-in in Chromium', { timeout: 60_000 }, () => {
  let browser: Browser;
  let provider: TestIdentityProvider;
  let server: SignInServer;
  /** For each load of the landing page: the agent its request's session names, or null. */
  const landings: Array<string | null> = [];

  beforeAll(async () => {
    provider = await listenTestIdentityProvider(
      { 'jana-at-idp': { preferred_username: 'jnovak' } },
      'localhost',
    );
    server = await startSignInServer({
      oidc: (origin) =>
        signInWith(provider, origin, async (username) => (username === 'jnovak' ? { username } : undefined)),
      decorate: (app) => {
        app.get('/landing', async (request, reply) => {
          const origin = `http://${request.headers.host}`;
          const session = sessionReader(server.sessions, cookieSettingsFor(origin))(request);
          landings.push(session?.agent ?? null);
          return reply.type('text/html').send('<!doctype html><title>landed</title>');
        });
      },
    });
    provider.start(`${server.origin}/auth/callback`);
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.close();
  });

  it('comes back from the provider signed in, the first page load already carrying the session', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.origin}/auth/signin?return=/landing`);
    await signInAtProvider(page, 'jana-at-idp');
    await page.waitForURL(`${server.origin}/landing`);
    await page.waitForLoadState('load');

    expect(landings).toEqual(['jnovak']);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const cookies = await page.context().cookies(server.origin);
    expect(cookies.map(({ name, sameSite, httpOnly }) => ({ name, sameSite, httpOnly }))).toEqual([
      { name: 'ringside_session', sameSite: 'Strict', httpOnly: true },
    ]);
  });
});
