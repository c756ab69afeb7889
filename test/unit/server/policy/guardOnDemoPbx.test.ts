/**
 * The policy around a real agent session: the real AppCore on a demo PBX over real HTTP, its real handlers
 * guarded, the audit log in a real file. An agent tries to hang up a colleague's ringing call and to pause a
 * queue that is not theirs: the PBX must show the call untouched and the log the refusal; their own call
 * they answer as usual.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALL_STATE_CODES, type ActiveCall } from '../../../../src-main/api/schemas';
import { openAuditLog, readAuditFile, type AuditLog } from '../../../../src-main/server/audit';
import { guardCommands, samePhone, type SignedInAgent } from '../../../../src-main/server/policy';
import type { CommandHandlers, PhoneSelectorDto } from '../../../../src-main/shared/contract';
import { createTranslator } from '../../../../src-main/shared/i18n';
import { silentLogger } from '../../../../src-main/shared/logger';
import { demoPbxCore, type DemoPbxCore } from '../../calls/demoPbxCore';

let harness: DemoPbxCore;
let audit: AuditLog;
let auditFolder: string;
let commands: CommandHandlers;
let agentPhone: PhoneSelectorDto;
let colleaguesPhone: PhoneSelectorDto;

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

async function callsOn(phone: PhoneSelectorDto): Promise<ActiveCall[]> {
  return (await harness.sim.get('/call', { query: { ...phone } })).body.data as ActiveCall[];
}

async function ringing(phone: PhoneSelectorDto): Promise<string> {
  const response = await harness.sim.post('/_sim/calls/inbound', { to: phone, from: '+420 602 555 303' });
  expect(response.body.success).toBe(true);
  return response.body.data.uniqueid as string;
}

beforeAll(async () => {
  harness = await demoPbxCore(10);
  const { core } = harness;
  await core.start();
  // As the server composes a session: the agent's phone set from their PBX user, not by the agent.
  agentPhone = harness.pbx.agent.phone;
  const { settings } = await core.commands['settings:get']();
  await core.commands['settings:save']({ settings: { ...settings, pollIntervalMs: 250, phone: agentPhone } });
  const phones = await core.commands['directory:phones']({});
  const other = phones.find(
    (choice) =>
      !samePhone(choice.selector, harness.pbx.agent.phone) &&
      !samePhone(choice.selector, harness.pbx.agent.phoneByExtension),
  );
  if (!other) throw new Error('the demo PBX has no second phone');
  colleaguesPhone = other.selector;

  auditFolder = mkdtempSync(join(tmpdir(), 'ringside-guard-'));
  audit = await openAuditLog({
    directory: auditFolder,
    clock: { now: () => Date.now() },
    logger: silentLogger,
  });
  const agent: SignedInAgent = {
    username: harness.pbx.agent.username,
    userId: 0,
    groupId: null,
    phone: agentPhone,
    isAdmin: false,
    sessionId: 'demo-session',
  };
  commands = guardCommands(
    core.commands,
    agent,
    {
      crmEdits: 'group',
      personGroup: async () => undefined,
      callInHistory: async (uniqueid) =>
        (await core.commands['history:list']({ filter: 'all' })).items.some(
          (item) => item.uniqueid === uniqueid,
        ),
      translator: () => createTranslator('en'),
    },
    audit,
  );
});

afterAll(async () => {
  await audit?.close();
  await harness?.close();
  if (auditFolder) rmSync(auditFolder, { recursive: true, force: true });
});

describe('guardCommands around a real session on the demo PBX', () => {
  it("refuses to hang up a colleague's ringing call; the PBX still has it", async () => {
    const uniqueid = await ringing(colleaguesPhone);
    await expect(commands['calls:control']({ uniqueid, action: 'hangup' })).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('is not on it'),
    });
    await expect(commands['review:open']({ uniqueid })).rejects.toMatchObject({ code: 'forbidden' });
    expect((await callsOn(colleaguesPhone)).map((call) => call.uniqueid)).toContain(uniqueid);
  });

  it('answers her own ringing call through the same guard', async () => {
    const uniqueid = await ringing(agentPhone);
    await wait(async () =>
      expect((await commands['calls:list']()).map((call) => call.uniqueid)).toContain(uniqueid),
    );
    await commands['calls:control']({ uniqueid, action: 'answer' });
    await wait(async () =>
      expect((await callsOn(agentPhone)).find((call) => call.uniqueid === uniqueid)?.state).toBe(
        CALL_STATE_CODES.connected,
      ),
    );
  });

  it('refuses to pause a queue she is not a member of', async () => {
    const { queues } = await commands['queues:refresh']();
    const notHers = Math.max(0, ...queues.map((queue) => queue.id)) + 1000;
    await expect(commands['queues:change']({ action: 'pause', queueId: notHers })).rejects.toMatchObject({
      code: 'forbidden',
      message: `You can only pause, resume or leave your own queues; you are not a member of queue ${notHers}.`,
    });
  });

  it('has the refusals and the answered call in the audit file', async () => {
    await audit.flush();
    const { lines } = await readAuditFile(audit.path);
    expect(lines.map((line) => line.kind === 'command' && [line.command, line.result])).toEqual([
      ['calls:control', 'forbidden'],
      ['review:open', 'forbidden'],
      ['calls:control', 'ok'],
      ['queues:change', 'forbidden'],
    ]);
  });
});
