/**
 * What the team server's policy lets through: an agent's own phone, calls, queues, personal settings and
 * contacts of their group, each still logged when it changes something; an administrator past the limits of
 * agents (but not onto another phone). And the rule table covers the whole contract.
 */
import { describe, expect, it } from 'vitest';
import { commandTable, type CommandChannel } from '../../../../src-main/shared/contract';
import { COMMAND_RULES, guardCommands } from '../../../../src-main/server/policy';
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
  policyOf,
  refused,
  settingsWith,
  signIn,
} from './policyFixtures';

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
