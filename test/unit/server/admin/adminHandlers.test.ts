/**
 * The admin page's commands on the team server, over a real SessionStore and EnrollmentLinks in a temporary
 * identity file, wrapped by the policy as the server wraps them: an administrator lists and revokes sessions
 * and issues and cancels links; an ordinary agent is refused each, and nothing changes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminHandlers } from '../../../../src-main/server/admin/adminHandlers';
import { supervisorView } from '../../../../src-main/server/admin/supervisorView';
import { EnrollmentLinks } from '../../../../src-main/server/identity/enrollmentLinks';
import { guardCommands, type SignedInAgent } from '../../../../src-main/server/policy';
import type { CommandHandlers } from '../../../../src-main/shared/contract';
import { createTranslator } from '../../../../src-main/shared/i18n';
import { identityFixture, type IdentityFixture } from '../identity/identityFixture';
import { ADMIN, auditList, JANA, policyOf, refused, sessionOf } from '../policy/policyFixtures';

const PBX_USERS = new Map([
  ['jana.novakova', 'jana.novakova'],
  ['petr.admin', 'petr.admin'],
]);

let identity: IdentityFixture;
let enrollment: EnrollmentLinks;

beforeEach(() => {
  identity = identityFixture();
  enrollment = new EnrollmentLinks({
    db: identity.db,
    clock: identity.clock,
    sessions: identity.sessions,
    serverOrigin: 'https://ringside.example.com',
  });
});
afterEach(() => identity.dispose());

/** `agent` signed in on a session of their own: the guarded table the server binds to their socket. */
function signedIn(agent: SignedInAgent, device = 'Firefox on Linux') {
  const { session } = identity.sessions.create({ agent: agent.username, device, method: 'enrollment' });
  const caller = { ...agent, sessionId: session.id };
  const admin = adminHandlers({
    sessions: identity.sessions,
    enrollment,
    caller: { username: caller.username, sessionId: session.id, isAdmin: caller.isAdmin },
    findPbxUser: async (name) => {
      const username = PBX_USERS.get(name.toLowerCase());
      return username ? { username } : undefined;
    },
    supervisor: () =>
      supervisorView({
        sessions: identity.sessions,
        servedAgent: () => undefined,
        connected: () => false,
        queueBoard: { board: async () => ({ queues: [], readAt: null, problem: null }) },
      }),
    translator: () => createTranslator('en'),
  });
  const audit = auditList();
  const handlers = { ...sessionOf(caller).handlers, ...admin } as CommandHandlers;
  return { commands: guardCommands(handlers, caller, policyOf(), audit), audit, sessionId: session.id };
}

describe('admin commands for an administrator', () => {
  it('lists sessions with their public ids, never a token, and marks the own one', async () => {
    const jana = signedIn(JANA, 'Chrome on Windows');
    const admin = signedIn(ADMIN);
    const listed = await admin.commands['admin:sessions']();
    expect(listed.map((s) => [s.agent, s.device, s.method, s.current])).toEqual([
      ['jana.novakova', 'Chrome on Windows', 'enrollment', false],
      ['petr.admin', 'Firefox on Linux', 'enrollment', true],
    ]);
    expect(listed[0]!.id).toBe(jana.sessionId);
    expect(Object.keys(listed[0]!).sort()).toEqual(
      ['agent', 'createdAt', 'current', 'device', 'id', 'lastSeenAt', 'method'].sort(),
    );
    expect(await admin.commands['admin:access']()).toEqual({ teamServer: true, administrator: true });
  });

  it('revokes one session, all of an agent and all, and says when its own was among them', async () => {
    const jana1 = signedIn(JANA);
    signedIn(JANA, 'Safari on macOS');
    const admin = signedIn(ADMIN);
    const ended: string[] = [];
    identity.sessions.onEnded(({ session }) => ended.push(session.id));

    expect(await admin.commands['admin:revokeSession']({ id: jana1.sessionId })).toEqual({
      revoked: 1,
      includedOwn: false,
    });
    expect(ended).toEqual([jana1.sessionId]);
    expect(await admin.commands['admin:revokeSession']({ id: jana1.sessionId })).toEqual({
      revoked: 0,
      includedOwn: false,
    });
    expect(await admin.commands['admin:revokeAgent']({ username: ' jana.novakova ' })).toEqual({
      revoked: 1,
      includedOwn: false,
    });
    expect(identity.sessions.list().map((s) => s.agent)).toEqual(['petr.admin']);

    signedIn(JANA);
    expect(await admin.commands['admin:revokeAll']()).toEqual({ revoked: 2, includedOwn: true });
    expect(identity.sessions.list()).toEqual([]);
    expect(admin.audit.events.map((e) => e.kind === 'command' && [e.command, e.target, e.result])).toEqual([
      ['admin:revokeSession', { session: jana1.sessionId }, 'ok'],
      ['admin:revokeSession', { session: jana1.sessionId }, 'ok'],
      ['admin:revokeAgent', { username: 'jana.novakova' }, 'ok'],
      ['admin:revokeAll', { session: 'all' }, 'ok'],
    ]);
  });

  it('says so when it revokes its own session', async () => {
    const admin = signedIn(ADMIN);
    expect(await admin.commands['admin:revokeSession']({ id: admin.sessionId })).toEqual({
      revoked: 1,
      includedOwn: true,
    });
  });

  it('issues a link for a PBX user that signs a device in once, lists it while pending, and cancels', async () => {
    const admin = signedIn(ADMIN);
    const issued = await admin.commands['admin:issueEnrollment']({ username: 'Jana.Novakova' });
    expect(issued.url).toMatch(/^https:\/\/ringside\.example\.com\/enroll#[A-Za-z0-9_-]{43}$/);
    expect(issued.link).toMatchObject({ agent: 'jana.novakova', issuedBy: 'petr.admin' });
    expect(await admin.commands['admin:enrollments']()).toEqual([issued.link]);
    expect(JSON.stringify(await admin.commands['admin:enrollments']())).not.toContain(
      issued.url.split('#')[1],
    );

    const second = await admin.commands['admin:issueEnrollment']({ username: 'petr.admin' });
    expect(await admin.commands['admin:cancelEnrollment']({ id: second.link.id })).toEqual({
      cancelled: true,
    });
    expect(await admin.commands['admin:cancelEnrollment']({ id: second.link.id })).toEqual({
      cancelled: false,
    });
    expect(enrollment.redeem(second.url.split('#')[1], 'x')).toEqual({ ok: false, reason: 'unknown' });

    expect(enrollment.redeem(issued.url.split('#')[1], 'Chrome on Android')).toMatchObject({ ok: true });
    expect(await admin.commands['admin:enrollments']()).toEqual([]);
  });

  it('refuses a link for someone who is no PBX user, naming them, and issues nothing', async () => {
    const admin = signedIn(ADMIN);
    await expect(admin.commands['admin:issueEnrollment']({ username: 'mallory' })).rejects.toMatchObject({
      code: 'not-found',
      message: 'The PBX has no user mallory. Check the username; the link is issued for a PBX user only.',
    });
    expect(enrollment.pending()).toEqual([]);
    expect(admin.audit.events).toMatchObject([
      {
        command: 'admin:issueEnrollment',
        target: { username: 'mallory' },
        result: 'failed',
        error: 'not-found',
      },
    ]);
  });
});

describe('admin commands for an ordinary agent', () => {
  it('tells her she has no admin page', async () => {
    const jana = signedIn(JANA);
    expect(await jana.commands['admin:access']()).toEqual({ teamServer: true, administrator: false });
  });

  const attempts: [string, (c: CommandHandlers, own: string) => Promise<unknown>][] = [
    ['admin:sessions', (c) => c['admin:sessions']()],
    ['admin:revokeSession', (c, own) => c['admin:revokeSession']({ id: own })],
    ['admin:revokeAgent', (c) => c['admin:revokeAgent']({ username: 'petr.admin' })],
    ['admin:revokeAll', (c) => c['admin:revokeAll']()],
    ['admin:enrollments', (c) => c['admin:enrollments']()],
    ['admin:issueEnrollment', (c) => c['admin:issueEnrollment']({ username: 'jana.novakova' })],
    ['admin:cancelEnrollment', (c) => c['admin:cancelEnrollment']({ id: 'someLinkId' })],
    ['admin:supervisor', (c) => c['admin:supervisor']()],
  ];
  it.each(attempts)('refuses %s as forbidden, changing nothing', async (channel, attempt) => {
    const admin = signedIn(ADMIN);
    const pending = enrollment.issue('petr.admin', 'petr.admin').link;
    const jana = signedIn(JANA);
    const message = await refused((c) => attempt(c, jana.sessionId), jana.commands);
    expect(message).toMatch(
      /^Only an administrator can (manage sign-in sessions|manage enrollment links|see the supervisor view) on the team server\.$/,
    );
    expect(identity.sessions.list().map((s) => s.id)).toEqual([admin.sessionId, jana.sessionId]);
    expect(enrollment.pending()).toEqual([pending]);
    expect(jana.audit.events).toMatchObject([{ command: channel, result: 'forbidden', error: 'forbidden' }]);
  });
});
