/**
 * The supervisor view over a real SessionStore in a temporary identity file, through the guarded
 * `admin:supervisor` command as the server binds it: each signed-in agent once with their devices, whether
 * the app is open, who they are on the PBX, and their presence from a presence board (a small one here);
 * presence unknown without a board; and the agents still listed when the PBX cannot be read.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotConnected } from '../../../../src-main/app/connection/connectionManager';
import { adminHandlers } from '../../../../src-main/server/admin/adminHandlers';
import { SupervisorQueueBoard } from '../../../../src-main/server/admin/supervisorQueueBoard';
import { supervisorView, type SupervisorViewDeps } from '../../../../src-main/server/admin/supervisorView';
import type { ResolvedAgent } from '../../../../src-main/server/agents/resolveAgent';
import { EnrollmentLinks } from '../../../../src-main/server/identity/enrollmentLinks';
import type { PresenceSource } from '../../../../src-main/server/presence/presenceSource';
import { guardCommands } from '../../../../src-main/server/policy';
import type { CommandHandlers } from '../../../../src-main/shared/contract';
import type { ColleaguePresence, PresenceChange } from '../../../../src-main/shared/contract/presence';
import { createTranslator } from '../../../../src-main/shared/i18n';
import { identityFixture, type IdentityFixture } from '../identity/identityFixture';
import { ADMIN, auditList, policyOf, sessionOf } from '../policy/policyFixtures';

const JANA: ResolvedAgent = {
  username: 'jana.novakova',
  displayName: 'Jana Nováková',
  userId: 7,
  groupId: 3,
  phone: { extension: '1002' },
  isAdmin: false,
};

/** The presence board as the interface promises it: a list now, and changes to whoever listens. */
class PresenceBoard implements PresenceSource {
  private readonly colleagues = new Map<number, ColleaguePresence>();
  private readonly listeners = new Set<(change: PresenceChange) => void>();

  set(colleague: ColleaguePresence): void {
    this.colleagues.set(colleague.userId, colleague);
    for (const listener of this.listeners) listener({ changed: [colleague], gone: [] });
  }

  list(): ColleaguePresence[] {
    return [...this.colleagues.values()].sort((a, b) => a.username.localeCompare(b.username));
  }

  subscribe(listener: (change: PresenceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

let identity: IdentityFixture;
let board: SupervisorQueueBoard;
let pbxConnected: boolean;

beforeEach(() => {
  identity = identityFixture();
  pbxConnected = true;
  board = new SupervisorQueueBoard({
    clock: identity.clock,
    read: async () => {
      if (!pbxConnected) throw new NotConnected();
      return { at: identity.clock.now(), queues: new Map(), details: new Map(), complete: true };
    },
  });
});
afterEach(() => identity.dispose());

function signIn(agent: string, device = 'Firefox on Linux'): string {
  return identity.sessions.create({ agent, device, method: 'enrollment' }).session.id;
}

/** The administrator's guarded command table, as the server binds it to their socket. */
function administrator(deps: Partial<SupervisorViewDeps>) {
  const sessionId = signIn(ADMIN.username);
  const caller = { ...ADMIN, sessionId };
  const admin = adminHandlers({
    sessions: identity.sessions,
    enrollment: new EnrollmentLinks({
      db: identity.db,
      clock: identity.clock,
      sessions: identity.sessions,
      serverOrigin: 'https://ringside.example.com',
    }),
    caller: { username: ADMIN.username, sessionId, isAdmin: true },
    findPbxUser: async () => undefined,
    supervisor: () =>
      supervisorView({
        sessions: identity.sessions,
        servedAgent: (username) => (username === JANA.username ? JANA : undefined),
        connected: () => false,
        queueBoard: board,
        ...deps,
      }),
    translator: () => createTranslator('en'),
  });
  const handlers = { ...sessionOf(caller).handlers, ...admin } as CommandHandlers;
  return { commands: guardCommands(handlers, caller, policyOf(), auditList()), sessionId };
}

describe('the supervisor view', () => {
  it('lists each signed-in agent once, with devices, the open app and their presence', async () => {
    const presence = new PresenceBoard();
    const janaLaptop = signIn('jana.novakova', 'Chrome on Windows');
    signIn('Jana.Novakova', 'Safari on iOS');
    const { commands } = administrator({ presence, connected: (id) => id === janaLaptop });
    presence.set({
      userId: 7,
      username: 'jana.novakova',
      extension: '1002',
      state: 'busy',
      pausedInAllQueues: true,
      since: 1_700_000_000_000,
    });

    const view = await commands['admin:supervisor']();
    expect(view.presenceKnown).toBe(true);
    expect(view.agents).toEqual([
      {
        username: 'jana.novakova',
        displayName: 'Jana Nováková',
        extension: '1002',
        devices: 2,
        connected: true,
        presence: { state: 'busy', pausedInAllQueues: true, since: 1_700_000_000_000 },
      },
      {
        username: 'petr.admin',
        // Not served yet: known by the username only.
        displayName: 'petr.admin',
        extension: null,
        devices: 1,
        connected: false,
        presence: null,
      },
    ]);
    expect(view.board).toEqual({ queues: [], readAt: identity.clock.now(), problem: null });
  });

  it('takes the extension from the presence board when the server has not resolved the agent', async () => {
    const presence = new PresenceBoard();
    signIn('eva.mala');
    presence.set({
      userId: 9,
      username: 'eva.mala',
      extension: '1009',
      state: 'ringing',
      pausedInAllQueues: false,
      since: 5,
    });
    const view = await administrator({ presence }).commands['admin:supervisor']();
    expect(view.agents.find((agent) => agent.username === 'eva.mala')).toMatchObject({
      extension: '1009',
      presence: { state: 'ringing', pausedInAllQueues: false, since: 5 },
    });
  });

  it('shows presence as unknown on a server without a presence board', async () => {
    signIn('jana.novakova');
    const view = await administrator({}).commands['admin:supervisor']();
    expect(view.presenceKnown).toBe(false);
    expect(view.agents.map((agent) => agent.presence)).toEqual([null, null]);
  });

  it('still lists the agents when the PBX cannot be read, with the reason on the board', async () => {
    signIn('jana.novakova');
    pbxConnected = false;
    const view = await administrator({}).commands['admin:supervisor']();
    expect(view.agents.map((agent) => agent.username)).toEqual(['jana.novakova', 'petr.admin']);
    expect(view.board).toMatchObject({
      queues: [],
      readAt: null,
      problem: { code: 'not-configured', message: expect.stringMatching(/./) },
    });
  });
});
