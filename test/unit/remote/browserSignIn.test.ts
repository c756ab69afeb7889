/**
 * The desktop app signs in to a REAL team server (on the demo PBX, with a real OpenID provider) through the
 * "system browser" (TestBrowser: redirects followed, cookies kept): the app's loopback listener gets the
 * code, exchanges it for a session of its own (method `native`, listed, audited), and a RemoteCore on that
 * credential acts as the agent. Then as an attacker would: a second answer on the loopback with the wrong
 * state is ignored, a server without an identity provider is refused with a sentence, a browser that
 * cancels ends the sign-in, and the code, verifier and cookie appear in no server log line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RemoteCore, startBrowserSignIn, type BrowserSignIn } from '../../../src-main/remote';
import { RemoteError } from '../../../src-main/remote/remoteError';
import { MemorySettingsStore, SettingsRepository } from '../../../src-main/app/settings/settingsRepository';
import { defaultSettings } from '../../../src-main/app/settings/settingsSchema';
import { pbxUsernameResolver } from '../../../src-main/server/identity/pbxUserResolver';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';
import { TestClient } from '../../conformance/helpers';
import { demoAgentsWithPhones, type DemoAgentUser } from '../server/demoAgents';
import { openConfirmation, pressButton } from '../server/identity/nativeBrowser';
import { TestBrowser } from '../server/identity/testBrowser';
import {
  listenTestIdentityProvider,
  signInWith,
  type AccountClaims,
  type TestIdentityProvider,
} from '../server/identity/testIdentityProvider';
import { startTeamServerFixture, type TeamServerFixture } from '../server/teamServerFixture';

const wait = <T>(check: () => T | Promise<T>, timeout = 8000) => vi.waitFor(check, { timeout, interval: 25 });

const accounts: Record<string, AccountClaims> = {};
let provider: TestIdentityProvider;
let fixture: TeamServerFixture;
let agent: DemoAgentUser;

beforeAll(async () => {
  provider = await listenTestIdentityProvider(accounts);
  fixture = await startTeamServerFixture({
    oidc: (origin, pbx) =>
      signInWith(provider, origin, (claimValue) => pbxUsernameResolver(pbx.requireClient())(claimValue)),
  });
  provider.start(`${fixture.server.origin}/auth/callback`);
  [agent] = demoAgentsWithPhones(fixture.demo, 1) as [DemoAgentUser];
  accounts['agent-at-idp'] = { preferred_username: agent.username };
}, 30_000);

afterAll(async () => {
  await fixture?.close();
  await provider?.close();
});

/** A sign-in whose "system browser" records the address it was asked to open. */
function signIn(serverUrl = fixture.server.origin, timeoutMs?: number) {
  let opened!: (url: string) => void;
  const openedUrl = new Promise<string>((resolve) => (opened = resolve));
  const started: BrowserSignIn = startBrowserSignIn({
    serverUrl,
    deviceName: 'Jana’s laptop',
    timeoutMs,
    openExternal: async (url) => opened(url),
  });
  return { started, openedUrl };
}

async function rejection(result: Promise<unknown>): Promise<RemoteError> {
  const error = await result.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}

describe('the desktop app signs in through the system browser', { timeout: 30_000 }, () => {
  it('comes back with a session of its own, and a RemoteCore on it acts as the agent', async () => {
    const { started, openedUrl } = signIn();
    expect(started.expiresAt).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(await openedUrl).toBe(started.url);
    const asked = new URL(started.url);
    expect(asked.origin + asked.pathname).toBe(`${fixture.server.origin}/auth/native`);
    expect(asked.searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/ringside\/[\w-]{22}$/,
    );
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');

    const browser = new TestBrowser();
    const confirmation = await openConfirmation(browser, started.url, 'agent-at-idp');
    expect(confirmation.page).toContain(
      `Sign in the Ringside desktop app on this computer as ${agent.displayName} (${agent.username})?`,
    );
    // The server's headers: no other site can frame the page to have Continue clicked unawares.
    const again = await browser.request(
      new URL(`/auth/native?request=${confirmation.requestId}`, fixture.server.origin),
    );
    expect(again.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(again.response.headers.get('x-frame-options')).toBe('DENY');
    const pressed = await pressButton(browser, fixture.server.origin, confirmation.requestId, 'continue');
    expect(pressed.status).toBe(200);
    const back = new URL(pressed.body.location!);
    expect(back.origin + back.pathname).toBe(asked.searchParams.get('redirect_uri'));
    expect(back.searchParams.get('state')).toBe(asked.searchParams.get('state'));

    const landed = await browser.request(back);
    expect(landed.response.status).toBe(200);
    expect(landed.text).toContain('You can close this tab and return to Ringside.');
    expect(landed.text).not.toContain('<script');
    expect(landed.response.headers.get('content-security-policy')).toContain("default-src 'none'");

    const credential = await started.result;
    expect(credential.origin).toBe(fixture.server.origin);
    expect(credential.cookie).toMatch(/^ringside_session=[\w-]{43}$/);
    const sessions = fixture.sessions.list(agent.username);
    const native = sessions.find((session) => session.method === 'native');
    expect(native).toMatchObject({ device: 'Jana’s laptop' });
    expect(fixture.audit).toContainEqual(
      expect.objectContaining({
        kind: 'sign-in',
        agent: agent.username,
        method: 'native',
        sessionId: native!.id,
      }),
    );
    // The browser's own session is another one: revoking the app's leaves the browser signed in.
    expect(sessions.filter((session) => session.method === 'oidc')).toHaveLength(1);

    // The listener is closed: the code cannot be delivered a second time.
    await expect(fetch(back)).rejects.toThrow();

    const core = new RemoteCore({
      credential,
      clock: systemClock,
      logger: silentLogger,
      settings: new SettingsRepository({
        store: new MemorySettingsStore(),
        defaults: defaultSettings(),
        logger: silentLogger,
      }),
    });
    const popped: string[] = [];
    core.subscribe((channel, payload) => {
      if (channel === 'screenpop:show') popped.push(JSON.stringify(payload));
    });
    try {
      await core.start();
      await wait(() => expect(core.linkStatus).toBe('connected'));
      const sim = new TestClient(fixture.demo);
      const ringing = await sim.post('/_sim/calls/inbound', {
        to: { extension: agent.extension },
        from: '+420 602 555 404',
      });
      const uniqueid = ringing.body.data.uniqueid as string;
      await wait(() => expect(popped.some((text) => text.includes(uniqueid))).toBe(true));
      await core.commands['calls:control']({ uniqueid, action: 'hangup' });
    } finally {
      await core.dispose();
    }
  });

  it('ignores an answer on the loopback with another state, and takes the right one after it', async () => {
    const { started, openedUrl } = signIn();
    const asked = new URL(await openedUrl);
    const loopback = new URL(asked.searchParams.get('redirect_uri')!);
    const forged = new URL(loopback);
    forged.searchParams.set('code', 'a'.repeat(43));
    forged.searchParams.set('state', 'the-attackers-own-state-0123456789');
    const attacker = await fetch(forged);
    expect(attacker.status).toBe(400);
    expect(await attacker.text()).toContain('does not belong to the sign-in Ringside is waiting for');
    const elsewhere = await fetch(new URL('/ringside/another-path', loopback));
    expect(elsewhere.status).toBe(404);

    const browser = new TestBrowser();
    const confirmation = await openConfirmation(browser, started.url, 'agent-at-idp');
    const pressed = await pressButton(browser, fixture.server.origin, confirmation.requestId, 'continue');
    await browser.request(new URL(pressed.body.location!));
    expect((await started.result).cookie).toMatch(/^ringside_session=/);
  });

  it('ends the sign-in with a sentence when the agent presses Cancel in the browser', async () => {
    const { started } = signIn();
    const browser = new TestBrowser();
    const confirmation = await openConfirmation(browser, started.url, 'agent-at-idp');
    // The agent is served since the first test's RemoteCore: the page names them as the PBX does too.
    const displayName = fixture.agents.servedIdentity(agent.username)!.displayName;
    expect(displayName).not.toBe(agent.username);
    expect(confirmation.page).toContain(
      `Sign in the Ringside desktop app on this computer as ${displayName} (${agent.username})?`,
    );
    const pressed = await pressButton(browser, fixture.server.origin, confirmation.requestId, 'cancel');
    const back = new URL(pressed.body.location!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
    const landed = await browser.request(back);
    expect(landed.text).toContain('The sign-in was cancelled in the browser.');
    const error = await rejection(started.result);
    expect(error.code).toBe('auth-failed');
    expect(error.message).toBe('The sign-in was cancelled in the browser.');
  });

  it('gives up after its time, and when cancelled, closing the listener', async () => {
    const late = signIn(fixture.server.origin, 300);
    const error = await rejection(late.started.result);
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      'The sign-in in the browser was not finished within 1 minute. Start it again.',
    );

    const stopped = signIn();
    const loopback = new URL(new URL(await stopped.openedUrl).searchParams.get('redirect_uri')!);
    stopped.started.cancel();
    expect((await rejection(stopped.started.result)).code).toBe('invalid-argument');
    await expect(fetch(loopback)).rejects.toThrow();
  });

  it('says to ask for an enrollment link when the server has no identity provider', async () => {
    const plain = await startTeamServerFixture();
    try {
      let opened = false;
      const started = startBrowserSignIn({
        serverUrl: plain.server.origin,
        openExternal: async () => void (opened = true),
      });
      const error = await rejection(started.result);
      expect(error.code).toBe('auth-failed');
      expect(error.message).toContain('Ask your administrator for an enrollment link.');
      expect(opened).toBe(false);
      const page = await new TestBrowser().request(new URL(started.url));
      expect(page.response.status).toBe(404);
      expect(page.text).toContain('Ask your administrator for an enrollment link.');
    } finally {
      await plain.close();
    }
  });

  it('says the server is unreachable when nothing answers at its address', async () => {
    const error = await rejection(signIn('http://127.0.0.1:9').started.result);
    expect(error.code).toBe('network-error');
  });
});
