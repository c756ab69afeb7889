/**
 * OIDC sign-in with the `email` claim: a real provider (oidc-provider) on 127.0.0.1, the team server's
 * routes, and the demo PBX's users over real HTTP. The address names the PBX user whose e-mail it is,
 * whatever its case; an address the provider has not verified, one that two PBX users share and one nobody
 * has are refused, each saying why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoPbx, type DemoPbx } from '../../../../src-main/demo-pbx';
import { AmbiguousClaim } from '../../../../src-main/server/identity/oidcSignIn';
import { pbxEmailResolver } from '../../../../src-main/server/identity/pbxEmailResolver';
import { silentLogger } from '../../../../src-main/shared/logger';
import { TestClient } from '../../../conformance/helpers';
import { demoPbxClient } from '../../cache/fixtures';
import { startSignInServer, whoami, type SignInServer } from './signInServer';
import { TestBrowser } from './testBrowser';
import { listenTestIdentityProvider, signInWith, type TestIdentityProvider } from './testIdentityProvider';

let pbx: DemoPbx;
let provider: TestIdentityProvider;
let server: SignInServer;
let agentEmail: string;
const SHARED = 'front.desk@ringside-demo.cz';

beforeAll(async () => {
  pbx = await startDemoPbx({ persons: 5, ringEverySeconds: 0 });
  const organisation = pbx.sim.state.organisation;
  const agent = organisation.userByUsername(pbx.agent.username)!;
  agentEmail = agent.email;
  // Two other users given one address, through the PBX's API as an administrator would.
  const others = organisation
    .allUsers()
    .filter((user) => user.id !== agent.id && user.active && user.email !== '')
    .slice(0, 2);
  const api = new TestClient(pbx);
  for (const user of others) {
    const answer = await api.patch(`/user/${user.id}`, { email: SHARED });
    expect(answer.status).toBe(200);
  }
  const client = demoPbxClient(pbx, silentLogger);
  // No local directory here: the resolver reads the users' details.
  const resolve = pbxEmailResolver(client, () => []);
  provider = await listenTestIdentityProvider({
    'agent-by-email': { email: agentEmail.toUpperCase(), email_verified: true },
    'unverified-address': { email: agentEmail, email_verified: false },
    'shared-address': { email: SHARED, email_verified: true },
    'unknown-address': { email: 'somebody@elsewhere.example', email_verified: true },
  });
  server = await startSignInServer({
    oidc: (origin) => signInWith(provider, origin, resolve, 'email'),
  });
  provider.start(`${server.origin}/auth/callback`);
}, 30_000);

afterAll(async () => {
  for (const running of [server, provider, pbx]) await running?.close();
});

const signInUrl = () => new URL('/auth/signin?return=%2F', server.origin);

async function signedInAs(browser: TestBrowser) {
  const answer = await whoami(server, browser);
  return typeof answer === 'number' ? answer : answer.agent;
}

describe('OIDC sign-in by e-mail address', { timeout: 30_000 }, () => {
  it('signs in as the PBX user with that address, whatever its case', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), 'agent-by-email');
    expect(answer.status).toBe(200);
    expect(await signedInAs(browser)).toBe(pbx.agent.username);
  });

  it('refuses an address the provider has not verified, saying so', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), 'unverified-address');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain(
      `The identity provider has not verified your e-mail address “${agentEmail}”`,
    );
    expect(await signedInAs(browser)).toBe(401);
  });

  it('refuses an address two PBX users share rather than picking one', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), 'shared-address');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain(`More than one user of this PBX has the e-mail address “${SHARED}”`);
    expect(await signedInAs(browser)).toBe(401);
  });

  it('checks what the local directory says against the PBX', async () => {
    const client = demoPbxClient(pbx, silentLogger);
    const agentId = pbx.sim.state.organisation.userByUsername(pbx.agent.username)!.id;
    // A directory synced before the address changed names the wrong user: the PBX's answer decides.
    const stale = pbxEmailResolver(client, () => [agentId]);
    await expect(stale(SHARED)).rejects.toBeInstanceOf(AmbiguousClaim);
    expect(await stale(` ${agentEmail} `)).toEqual({ username: pbx.agent.username });
  });

  it('refuses an address no PBX user has', async () => {
    const browser = new TestBrowser();
    const answer = await browser.navigate(signInUrl(), 'unknown-address');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('“somebody@elsewhere.example” is not a user of this PBX');
    expect(await signedInAs(browser)).toBe(401);
  });
});
