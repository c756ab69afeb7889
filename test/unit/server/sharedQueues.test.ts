/**
 * One queue reading for every agent of a team server, counted at the demo PBX by route: `GET /queues` per
 * interval is the same with one agent watching their queues as with five; each `GET /queue/{id}` once per
 * reading whoever wants it; agents asking together share one read of the membership listing, and an agent's
 * pause shows in their own membership at once; a failing reading reaches every agent as their board's
 * problem and the poll goes on.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieSettingsFor } from '../../../src-main/server/identity/sessionCookies';
import type { QueuesView } from '../../../src-main/shared/contract';
import { TestClient } from '../../conformance/helpers';
import { enrollByLink, openAgentSocket, type AgentSocket } from './teamServerClient';
import { startTeamServerFixture, type TeamServerFixture } from './teamServerFixture';

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 25 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const EVERY_MS = 400;
const WINDOW_MS = 4000;
const QUEUES = 'GET /api/v1.0/queues';
const DETAIL = 'GET /api/v1.0/queue/:queue_id';
const MEMBERSHIP = 'GET /api/v1.0/queues/agents';

let fixture: TeamServerFixture;
let sim: TestClient;
const sockets: AgentSocket[] = [];
let usernames: string[];
/** The inbound queue every agent of the test serves (active), with callers waiting in it. */
let sharedQueue: number;

/** Five active demo users who serve the same active inbound queue without a pause. */
function queueAgents(): { usernames: string[]; queueId: number } {
  const organisation = fixture.demo.sim.state.organisation;
  for (const queue of organisation.queues.values()) {
    if (queue.type !== 1) continue;
    const members = organisation
      .membersOf(queue.id)
      .filter(({ userId, membership }) => !membership.suspended && organisation.user(userId)?.active)
      .map(({ userId }) => organisation.user(userId)!.username);
    if (members.length >= 5) return { usernames: members.slice(0, 5), queueId: queue.id };
  }
  throw new Error('the demo seed has no inbound queue with five active members');
}

async function signIn(username: string): Promise<AgentSocket> {
  const { url } = fixture.server.enrollment.issue(username, 'test administrator');
  const cookieName = cookieSettingsFor(fixture.server.origin).sessionName;
  const browser = await enrollByLink(fixture.server.origin, url, cookieName);
  const socket = await openAgentSocket(fixture.server.origin, browser);
  await wait(() => expect(socket.frames.some((frame) => frame.type === 'hello')).toBe(true));
  return socket;
}

/** The PBX's answers to `route` during one window, once `watching` agents' queue watches run. */
async function perWindow(watching: number, route: string): Promise<number> {
  await wait(() => expect(fixture.sharedQueues.readings.subscriberCount).toBe(watching));
  // One interval to settle (the watches just started read at once), then the window.
  await sleep(EVERY_MS);
  const before = fixture.demo.sim.requests.of(route);
  await sleep(WINDOW_MS);
  return fixture.demo.sim.requests.of(route) - before;
}

const boardProblems = (socket: AgentSocket) =>
  socket.frames.flatMap((frame) =>
    frame.type === 'event' && frame.channel === 'queueBoard:changed'
      ? [(frame.payload as { problem: { code: string } | null }).problem]
      : [],
  );

beforeAll(async () => {
  fixture = await startTeamServerFixture({ queuePoll: { everyMs: EVERY_MS, jitter: 0, freshMs: 300 } });
  sim = new TestClient(fixture.demo);
  ({ usernames, queueId: sharedQueue } = queueAgents());
  await sim.post(`/_sim/queues/${sharedQueue}/waiting`, { count: 2, waited_s: 30 });
}, 30_000);

afterAll(async () => {
  await fixture?.close();
});

describe('one queue reading for every agent', { timeout: 60_000 }, () => {
  it('reads GET /queues as often for five agents as for one, and each queue’s detail once per reading', async () => {
    sockets.push(await signIn(usernames[0]!));
    const alone = await perWindow(1, QUEUES);
    // The schedule itself: one reading per interval.
    expect(alone).toBeGreaterThanOrEqual(WINDOW_MS / EVERY_MS - 2);
    expect(alone).toBeLessThanOrEqual(WINDOW_MS / EVERY_MS + 1);

    for (const username of usernames.slice(1)) sockets.push(await signIn(username));
    const detailsBefore = fixture.demo.sim.requests.of(DETAIL);
    const together = await perWindow(5, QUEUES);
    expect(Math.abs(together - alone)).toBeLessThanOrEqual(1);
    // Five agents want the detail of the queue callers wait in: it is read once per reading, not five times.
    const details = fixture.demo.sim.requests.of(DETAIL) - detailsBefore;
    expect(details).toBeGreaterThan(0);
    expect(details).toBeLessThanOrEqual(together + 2);
    // And every agent hears the readings: the callers waiting in their queue.
    for (const socket of sockets) {
      await wait(async () => {
        const view = (await socket.invoke('queues:get')).value as QueuesView;
        expect(view.waiting).toBeGreaterThanOrEqual(2);
      });
    }
  });

  it('shares the membership listing, and shows an agent’s pause in their own membership at once', async () => {
    const [first, second] = sockets;
    // Agents asking together share one read of the listing (every user's at once).
    const asked = fixture.demo.sim.requests.of(MEMBERSHIP);
    await Promise.all(sockets.map((socket) => socket.invoke('queues:refresh')));
    expect(fixture.demo.sim.requests.of(MEMBERSHIP) - asked).toBeLessThanOrEqual(1);

    const paused = await first!.invoke('queues:change', { action: 'pause', queueId: sharedQueue });
    expect(paused.ok).toBe(true);
    const { view } = paused.value as { view: QueuesView };
    expect(view.queues.find((queue) => queue.id === sharedQueue)?.paused).toBe(true);
    expect(((await first!.invoke('queues:get')).value as QueuesView).queues).toContainEqual(
      expect.objectContaining({ id: sharedQueue, paused: true }),
    );
    // The colleague's membership is theirs alone: still serving the queue.
    const colleague = (await second!.invoke('queues:refresh')).value as QueuesView;
    expect(colleague.queues).toContainEqual(expect.objectContaining({ id: sharedQueue, paused: false }));
    await first!.invoke('queues:change', { action: 'resume', queueId: sharedQueue });
  });

  it('tells every agent a failing reading as their board’s problem, and polls on', async () => {
    for (const socket of sockets) await socket.invoke('queueBoard:get');
    await sim.post('/_sim/outage', { seconds: 60, mode: '503' });
    for (const socket of sockets) {
      await wait(() => expect(boardProblems(socket).at(-1)?.code).toBeTruthy());
    }
    const codes = new Set(sockets.map((socket) => boardProblems(socket).at(-1)!.code));
    expect(codes.size).toBe(1);
    // The poll goes on through the outage…
    const during = fixture.demo.sim.requests.of(QUEUES);
    await sleep(3 * EVERY_MS);
    expect(fixture.demo.sim.requests.of(QUEUES)).toBeGreaterThan(during);
    // …and its readings reach everyone again once the PBX answers.
    await sim.post('/_sim/outage', { seconds: 0, mode: '503' });
    for (const socket of sockets) {
      await wait(() => expect(boardProblems(socket).at(-1)).toBeNull());
    }
  });
});
