/**
 * The admin commands over the team server's real WebSockets against the demo PBX: an administrator issues a
 * link for a PBX user (a name the PBX does not know is refused), sees the sessions, and revoking one closes
 * that session's socket at once while the agent's other device stays signed in; the supervisor view lists
 * both signed-in agents and the demo PBX's queues; an ordinary agent's socket is refused every admin command
 * but `admin:access`, and the refusal is audited.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoPbx, type DemoPbx } from '../../../../src-main/demo-pbx';
import type { AdminSession, AdminSupervisorView } from '../../../../src-main/shared/contract';
import { cookieSettingsFor } from '../../../../src-main/server/identity/sessionCookies';
import { CLOSE_SIGNED_OUT } from '../../../../src-main/shared/wsProtocol';
import { enrollByLink, openAgentSocket, type AgentSocket } from '../teamServerClient';
import { startTeamServerFixture, type TeamServerFixture } from '../teamServerFixture';

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

let fixture: TeamServerFixture;
let admin: AgentSocket;
let agent: AgentSocket;
let agentName: string;
let adminName: string;

/** Two active demo users with a primary extension: the first administers. */
function demoUsers(demo: DemoPbx): [string, string] {
  const users = demo.sim.state.organisation
    .allUsers()
    .filter((user) => user.active && user.primary_extension !== null);
  return [users[0]!.username, users[1]!.username];
}

async function open(url: string): Promise<AgentSocket> {
  const origin = fixture.server.origin;
  const socket = await openAgentSocket(
    origin,
    await enrollByLink(origin, url, cookieSettingsFor(origin).sessionName),
  );
  await wait(() => expect(socket.frames.some((frame) => frame.type === 'hello')).toBe(true));
  return socket;
}

beforeAll(async () => {
  // The demo's seed is fixed: a demo PBX of the fixture's size names the users the fixture's will have.
  const probe = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  const [firstUser, other] = demoUsers(probe);
  adminName = firstUser;
  await probe.close();
  agentName = other;
  fixture = await startTeamServerFixture({ administrators: [adminName] });
  admin = await open(fixture.server.enrollment.issue(adminName, 'setup').url);
  agent = await open(fixture.server.enrollment.issue(agentName, 'setup').url);
}, 60_000);

afterAll(async () => {
  await fixture?.close();
});

describe('administration over the team server', { timeout: 30_000 }, () => {
  it('tells each socket whether it has the admin page', async () => {
    expect(await admin.invoke('admin:access')).toEqual({
      ok: true,
      value: { teamServer: true, administrator: true },
    });
    expect(await agent.invoke('admin:access')).toEqual({
      ok: true,
      value: { teamServer: true, administrator: false },
    });
  });

  it("refuses an ordinary agent's socket every admin command", async () => {
    for (const [channel, args] of [
      ['admin:sessions', undefined],
      ['admin:revokeAll', undefined],
      ['admin:issueEnrollment', { username: agentName }],
    ] as const) {
      expect(await agent.invoke(channel, args)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(fixture.sessions.list()).toHaveLength(2);
  });

  it('shows an administrator the supervisor view: both signed-in agents and every queue of the PBX', async () => {
    const answer = await admin.invoke('admin:supervisor');
    expect(answer.ok).toBe(true);
    const view = answer.value as AdminSupervisorView;
    const organisation = fixture.demo.sim.state.organisation;
    const expected = [adminName, agentName].sort().map((username) => {
      const user = organisation.allUsers().find((candidate) => candidate.username === username)!;
      return {
        username,
        displayName: user.displayname,
        extension: organisation.phoneOfUser(user.id)?.extension ?? null,
        devices: 1,
        connected: true,
      };
    });
    expect(view.agents.map(({ presence: _presence, ...agent }) => agent)).toEqual(expected);
    expect(view.board.problem).toBeNull();
    expect(view.board.queues.map((queue) => queue.id).sort()).toEqual([...organisation.queues.keys()].sort());
  });

  it('refuses an ordinary agent the supervisor view, and audits the refusal', async () => {
    expect(await agent.invoke('admin:supervisor')).toMatchObject({
      ok: false,
      error: {
        code: 'forbidden',
        // In the agent's language: this demo user's PBX locale is Czech.
        message: 'Na týmovém serveru může jen správce zobrazit přehled supervizora.',
      },
    });
    expect(fixture.audit).toContainEqual(
      expect.objectContaining({ agent: agentName, command: 'admin:supervisor', result: 'forbidden' }),
    );
  });

  it('refuses a link for a name the PBX does not know', async () => {
    expect(await admin.invoke('admin:issueEnrollment', { username: 'no.such.agent' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it("revoking a session closes that device's socket at once, and only that one", async () => {
    const issued = await admin.invoke('admin:issueEnrollment', { username: agentName.toUpperCase() });
    expect(issued).toMatchObject({ ok: true, value: { link: { agent: agentName } } });
    const secondDevice = await open((issued.value as { url: string }).url);

    const listed = (await admin.invoke('admin:sessions')).value as AdminSession[];
    expect(listed.filter((session) => session.agent === agentName)).toHaveLength(2);
    const newest = listed.filter((session) => session.agent === agentName).at(-1)!;

    expect(await admin.invoke('admin:revokeSession', { id: newest.id })).toEqual({
      ok: true,
      value: { revoked: 1, includedOwn: false },
    });
    expect(await secondDevice.closed).toBe(CLOSE_SIGNED_OUT);
    expect(await agent.invoke('admin:access')).toMatchObject({ ok: true });
    await wait(() =>
      expect(fixture.audit).toContainEqual(
        expect.objectContaining({
          command: 'admin:revokeSession',
          target: { session: newest.id },
          result: 'ok',
        }),
      ),
    );
  });
});
