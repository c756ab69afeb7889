/**
 * The team server's per-command policy, as an attacker signed in as an ordinary agent would probe it: other
 * agents' phones and calls, other queues, PBX-wide settings, contacts outside their group. Each attempt must
 * be refused with `forbidden`, worded in the agent's language, never reach the session, and be in the audit
 * log; an administrator may do what the policy keeps from agents.
 */
import { describe, expect, it } from 'vitest';
import {
  commandTable,
  type CommandChannel,
  type CommandHandlers,
} from '../../../../src-main/shared/contract';
import { COMMAND_RULES, guardCommands, type SignedInAgent } from '../../../../src-main/server/policy';
import type { CrmEditPolicy } from '../../../../src-main/server/policy';
import type { Locale } from '../../../../src-main/shared/i18n';
import {
  ADMIN,
  auditList,
  COLLEAGUES_CALL,
  COLLEAGUES_QUEUE,
  HISTORY_CALL,
  JANA,
  LIVE_CALL,
  OWN_QUEUE,
  PERSON_IN_OTHER_GROUP,
  PERSON_IN_OWN_GROUP,
  PERSON_WITHOUT_GROUP,
  policyOf,
  sessionOf,
} from './policyFixtures';

function signIn(
  agent: SignedInAgent = JANA,
  options: { crmEdits?: CrmEditPolicy; locale?: Locale; sessionPhone?: SignedInAgent['phone'] } = {},
) {
  const session = sessionOf(agent, options.sessionPhone === undefined ? agent.phone : options.sessionPhone);
  const audit = auditList();
  const commands = guardCommands(session.handlers, agent, policyOf(options.crmEdits, options.locale), audit);
  return { commands, session, audit };
}

type Attempt = (commands: CommandHandlers) => Promise<unknown>;

/** Runs the attempt and expects the policy's refusal; returns its message. */
async function refused(attempt: Attempt, commands: CommandHandlers): Promise<string> {
  const error: unknown = await attempt(commands).then(
    () => {
      throw new Error('the command was allowed');
    },
    (failure: unknown) => failure,
  );
  expect(error).toMatchObject({ code: 'forbidden' });
  return (error as Error).message;
}

const settingsWith = (session: ReturnType<typeof sessionOf>, change: object) => ({
  settings: { ...session.settings, ...change },
});

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

describe('guardCommands: what she may do', () => {
  it('controls the call on her own phone and dials from it, each logged with its target', async () => {
    const { commands, session, audit } = signIn();
    await commands['calls:control']({ uniqueid: LIVE_CALL, action: 'hold' });
    await commands['calls:dial']({ number: '+420 601 234 567', source: 'dialpad' });
    expect(session.ran).toEqual(['calls:control', 'calls:dial']);
    expect(audit.events).toEqual([
      expect.objectContaining({
        command: 'calls:control',
        result: 'ok',
        target: { phone: '1002', call: LIVE_CALL, action: 'hold' },
      }),
      expect.objectContaining({
        command: 'calls:dial',
        result: 'ok',
        target: { phone: '1002', number: '…567' },
      }),
    ]);
  });

  it('reviews and wraps up her own calls, from her history or on her phone now', async () => {
    const { commands, session } = signIn();
    await commands['review:open']({ uniqueid: HISTORY_CALL });
    await commands['review:get']({ uniqueid: LIVE_CALL });
    await commands['wrapup:save']({ uniqueid: HISTORY_CALL, disposition: null, note: '', followUp: true });
    expect(session.ran).toEqual(['review:open', 'review:get', 'wrapup:save']);
  });

  it('pauses her own queue, joins one and pauses all', async () => {
    const { commands, session, audit } = signIn();
    await commands['queues:change']({ action: 'pause', queueId: OWN_QUEUE });
    await commands['queues:change']({ action: 'join', queueId: COLLEAGUES_QUEUE });
    await commands['queues:change']({ action: 'pause-all' });
    expect(session.ran).toEqual(['queues:change', 'queues:change', 'queues:change']);
    expect(audit.events.map((event) => event.kind === 'command' && event.target)).toEqual([
      { queue: OWN_QUEUE, action: 'pause' },
      { queue: COLLEAGUES_QUEUE, action: 'join' },
      { queue: 'all', action: 'pause-all' },
    ]);
  });

  it('changes her personal preferences; the log names the fields, not their values', async () => {
    const { commands, session, audit } = signIn();
    await commands['settings:save'](
      settingsWith(session, {
        language: 'cs',
        ringSound: true,
        crmCallUrl: 'https://crm.example/{uniqueid}',
      }),
    );
    expect(session.ran).toEqual(['settings:save']);
    expect(audit.events[0]).toMatchObject({
      result: 'ok',
      target: { settings: ['ringSound', 'language', 'crmCallUrl'] },
    });
    expect(JSON.stringify(audit.events)).not.toContain('crm.example');
  });

  it('saves the form unchanged, her phone included (an extension in partition 1 either way)', async () => {
    const { commands, session } = signIn();
    await commands['settings:save'](settingsWith(session, { phone: { extension: '1002', partition: 1 } }));
    expect(session.ran).toEqual(['settings:save']);
  });

  it('edits persons of her group and creates persons in it', async () => {
    const { commands, session, audit } = signIn();
    await commands['directory:updateContacts']({ id: PERSON_IN_OWN_GROUP, contacts: [] });
    await commands['directory:createPerson']({ firstname: 'A', lastname: 'B', contacts: [] });
    expect(session.ran).toEqual(['directory:updateContacts', 'directory:createPerson']);
    expect(audit.events.map((event) => event.kind === 'command' && event.target)).toEqual([
      { person: PERSON_IN_OWN_GROUP },
      { group: 3 },
    ]);
  });

  it('edits anyone when the server allows all edits', async () => {
    const { commands, session } = signIn(JANA, { crmEdits: 'all' });
    await commands['directory:updateContacts']({ id: PERSON_IN_OTHER_GROUP, contacts: [] });
    expect(session.ran).toEqual(['directory:updateContacts']);
  });

  it('reads without a log line; a failing change is logged with its code', async () => {
    const { commands, session, audit } = signIn();
    await commands['history:list']({ filter: 'all' });
    await commands['directory:search']({ query: 'nov' });
    expect(session.ran).toEqual(['history:list', 'directory:search']);
    expect(audit.events).toEqual([]);

    const failing = { ...session.handlers, 'sync:run': async () => Promise.reject(new Error('boom')) };
    const log = auditList();
    const guarded = guardCommands(failing, ADMIN, policyOf(), log);
    await expect(guarded['sync:run']()).rejects.toThrow('boom');
    expect(log.events).toEqual([
      expect.objectContaining({ command: 'sync:run', result: 'failed', error: 'internal' }),
    ]);
  });
});

describe('guardCommands: an administrator', () => {
  it('may change PBX-wide settings, test connections, run the sync and review any call', async () => {
    const { commands, session } = signIn(ADMIN);
    await commands['settings:save']({
      ...settingsWith(session, { baseUrl: 'https://pbx.example/api/v1.0', queueJoinLeave: true }),
      secret: 'new-secret',
    });
    await commands['connection:test']({ baseUrl: 'https://pbx.example', clientId: 'ringside' });
    await commands['users:check']({ username: 'jana.novakova' });
    await commands['sync:run']();
    await commands['review:open']({ uniqueid: COLLEAGUES_CALL });
    await commands['directory:updateContacts']({ id: PERSON_IN_OTHER_GROUP, contacts: [] });
    expect(session.ran).toEqual([
      'settings:save',
      'connection:test',
      'users:check',
      'sync:run',
      'review:open',
      'directory:updateContacts',
    ]);
  });

  it('still controls only calls on their own phone, and cannot clear the server as a laptop', async () => {
    const { commands } = signIn(ADMIN);
    expect(
      await refused((c) => c['calls:control']({ uniqueid: COLLEAGUES_CALL, action: 'hangup' }), commands),
    ).toMatch(/line 1001/);
    await refused((c) => c['privacy:clear']({ unsentWrapUps: 0 }), commands);
  });
});

describe('the rule table', () => {
  it('has a rule for every command of the contract and none for anything else', () => {
    const channels = Object.keys(commandTable).sort();
    expect(Object.keys(COMMAND_RULES).sort()).toEqual(channels);
    for (const channel of channels)
      expect(COMMAND_RULES[channel as CommandChannel].check).toBeTypeOf('function');
  });

  it('guards every command: each guarded handler runs its rule before the session', async () => {
    const { commands } = signIn();
    expect(Object.keys(commands).sort()).toEqual(Object.keys(commandTable).sort());
  });
});
