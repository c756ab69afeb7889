/**
 * The team server end to end: two agents enrolled by link against the demo PBX, each with a WebSocket of
 * the browser host's protocol. Calls pop up only on the socket of the agent whose phone rang; an agent
 * acting on the other's phone or call is refused `forbidden` (and audited); sockets need a live session's
 * cookie, the server's own Origin and the page key; revoking a session closes its socket at once; the app's
 * page is only for a signed-in browser.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieSettingsFor } from '../../../src-main/server/identity/sessionCookies';
import { agentFolderName, AGENTS_FOLDER } from '../../../src-main/server/agents/agentFolder';
import { CLOSE_SIGNED_OUT, type ServerFrame } from '../../../src-main/shared/wsProtocol';
import { TestClient } from '../../conformance/helpers';
import {
  enrollByLink,
  openAgentSocket,
  upgradeStatus,
  type AgentSocket,
  type SignedInAgent,
} from './teamServerClient';
import { demoAgentsWithPhones } from './demoAgents';
import { startTeamServerFixture, TEST_PAGE, type TeamServerFixture } from './teamServerFixture';

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

interface DemoAgent {
  username: string;
  extension: string;
}

let fixture: TeamServerFixture;
let sim: TestClient;
let alice: DemoAgent;
let bob: DemoAgent;
let aliceBrowser: SignedInAgent;
let bobBrowser: SignedInAgent;
let aliceSocket: AgentSocket;
let bobSocket: AgentSocket;

/** Two demo users with registered phones of their own. */
function demoAgents(): [DemoAgent, DemoAgent] {
  const [first, second] = demoAgentsWithPhones(fixture.demo, 2);
  return [first!, second!];
}

const cookieName = () => cookieSettingsFor(fixture.server.origin).sessionName;

async function signIn(agent: DemoAgent): Promise<SignedInAgent> {
  const { url } = fixture.server.enrollment.issue(agent.username, 'test administrator');
  return enrollByLink(fixture.server.origin, url, cookieName());
}

async function ring(agent: DemoAgent, from: string): Promise<string> {
  const response = await sim.post('/_sim/calls/inbound', { to: { extension: agent.extension }, from });
  expect(response.body.success).toBe(true);
  return response.body.data.uniqueid as string;
}

const popsUp = (frames: ServerFrame[], uniqueid: string) =>
  frames.some(
    (frame) =>
      frame.type === 'event' &&
      frame.channel === 'screenpop:show' &&
      JSON.stringify(frame.payload).includes(uniqueid),
  );
const mentions = (frames: ServerFrame[], uniqueid: string) =>
  frames.some((frame) => frame.type === 'event' && JSON.stringify(frame.payload).includes(uniqueid));

beforeAll(async () => {
  fixture = await startTeamServerFixture();
  sim = new TestClient(fixture.demo);
  [alice, bob] = demoAgents();
  aliceBrowser = await signIn(alice);
  bobBrowser = await signIn(bob);
  aliceSocket = await openAgentSocket(fixture.server.origin, aliceBrowser);
  bobSocket = await openAgentSocket(fixture.server.origin, bobBrowser);
  await wait(() => expect(aliceSocket.frames.some((frame) => frame.type === 'hello')).toBe(true));
  await wait(() => expect(bobSocket.frames.some((frame) => frame.type === 'hello')).toBe(true));
}, 30_000);

afterAll(async () => {
  await fixture?.close();
});

describe('the team server', { timeout: 30_000 }, () => {
  it('pops a call up only on the socket of the agent whose phone rang', async () => {
    const toAlice = await ring(alice, '+420 602 555 101');
    await wait(() => expect(popsUp(aliceSocket.frames, toAlice)).toBe(true));
    const toBob = await ring(bob, '+420 602 555 202');
    await wait(() => expect(popsUp(bobSocket.frames, toBob)).toBe(true));
    expect(mentions(bobSocket.frames, toAlice)).toBe(false);
    expect(mentions(aliceSocket.frames, toBob)).toBe(false);
    // Each agent's own files, in a folder of their own, for them only.
    const folder = join(fixture.dataDirectory, AGENTS_FOLDER, agentFolderName(alice.username));
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const historyFile = readdirSync(folder).find((name) => /^history-.*\.sqlite$/.test(name));
    expect(historyFile).toBeDefined();
    expect(statSync(join(folder, historyFile!)).mode & 0o777).toBe(0o600);
    await sim.post(`/_sim/calls/${toAlice}/hangup`);
    await sim.post(`/_sim/calls/${toBob}/hangup`);
  });

  it("refuses an agent who acts on the other agent's call or phone, and audits it", async () => {
    const toBob = await ring(bob, '+420 602 555 303');
    await wait(() => expect(popsUp(bobSocket.frames, toBob)).toBe(true));

    const hangUp = await aliceSocket.invoke('calls:control', { uniqueid: toBob, action: 'hangup' });
    expect(hangUp.ok).toBe(false);
    expect(hangUp.error?.code).toBe('forbidden');
    expect(fixture.audit).toContainEqual(
      expect.objectContaining({ agent: alice.username, command: 'calls:control', result: 'forbidden' }),
    );
    // Bob's call rings on: nothing reached the PBX.
    const calls = await bobSocket.invoke('calls:list');
    expect(JSON.stringify(calls.value)).toContain(toBob);

    // Taking Bob's phone as her own through Settings is refused too.
    const view = (await aliceSocket.invoke('settings:get')).value as { settings: Record<string, unknown> };
    expect(view.settings.phone).toEqual({ extension: alice.extension });
    const save = await aliceSocket.invoke('settings:save', {
      settings: { ...view.settings, phone: { extension: bob.extension } },
    });
    expect(save.error?.code).toBe('forbidden');
    expect(fixture.audit).toContainEqual(
      expect.objectContaining({ agent: alice.username, command: 'settings:save', result: 'forbidden' }),
    );
    await sim.post(`/_sim/calls/${toBob}/hangup`);
  });

  it('refuses a WebSocket with a forged cookie, a revoked session or a foreign Origin', async () => {
    const { origin } = fixture.server;
    const forged = `${cookieName()}=${'A'.repeat(43)}`;
    expect(await upgradeStatus(origin, { cookie: forged, origin })).toBe(401);
    expect(await upgradeStatus(origin, { cookie: bobBrowser.cookie, origin: 'http://evil.example' })).toBe(
      403,
    );
    expect(await upgradeStatus(origin, { cookie: bobBrowser.cookie, origin })).toBe(101);

    // Bob signs in on a second device; that session is revoked, and its cookie opens no socket.
    const revoked = await signIn(bob);
    const newest = fixture.sessions
      .list(bob.username)
      .reduce((latest, candidate) => (candidate.createdAt >= latest.createdAt ? candidate : latest));
    fixture.sessions.revoke(newest.id);
    expect(await upgradeStatus(origin, { cookie: revoked.cookie, origin })).toBe(401);
    // Bob's other session goes on.
    expect((await bobSocket.invoke('connection:get')).ok).toBe(true);
  });

  it('refuses a socket whose first frame is not its page key', async () => {
    const impostor = await openAgentSocket(fixture.server.origin, {
      ...bobBrowser,
      pageKey: aliceBrowser.pageKey,
    });
    expect(await impostor.closed).toBe(CLOSE_SIGNED_OUT);
    expect(impostor.frames.some((frame) => frame.type === 'hello')).toBe(false);
  });

  it("follows an agent's calls while they are signed in with no socket open", async () => {
    bobSocket.socket.close();
    await bobSocket.closed;
    const toBob = await ring(bob, '+420 602 555 404');
    const served = await fixture.agents.find(bob.username);
    await wait(async () => expect(JSON.stringify(await served!.commands['calls:list']())).toContain(toBob));
    await sim.post(`/_sim/calls/${toBob}/hangup`);
    await wait(async () => {
      const history = await served!.commands['history:list']({ filter: 'all' });
      expect(history.items.map((item) => item.uniqueid)).toContain(toBob);
    });
    // Bob's next page sees the call in his history.
    bobSocket = await openAgentSocket(fixture.server.origin, bobBrowser);
    const history = await bobSocket.invoke('history:list', { filter: 'all' });
    expect(JSON.stringify(history.value)).toContain(toBob);
  });

  it('tells a signed-in person who is no PBX user why the app does not open', async () => {
    const { url } = fixture.server.enrollment.issue('no.such.agent', 'test administrator');
    const token = new URL(url).hash.slice(1);
    const { origin } = fixture.server;
    const enrolled = await fetch(`${origin}/auth/enroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ token }),
    });
    expect(enrolled.status).toBe(200);
    const cookie = enrolled.headers.getSetCookie()[0]!.split(';')[0]!;
    const page = await fetch(`${origin}/`, { headers: { cookie, 'accept-language': 'cs' } });
    expect(page.status).toBe(403);
    const text = await page.text();
    expect(text).toContain('no.such.agent');
    expect(text).not.toContain('ringside-page-key');
    expect(await upgradeStatus(origin, { cookie, origin })).toBe(403);
  });

  it("closes an agent's open socket at once when their session is revoked", async () => {
    const [session] = fixture.sessions.list(alice.username);
    fixture.sessions.revoke(session!.id);
    expect(await aliceSocket.closed).toBe(CLOSE_SIGNED_OUT);
    // With her last session gone, Alice's agent session is let go; Bob's stays.
    await wait(async () => expect(await fixture.agents.find(alice.username)).toBeUndefined());
    expect(await fixture.agents.find(bob.username)).toBeDefined();
  });

  it('serves the app only to a signed-in browser', async () => {
    const { origin } = fixture.server;
    const anonymous = await fetch(`${origin}/`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/enroll');
    expect(await anonymous.text()).not.toContain('app');
    const asset = await fetch(`${origin}/index.html`, { redirect: 'manual' });
    expect(asset.status).toBe(303);
    const direct = await fetch(`${origin}/favicon.svg`);
    expect(direct.status).toBe(401);

    const signedIn = await fetch(`${origin}/`, { headers: { cookie: bobBrowser.cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await signedIn.text();
    expect(html).toContain(bobBrowser.pageKey);
    expect(html).toContain(TEST_PAGE.slice(-30));
    expect(existsSync(join(fixture.dataDirectory, 'identity.sqlite'))).toBe(true);
  });
});
