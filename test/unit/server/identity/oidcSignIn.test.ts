/**
 * OIDC sign-in end to end: a real provider (oidc-provider) on 127.0.0.1, the team server's routes, and the
 * demo PBX's users as the people a claim may name. A browser that signs in at the provider comes back with
 * a session for its PBX user; a callback whose state was tampered with, an ID token issued for another
 * nonce, a replayed callback and a person the PBX does not know are refused, each with its own message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoPbx, type DemoPbx } from '../../../../src-main/demo-pbx';
import { pbxUsernameResolver } from '../../../../src-main/server/identity/pbxUserResolver';
import { silentLogger } from '../../../../src-main/shared/logger';
import { demoPbxClient } from '../../cache/fixtures';
import { startSignInServer, type SignInServer } from './signInServer';
import { TestBrowser } from './testBrowser';
import { listenTestIdentityProvider, signInWith, type TestIdentityProvider } from './testIdentityProvider';

let pbx: DemoPbx;
let provider: TestIdentityProvider;
let server: SignInServer;

beforeAll(async () => {
  pbx = await startDemoPbx({ persons: 5, ringEverySeconds: 0 });
  const client = demoPbxClient(pbx, silentLogger);
  // A PBX that cannot be reached, for the person whose lookup finds the PBX down (nothing listens on port 9).
  const downClient = demoPbxClient({ ...pbx, baseUrl: 'http://127.0.0.1:9/api/v1.0' }, silentLogger);
  const resolveUp = pbxUsernameResolver(client);
  const resolveDown = pbxUsernameResolver(downClient);
  provider = await listenTestIdentityProvider({
    'agent-at-idp': { preferred_username: pbx.agent.username, name: 'The demo agent' },
    'stranger-at-idp': { preferred_username: 'nobody.here', name: 'Not at this PBX' },
    'during-outage': { preferred_username: 'pbx.outage', name: 'Signs in while the PBX is down' },
  });
  server = await startSignInServer({
    oidc: (origin) =>
      signInWith(provider, origin, (claimValue) =>
        (claimValue === 'pbx.outage' ? resolveDown : resolveUp)(claimValue),
      ),
  });
  provider.start(`${server.origin}/auth/callback`);
}, 30_000);

afterAll(async () => {
  await server?.close();
  await provider?.close();
  await pbx?.close();
});

const signInUrl = (returnPath = '/') =>
  new URL(`/auth/signin?return=${encodeURIComponent(returnPath)}`, server.origin);

async function whoami(browser: TestBrowser) {
  const { response, text } = await browser.request(new URL('/whoami', server.origin));
  return response.status === 200 ? (JSON.parse(text) as { agent: string; method: string }) : response.status;
}

describe('OIDC sign-in', { timeout: 30_000 }, () => {
  it('signs the browser in as the PBX user the provider’s claim names', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl('/calls?tab=recent'), 'agent-at-idp');

    expect(answer.url.href).toMatch(new RegExp(`^${server.origin}/auth/callback\\?code=`));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<meta http-equiv="refresh" content="0; url=/calls?tab=recent">');
    const ours = answer.setCookies.filter((line) => line.startsWith('ringside_'));
    expect(ours).toEqual([
      expect.stringMatching(/^ringside_signin=[\w-]{43}; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/),
      'ringside_signin=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      expect.stringMatching(
        /^ringside_session=[\w-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/,
      ),
    ]);
    expect(await whoami(browser)).toEqual({
      agent: pbx.agent.username,
      method: 'oidc',
      device: 'Firefox · Linux',
    });
  });

  it('refuses a callback whose state was tampered with', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), 'agent-at-idp', {
      rewrite: (url) => {
        if (url.pathname !== '/auth/callback') return url;
        const forged = new URL(url);
        forged.searchParams.set('state', 'forged-state-of-the-attackers-choosing');
        return forged;
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('This sign-in could not be verified');
    expect(browser.cookie(server.origin, 'ringside_session')).toBeUndefined();
    expect(await whoami(browser)).toBe(401);
  });

  it('refuses an ID token issued for another nonce', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), 'agent-at-idp', {
      // The provider is asked with the server's state and PKCE challenge but another nonce: the code it
      // returns is good, the ID token it leads to belongs to some other sign-in.
      rewrite: (url) => {
        if (url.origin !== provider.issuer || !url.searchParams.has('nonce')) return url;
        const swapped = new URL(url);
        swapped.searchParams.set('nonce', 'a-nonce-from-another-sign-in');
        return swapped;
      },
    });
    expect(answer.url.pathname).toBe('/auth/callback');
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(
      'The identity provider’s answer belongs to another sign-in and was refused.',
    );
    expect(await whoami(browser)).toBe(401);
  });

  it('honours a callback once, for the browser that started the sign-in', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), 'agent-at-idp');
    expect(answer.status).toBe(200);

    const thief = new TestBrowser();
    const replayed = await thief.request(answer.url, { headers: { 'accept-language': 'cs' } });
    expect(replayed.response.status).toBe(400);
    expect(replayed.text).toContain(
      'Toto přihlášení vypršelo nebo bylo zahájeno v jiném prohlížeči. Přihlaste se znovu.',
    );
    expect(await whoami(thief)).toBe(401);
  });

  it('refuses a person the PBX does not know, saying who the provider named', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), 'stranger-at-idp');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('“nobody.here” is not a user of this PBX, so Ringside cannot sign you in.');
    expect(answer.text).not.toMatch(/at \w+ \(|Error:/);
    expect(await whoami(browser)).toBe(401);
  });

  it('says so when the PBX cannot be asked who the person is', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), 'during-outage');
    expect(answer.status).toBe(502);
    expect(answer.text).toContain('Ringside cannot reach the PBX to check who you are.');
    expect(await whoami(browser)).toBe(401);
  });

  it('refuses a sign-in the person cancelled at the provider, offering another go', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), null);
    expect(answer.url.searchParams.get('error')).toBe('access_denied');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('The identity provider did not sign you in.');
    expect(answer.text).toContain('<a href="/auth/signin">Sign in again</a>');
    expect(await whoami(browser)).toBe(401);
  });
});
