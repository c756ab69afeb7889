/**
 * `monitorWhileSignedOut` from the configuration file to the agents: true (the default) keeps an agent's
 * session, and so their call monitor and history, while any of their sign-in sessions lives, socket open or
 * not; false keeps it only while one of their sockets is open, and makes it again at the next socket. Both
 * against the demo PBX over real HTTP.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoServerConfig } from '../../../src-main/server/config';
import { cookieSettingsFor } from '../../../src-main/server/identity/sessionCookies';
import { serverOptionsFrom } from '../../../src-main/server/serverOptions';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';
import { TestClient } from '../../conformance/helpers';
import { enrollByLink, openAgentSocket, type SignedInAgent } from './teamServerClient';
import { startTeamServerFixture, type TeamServerFixture } from './teamServerFixture';

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

let fixture: TeamServerFixture | undefined;

afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/** The demo's own agent, signed in by link (their page loaded), and a call rung to their phone. */
async function signedInAgent(monitorWhileSignedOut: boolean) {
  fixture = await startTeamServerFixture({ monitorWhileSignedOut });
  const { demo, server } = fixture;
  const { url } = server.enrollment.issue(demo.agent.username, 'test administrator');
  const browser = await enrollByLink(server.origin, url, cookieSettingsFor(server.origin).sessionName);
  const sim = new TestClient(demo);
  const ring = async () => {
    const answer = await sim.post('/_sim/calls/inbound', { to: demo.agent.phone, from: '+420 602 555 909' });
    return answer.body.data.uniqueid as string;
  };
  return { fixture, browser, ring, hangUp: (id: string) => sim.post(`/_sim/calls/${id}/hangup`) };
}

async function historyOf(origin: string, browser: SignedInAgent): Promise<string> {
  const socket = await openAgentSocket(origin, browser);
  const history = await socket.invoke('history:list', { filter: 'all' });
  socket.socket.close();
  await socket.closed;
  return JSON.stringify(history.value);
}

describe('monitorWhileSignedOut', { timeout: 40_000 }, () => {
  it('comes from the configuration file, true unless it says false', () => {
    const deps = { clock: systemClock, logger: silentLogger };
    const config = demoServerConfig('data');
    expect(serverOptionsFrom(config, {}, deps).monitorWhileSignedOut).toBe(true);
    const off = { ...config, monitorWhileSignedOut: false };
    expect(serverOptionsFrom(off, {}, deps).monitorWhileSignedOut).toBe(false);
  });

  it('true: follows the agent’s calls with no socket open, so their history has the call', async () => {
    const { fixture: server, browser, ring, hangUp } = await signedInAgent(true);
    const socket = await openAgentSocket(server.server.origin, browser);
    socket.socket.close();
    await socket.closed;
    expect(server.agents.count).toBe(1);
    const call = await ring();
    const served = await server.agents.find(server.demo.agent.username);
    await wait(async () => expect(JSON.stringify(await served!.commands['calls:list']())).toContain(call));
    await hangUp(call);
    await wait(async () => expect(await historyOf(server.server.origin, browser)).toContain(call));
  });

  it('false: runs the agent’s session only while one of their sockets is open, made again at the next', async () => {
    const { fixture: server, browser, ring, hangUp } = await signedInAgent(false);
    // Signed in, page loaded, no socket: nothing runs for them.
    expect(server.agents.count).toBe(0);
    const first = await openAgentSocket(server.server.origin, browser);
    const second = await openAgentSocket(server.server.origin, browser);
    await wait(() => expect(first.frames.some((frame) => frame.type === 'hello')).toBe(true));
    expect(server.agents.count).toBe(1);
    first.socket.close();
    await first.closed;
    // One socket still open: the session stays.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.agents.count).toBe(1);
    second.socket.close();
    await second.closed;
    await wait(() => expect(server.agents.count).toBe(0));

    // The next socket makes the session again, and it follows the agent's calls.
    const third = await openAgentSocket(server.server.origin, browser);
    await wait(() => expect(third.frames.some((frame) => frame.type === 'hello')).toBe(true));
    expect(server.agents.count).toBe(1);
    const followed = await ring();
    await wait(async () =>
      expect(JSON.stringify((await third.invoke('calls:list')).value)).toContain(followed),
    );
    await hangUp(followed);
  });
});
