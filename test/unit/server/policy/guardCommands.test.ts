/**
 * The team server's per-command policy, as an attacker signed in as an ordinary agent would probe it: other
 * agents' phones and calls, other queues, PBX-wide settings, contacts outside their group. Each attempt must
 * be refused with `forbidden`, worded in the agent's language, never reach the session, and be in the audit
 * log. What agents and administrators may do is in guardAllows.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { CommandChannel } from '../../../../src-main/shared/contract';
import {
  COLLEAGUES_CALL,
  COLLEAGUES_QUEUE,
  JANA,
  LIVE_CALL,
  PERSON_IN_OTHER_GROUP,
  PERSON_IN_OWN_GROUP,
  PERSON_WITHOUT_GROUP,
  refused,
  sessionOf,
  settingsWith,
  signIn,
  type Attempt,
} from './policyFixtures';

describe('guardCommands: what an ordinary agent is refused', () => {
  const attacks: { name: string; command: CommandChannel; attempt: Attempt; says: RegExp }[] = [
    {
      name: "hanging up a call on a colleague's phone",
      command: 'calls:control',
      attempt: (c) => c['calls:control']({ uniqueid: COLLEAGUES_CALL, action: 'hangup' }),
      says: /only control calls on your own phone \(line 1002\); call 1733400000\.202 is not on it/,
    },
    {
      name: "answering a colleague's ringing call",
      command: 'calls:control',
      attempt: (c) => c['calls:control']({ uniqueid: COLLEAGUES_CALL, action: 'answer' }),
      says: /own phone \(line 1002\)/,
    },
    {
      name: 'opening the review of a call that is not hers (pasted id)',
      command: 'review:open',
      attempt: (c) => c['review:open']({ uniqueid: ` ${COLLEAGUES_CALL} ` }),
      says: /Call 1733400000\.202 is not one of your calls.*line 1002/,
    },
    {
      name: "fetching the review of a colleague's call",
      command: 'review:get',
      attempt: (c) => c['review:get']({ uniqueid: COLLEAGUES_CALL, refresh: true }),
      says: /not one of your calls/,
    },
    {
      name: "writing a wrap-up (the call's metadata on the PBX) onto a colleague's call",
      command: 'wrapup:save',
      attempt: (c) =>
        c['wrapup:save']({ uniqueid: COLLEAGUES_CALL, disposition: null, note: 'x', followUp: false }),
      says: /not one of your calls/,
    },
    {
      name: "reading a colleague's call data",
      command: 'calls:context',
      attempt: (c) => c['calls:context']({ uniqueid: COLLEAGUES_CALL }),
      says: /not one of your calls/,
    },
    {
      name: 'pausing a queue she is not a member of',
      command: 'queues:change',
      attempt: (c) => c['queues:change']({ action: 'pause', queueId: COLLEAGUES_QUEUE }),
      says: /not a member of queue 9/,
    },
    {
      name: "removing herself from… a queue she is not in (a colleague's membership by id)",
      command: 'queues:change',
      attempt: (c) => c['queues:change']({ action: 'leave', queueId: COLLEAGUES_QUEUE }),
      says: /not a member of queue 9/,
    },
    {
      name: "moving her session to a colleague's phone",
      command: 'settings:save',
      attempt: (c) => c['settings:save'](settingsWith(sessionOf(JANA), { phone: { extension: '1003' } })),
      says: /Only an administrator can change these on the team server: your phone\./,
    },
    {
      name: 'signing in as someone else through Settings',
      command: 'settings:save',
      attempt: (c) => c['settings:save'](settingsWith(sessionOf(JANA), { agentUsername: 'boss' })),
      says: /: agent username\./,
    },
    {
      name: 'pointing the server at another PBX, with a new secret',
      command: 'settings:save',
      attempt: (c) =>
        c['settings:save']({
          ...settingsWith(sessionOf(JANA), { baseUrl: 'https://evil.example', clientId: 'x' }),
          secret: 'stolen-secret-value',
        }),
      says: /: PBX URL, client id, and client secret\./,
    },
    {
      name: 'turning on joining queues, which her supervisors decide',
      command: 'settings:save',
      attempt: (c) => c['settings:save'](settingsWith(sessionOf(JANA), { queueJoinLeave: true })),
      says: /: joining and leaving queues\./,
    },
    {
      name: 'testing a connection to her own server with the stored secret',
      command: 'connection:test',
      attempt: (c) => c['connection:test']({ baseUrl: 'https://evil.example', clientId: 'ringside' }),
      says: /Only an administrator can test a PBX connection on the team server/,
    },
    {
      name: "listing another PBX's phones with the stored secret",
      command: 'directory:phones',
      attempt: (c) =>
        c['directory:phones']({ connection: { baseUrl: 'https://evil.example', clientId: 'ringside' } }),
      says: /list the phones of another PBX connection/,
    },
    {
      name: 'looking up PBX users',
      command: 'users:check',
      attempt: (c) => c['users:check']({ username: 'boss' }),
      says: /look up PBX users/,
    },
    {
      name: "stopping everyone's directory sync",
      command: 'sync:cancel',
      attempt: (c) => c['sync:cancel'](),
      says: /stop the directory sync/,
    },
    {
      name: 'editing a person of another group',
      command: 'directory:updateContacts',
      attempt: (c) => c['directory:updateContacts']({ id: PERSON_IN_OTHER_GROUP, contacts: [] }),
      says: /own group \(group 3\); person 200 is in group 4/,
    },
    {
      name: 'editing a person the PBX puts in no group',
      command: 'directory:updateContacts',
      attempt: (c) => c['directory:updateContacts']({ id: PERSON_WITHOUT_GROUP, contacts: [] }),
      says: /does not place person 300 in it/,
    },
    {
      name: 'creating a person in another group',
      command: 'directory:createPerson',
      attempt: (c) =>
        c['directory:createPerson']({ firstname: 'A', lastname: 'B', contacts: [], groupId: 4 }),
      says: /go to your own group \(group 3\), not to group 4/,
    },
    {
      name: "deleting the server's data as if it were her laptop",
      command: 'privacy:clear',
      attempt: (c) => c['privacy:clear']({ unsentWrapUps: 0 }),
      says: /Clearing local data is for Ringside on your own computer/,
    },
  ];

  it.each(attacks)('$name: refused, worded, never run, logged', async ({ command, attempt, says }) => {
    const { commands, session, audit } = signIn();
    expect(await refused(attempt, commands)).toMatch(says);
    expect(session.ran).toEqual([]);
    expect(audit.events).toEqual([
      expect.objectContaining({
        kind: 'command',
        agent: 'jana.novakova',
        sessionId: 'session-jana',
        command,
        result: 'forbidden',
        error: 'forbidden',
      }),
    ]);
  });

  it('names the call, the phone and the action of a refused hang-up in the log', async () => {
    const { commands, audit } = signIn();
    await refused((c) => c['calls:control']({ uniqueid: COLLEAGUES_CALL, action: 'hangup' }), commands);
    expect(audit.events[0]).toMatchObject({
      target: { phone: '1002', call: COLLEAGUES_CALL, action: 'hangup' },
    });
  });

  it('keeps the secret and the values of refused settings out of the log', async () => {
    const { commands, audit } = signIn();
    await refused(
      (c) =>
        c['settings:save']({
          ...settingsWith(sessionOf(JANA), { baseUrl: 'https://evil.example/api' }),
          secret: 'stolen-secret-value',
        }),
      commands,
    );
    const logged = JSON.stringify(audit.events);
    expect(logged).not.toContain('stolen-secret-value');
    expect(logged).not.toContain('evil.example');
    expect(audit.events[0]).toMatchObject({ target: { settings: ['baseUrl'] } });
  });

  it('refuses every contact edit when the server turns them off, her own group too', async () => {
    const { commands, session } = signIn(JANA, { crmEdits: 'none' });
    expect(
      await refused(
        (c) => c['directory:updateContacts']({ id: PERSON_IN_OWN_GROUP, contacts: [] }),
        commands,
      ),
    ).toBe('Editing contacts is turned off on the team server.');
    await refused(
      (c) => c['directory:createPerson']({ firstname: 'A', lastname: 'B', contacts: [] }),
      commands,
    );
    expect(session.ran).toEqual([]);
  });

  it('refuses to dial from a session that is not on her phone', async () => {
    const { commands, session } = signIn(JANA, { sessionPhone: { extension: '1003' } });
    expect(
      await refused((c) => c['calls:dial']({ number: '+420 601 234 567', source: 'dialpad' }), commands),
    ).toMatch(/not set to your own phone \(line 1002\)/);
    await refused((c) => c['calls:control']({ uniqueid: LIVE_CALL, action: 'hangup' }), commands);
    expect(session.ran).toEqual([]);
  });

  it('refuses to dial for an agent the PBX gives no phone', async () => {
    const { commands } = signIn({ ...JANA, phone: null }, { sessionPhone: null });
    expect(await refused((c) => c['calls:dial']({ number: '201', source: 'dialpad' }), commands)).toMatch(
      /gives you no phone/,
    );
  });

  it('words the refusal in her language', async () => {
    const czech = signIn(JANA, { locale: 'cs' });
    expect(
      await refused(
        (c) => c['calls:control']({ uniqueid: COLLEAGUES_CALL, action: 'hangup' }),
        czech.commands,
      ),
    ).toBe('Hovory můžete ovládat jen na svém telefonu (linka 1002); hovor 1733400000.202 na něm není.');
    const slovak = signIn(JANA, { locale: 'sk' });
    expect(
      await refused(
        (c) => c['settings:save'](settingsWith(slovak.session, { phone: null })),
        slovak.commands,
      ),
    ).toBe('Na tímovom serveri môže tieto nastavenia zmeniť len správca: váš telefón.');
  });
});
