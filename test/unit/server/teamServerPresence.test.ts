/**
 * Colleagues' presence end to end: a team server against the demo PBX over real HTTP with two agents
 * signed in by link, each with a WebSocket of the browser host's protocol. A call on Alice's phone reaches
 * Bob's socket as `presence:changed` (ringing, on a call, free again) from the polls of Alice's own phone;
 * Bob's `presence:list` lists Alice; pausing all her queues and resuming them reach Bob too; Alice signing
 * out tells Bob she is gone. The desktop app and the browser host (AppCore) say presence is not available.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieSettingsFor } from '../../../src-main/server/identity/sessionCookies';
import type {
  ColleaguePresence,
  PresenceChange,
  PresenceList,
  QueuesView,
} from '../../../src-main/shared/contract';
import type { ServerFrame } from '../../../src-main/shared/wsProtocol';
import { TestClient } from '../../conformance/helpers';
import { directoryCore } from '../app/directoryFixtures';
import { demoAgentsWithPhones, type DemoAgentUser } from './demoAgents';
import { enrollByLink, openAgentSocket, type AgentSocket } from './teamServerClient';
import { startTeamServerFixture, type TeamServerFixture } from './teamServerFixture';

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

let fixture: TeamServerFixture;
let sim: TestClient;
let alice: DemoAgentUser;
let bob: DemoAgentUser;
let aliceSocket: AgentSocket;
let bobSocket: AgentSocket;

async function signedInSocket(agent: DemoAgentUser): Promise<AgentSocket> {
  const { url } = fixture.server.enrollment.issue(agent.username, 'test administrator');
  const origin = fixture.server.origin;
  const browser = await enrollByLink(origin, url, cookieSettingsFor(origin).sessionName);
  const socket = await openAgentSocket(origin, browser);
  await wait(() => expect(socket.frames.some((frame) => frame.type === 'hello')).toBe(true));
  return socket;
}

/** Every `presence:changed` a socket heard, in order. */
const presenceChanges = (frames: ServerFrame[]): PresenceChange[] =>
  frames.flatMap((frame) =>
    frame.type === 'event' && frame.channel === 'presence:changed' ? [frame.payload as PresenceChange] : [],
  );

/** The states of `agent` that a socket was told, in order. */
const statesOf = (frames: ServerFrame[], agent: DemoAgentUser) =>
  presenceChanges(frames).flatMap((change) =>
    change.changed
      .filter((colleague) => colleague.userId === agent.userId)
      .map((colleague) => colleague.state),
  );

beforeAll(async () => {
  fixture = await startTeamServerFixture();
  sim = new TestClient(fixture.demo);
  [alice, bob] = demoAgentsWithPhones(fixture.demo, 2) as [DemoAgentUser, DemoAgentUser];
  aliceSocket = await signedInSocket(alice);
  bobSocket = await signedInSocket(bob);
}, 30_000);

afterAll(async () => {
  await fixture?.close();
});

describe("colleagues' presence on the team server", { timeout: 30_000 }, () => {
  it("lists both signed-in agents on either agent's presence:list", async () => {
    const answer = await bobSocket.invoke('presence:list');
    expect(answer.ok).toBe(true);
    const list = answer.value as PresenceList;
    expect(list.available).toBe(true);
    expect(list.colleagues).toEqual(
      expect.arrayContaining<ColleaguePresence>([
        expect.objectContaining({
          userId: alice.userId,
          username: alice.username,
          extension: alice.extension,
          state: 'free',
        }),
        expect.objectContaining({ userId: bob.userId, username: bob.username, extension: bob.extension }),
      ]),
    );
    expect(fixture.presence.list()).toEqual(list.colleagues);
  });

  it("tells Bob's socket that Alice's phone rings, that she answered, and that she is free again", async () => {
    const response = await sim.post('/_sim/calls/inbound', {
      to: { extension: alice.extension },
      from: '+420 602 555 101',
    });
    const uniqueid = response.body.data.uniqueid as string;
    await wait(() => expect(statesOf(bobSocket.frames, alice)).toEqual(['ringing']));

    expect((await aliceSocket.invoke('calls:control', { uniqueid, action: 'answer' })).ok).toBe(true);
    await wait(() => expect(statesOf(bobSocket.frames, alice)).toEqual(['ringing', 'busy']));
    const onCall = (await bobSocket.invoke('presence:list')).value as PresenceList;
    expect(onCall.colleagues.find((colleague) => colleague.userId === alice.userId)?.state).toBe('busy');

    await sim.post(`/_sim/calls/${uniqueid}/hangup`);
    await wait(() => expect(statesOf(bobSocket.frames, alice)).toEqual(['ringing', 'busy', 'free']));
    // Alice's own window hears it too; Bob's phone never changed, so nobody was told about him.
    expect(statesOf(aliceSocket.frames, alice)).toEqual(['ringing', 'busy', 'free']);
    expect(statesOf(bobSocket.frames, bob)).toEqual([]);
  });

  it('tells Bob that Alice paused all her queues, and that she resumed', async () => {
    const queues = (await aliceSocket.invoke('queues:refresh')).value as QueuesView;
    expect(queues.queues.length).toBeGreaterThan(0);
    const pausedOf = () =>
      presenceChanges(bobSocket.frames).flatMap((change) =>
        change.changed
          .filter((colleague) => colleague.userId === alice.userId)
          .map((colleague) => colleague.pausedInAllQueues),
      );
    const before = pausedOf().length;

    expect((await aliceSocket.invoke('queues:change', { action: 'pause-all' })).ok).toBe(true);
    await wait(() => expect(pausedOf().slice(before)).toEqual([true]));
    expect((await aliceSocket.invoke('queues:change', { action: 'resume-all' })).ok).toBe(true);
    await wait(() => expect(pausedOf().slice(before)).toEqual([true, false]));
  });

  it("tells Bob that Alice is gone when her agent's last session ends", async () => {
    fixture.sessions.revokeAgent(alice.username);
    await wait(() =>
      expect(presenceChanges(bobSocket.frames).some((change) => change.gone.includes(alice.userId))).toBe(
        true,
      ),
    );
    const list = (await bobSocket.invoke('presence:list')).value as PresenceList;
    expect(list.colleagues.map((colleague) => colleague.userId)).toEqual([bob.userId]);
  });
});

describe('presence on the desktop app and the browser host', () => {
  const cacheDirectory = mkdtempSync(join(tmpdir(), 'ringside-presence-desktop-'));
  const core = directoryCore(cacheDirectory, {});

  afterAll(async () => {
    await core.dispose();
    rmSync(cacheDirectory, { recursive: true, force: true });
  });

  it('is not available: nothing to show', async () => {
    expect(await core.commands['presence:list']()).toEqual({ available: false, colleagues: [] });
  });
});
