/**
 * Every PbxClient method against the real demo PBX over real HTTP (Node's fetch): the success path and the
 * error mapping, token renewal and the 401 path with a short-lived token, retries through a simulated
 * outage. The demo PBX speaks the schemas exactly, so the client must log no drift at all.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  AuthError,
  BusinessError,
  NetworkError,
  NotFound,
  PbxClient,
  ServerError,
  ValidationFailed,
  type FetchLike,
  type PbxClientConfig,
} from '../../src-main/api';
import type { DemoPbx } from '../../src-main/demo-pbx';
import type { Logger } from '../../src-main/shared/logger';
import { startTestPbx, type TestClient } from './helpers';
import { personWithPhone } from './personWithPhone';

const { pbx, client: sim } = await startTestPbx();
const logLines: string[] = [];

function recordingLogger(lines: string[]): Logger {
  const record = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { debug: () => {}, info: record('info'), warn: record('warn'), error: record('error') };
}

function clientOf(target: DemoPbx, overrides: Partial<PbxClientConfig> = {}, lines = logLines): PbxClient {
  return new PbxClient({
    baseUrl: target.baseUrl,
    clientId: target.credentials.clientId,
    clientSecret: target.credentials.clientSecret,
    fetch,
    logger: recordingLogger(lines),
    clock: { now: () => target.sim.clock.now() },
    sleep: async () => {},
    ...overrides,
  });
}

/** Counts the token requests that pass through. */
function countingFetch(): { fetch: FetchLike; tokens: () => number } {
  let tokens = 0;
  return {
    fetch: (url, init) => {
      if (url.endsWith('/login/oauth2/token')) tokens++;
      return fetch(url, init);
    },
    tokens: () => tokens,
  };
}

const client = clientOf(pbx);
const agent = pbx.agent;

async function simPost(testClient: TestClient, path: string, body: unknown = {}) {
  const response = await testClient.post(path, body);
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A call to the agent's phone that ends: placed, answered by the far end, hung up. Its uniqueid. */
async function endedOutboundCall(to = '+420601123456'): Promise<string> {
  await client.placeCall(agent.phone, to);
  const [call] = await client.listCalls(agent.phone);
  if (!call) throw new Error('the placed call is not listed');
  await simPost(sim, `/_sim/calls/${call.uniqueid}/answer`);
  await client.hangUp(agent.phone);
  return call.uniqueid;
}

describe('token', () => {
  it('authenticates with the service account', async () => {
    await expect(client.authenticate()).resolves.toEqual({ tokenType: 'Bearer', expiresInSeconds: 3600 });
  });

  it('maps a wrong secret to AuthError invalid_client and stops until new credentials', async () => {
    const counting = countingFetch();
    const wrong = clientOf(pbx, { clientSecret: 'wrong-secret', fetch: counting.fetch });

    const error = await wrong.groups().catch((caught: unknown) => caught);
    await wrong.groups().catch(() => {});

    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ reason: 'invalid_client' });
    expect(counting.tokens()).toBe(1);

    wrong.setCredentials(pbx.credentials);
    await expect(wrong.groups()).resolves.not.toHaveLength(0);
  });

  it('maps a public superuser account to invalid_client', async () => {
    const { username, password } = pbx.sim.refusedAccounts.publicAccount;
    await expect(
      clientOf(pbx, { clientId: username, clientSecret: password }).authenticate(),
    ).rejects.toMatchObject({
      reason: 'invalid_client',
    });
  });

  it('says "not a PBX" for a URL where no PBX answers', async () => {
    const lost = clientOf(pbx, { baseUrl: `${pbx.authUrl}/intranet` });
    const error = await lost.status().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ reason: 'not-a-pbx' });
    expect((error as Error).message).toMatch(/^This server does not look like the PBX API/);
  });

  describe('with a 2-second token lifetime', async () => {
    const shortLived = await startTestPbx({ tokenTtlSeconds: 2 });

    it('renews before expiry', async () => {
      const counting = countingFetch();
      const renewing = clientOf(shortLived.pbx, { fetch: counting.fetch });

      await renewing.groups();
      shortLived.pbx.sim.advance(0.5);
      await renewing.groups();
      expect(counting.tokens()).toBe(1);
      shortLived.pbx.sim.advance(1); // 1.5 s: past half the lifetime, before expiry
      await renewing.groups();
      // 2.3 s: the first token expired; the renewed one is still fresh, and a 401 would cost a third token.
      shortLived.pbx.sim.advance(0.8);
      await renewing.groups();

      expect(counting.tokens()).toBe(2);
    });

    it('renews once and retries once when the PBX rejects an expired token', async () => {
      const counting = countingFetch();
      // A client whose clock stands still believes its token fresh, so only the PBX's 401 tells it.
      const frozen = shortLived.pbx.sim.clock.now();
      const unaware = clientOf(shortLived.pbx, { fetch: counting.fetch, clock: { now: () => frozen } });
      await unaware.groups();
      shortLived.pbx.sim.advance(5);

      await expect(unaware.groups()).resolves.not.toHaveLength(0);
      expect(counting.tokens()).toBe(2);
    });
  });
});

describe('status and directories', () => {
  it('reads the status with its components, trunks and phones', async () => {
    const status = await client.status();
    expect(status.success).toBe(true);
    expect(typeof status.telephony).toBe('number');
    expect(Object.keys(status.trunks).length).toBeGreaterThan(0);
    expect(Object.values(status.phones)[0]).toHaveProperty('configured');
  });

  it('filters extensions by type and by group', async () => {
    const all = await client.extensions();
    const phones = await client.extensions({ type: 'phone' });
    const [someGroup] = all.map((extension) => extension.group_id);

    expect(phones.length).toBeGreaterThan(0);
    expect(phones.every((extension) => extension.type === 'phone')).toBe(true);
    expect(phones.length).toBeLessThan(all.length);
    const inGroup = await client.extensions({ group_id: someGroup });
    expect(inGroup.length).toBeGreaterThan(0);
    expect(inGroup.length).toBeLessThanOrEqual(all.length);
  });

  it('lists queues and reads an inbound queue', async () => {
    const queues = await client.queues();
    const inbound = queues.find((queue) => queue.type === 1);
    if (!inbound) throw new Error('the demo PBX has no inbound queue');

    await expect(client.queue(inbound.id)).resolves.toMatchObject({
      name: inbound.name,
      number: inbound.number,
    });
    await expect(client.queue(99_999)).rejects.toBeInstanceOf(NotFound);
  });

  it('lists groups, roles and teams', async () => {
    expect((await client.groups()).map((group) => group.id)).toContain(1);
    expect((await client.roles()).length).toBeGreaterThan(0);
    expect((await client.teams())[0]).toHaveProperty('aux_reasons');
  });
});

describe('calls', () => {
  it('places, lists, holds, resumes and hangs up a call', async () => {
    await expect(client.listCalls(agent.phone)).resolves.toEqual([]);

    await expect(client.placeCall(agent.phone, '+420601123456', { ticket: 'T-9' })).resolves.toMatch(/\S/);
    const [call] = await client.listCalls(agent.phoneByExtension);
    expect(call).toMatchObject({ data: { ticket: 'T-9' } });
    await simPost(sim, `/_sim/calls/${call?.uniqueid}/answer`);

    await expect(client.controlCall(agent.phone, 'held')).resolves.toMatch(/\S/);
    await expect(client.controlCall(agent.phone, 'resumed')).resolves.toMatch(/\S/);
    await expect(client.hangUp(agent.phone)).resolves.toMatch(/\S/);
    await expect(client.listCalls(agent.phone)).resolves.toEqual([]);
  });

  it('answers an inbound call', async () => {
    await simPost(sim, '/_sim/calls/inbound', { to: agent.phone, from: '+421902345678' });
    const [ringing] = await client.listCalls(agent.phone);
    expect(ringing?.caller_number).toContain('421902345678');

    await expect(client.controlCall(agent.phone, 'answer')).resolves.toMatch(/\S/);
    await client.hangUp(agent.phone);
  });

  it('maps what the phone cannot do to BusinessError', async () => {
    await expect(client.hangUp(agent.phone)).rejects.toBeInstanceOf(BusinessError);
    await expect(client.controlCall(agent.phone, 'held')).rejects.toThrow(/^The PBX’s answer: “/);
    await expect(client.listCalls({ identifier: 'no-such-phone' })).rejects.toMatchObject({
      code: expect.stringMatching(/business-error|not-found/),
    });
  });

  it('reads call records v1 and v2 with their options', async () => {
    const uniqueid = await endedOutboundCall();

    const full = await client.callDetail(uniqueid, { queue: true, resolveTags: true });
    expect(full.uniqueid).toBe(uniqueid);
    expect(full.path?.length).toBeGreaterThan(0);
    expect(Array.isArray(full.queues)).toBe(true);
    const bare = await client.callDetail(uniqueid, { path: false });
    expect(bare).not.toHaveProperty('path');

    const v2 = await client.callDetailV2(uniqueid);
    expect(v2.uniqueid).toBe(uniqueid);
    expect(await client.callDetailV2(uniqueid, { path: false })).not.toHaveProperty('path');

    await expect(client.callDetail('1700000000.999999')).rejects.toBeInstanceOf(NotFound);
    await expect(client.callDetailV2('1700000000.999999')).rejects.toBeInstanceOf(NotFound);
  });

  it('reads permissions by user id, external id and user name', async () => {
    const uniqueid = await endedOutboundCall();
    const me = (await client.users.list()).find((user) => user.external_id !== null);
    if (!me) throw new Error('no user with an external id');
    const detail = await client.users.get(me.id);

    const byId = await client.permissions.byUserId(uniqueid, me.id);
    expect(Object.keys(byId)).toEqual(expect.arrayContaining(['info', 'playback', 'metadata']));
    await expect(client.permissions.byExternalId(uniqueid, me.external_id ?? '')).resolves.toEqual(byId);
    await expect(client.permissions.byUsername(uniqueid, detail.username)).resolves.toEqual(byId);
    await expect(client.permissions.byUsername(uniqueid, agent.username)).resolves.toHaveProperty('info');
    await expect(client.permissions.byUsername(uniqueid, 'nobody-here')).rejects.toBeInstanceOf(NotFound);
  });

  it('updates metadata differentially', async () => {
    const uniqueid = await endedOutboundCall();
    await client.metadata.update(uniqueid, { note: 'called back', topic: 'billing' });

    const result = await client.metadata.update(uniqueid, { topic: null, outcome: 'solved' });

    expect(result).toMatchObject({ note: 'called back', outcome: 'solved' });
    expect(result).not.toHaveProperty('topic');
    await expect(client.metadata.get(uniqueid)).resolves.toEqual(result);
    await expect(client.metadata.get('1700000000.999999')).rejects.toBeInstanceOf(NotFound);
  });
});

describe('shared data', () => {
  it('sets and gets an item, and reports an unknown one', async () => {
    await client.shared.set('ringside.test', { type: 'json', data: { version: 2 } });
    await expect(client.shared.get('ringside.test')).resolves.toEqual({ type: 'json', data: { version: 2 } });
    await expect(client.shared.get('never.set')).rejects.toBeInstanceOf(NotFound);
  });
});

describe('users and agent queues', () => {
  it('creates, reads, updates and deletes a user by id', async () => {
    const id = await client.users.create({ username: 'conformance.anna', group_id: 1, firstname: 'Anna' });

    await expect(client.users.get(id)).resolves.toMatchObject({
      username: 'conformance.anna',
      firstname: 'Anna',
    });
    await client.users.update(id, { lastname: 'Nováková' });
    await expect(client.users.get(id)).resolves.toMatchObject({ firstname: 'Anna', lastname: 'Nováková' });
    expect((await client.users.list()).map((user) => user.id)).toContain(id);

    await client.users.delete(id);
    await expect(client.users.get(id)).rejects.toBeInstanceOf(NotFound);
  });

  it('does the same by external id', async () => {
    await client.users.create({ username: 'conformance.ext', group_id: 1, external_id: 'CONF-1' });

    await client.users.updateByExternalId('CONF-1', { active: false });
    await expect(client.users.getByExternalId('CONF-1')).resolves.toMatchObject({ active: false });

    await client.users.deleteByExternalId('CONF-1');
    await expect(client.users.getByExternalId('CONF-1')).rejects.toBeInstanceOf(NotFound);
  });

  it('maps invalid attributes to ValidationFailed and writes nothing', async () => {
    const id = await client.users.create({ username: 'conformance.valid', group_id: 1, firstname: 'Before' });

    const error = await client.users
      .update(id, { firstname: 'After', email: 'not-an-address' })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ValidationFailed);
    expect(Object.keys((error as ValidationFailed).fields)).toEqual(['email']);
    await expect(client.users.get(id)).resolves.toMatchObject({ firstname: 'Before' });
  });

  it('reads and sets agent queue membership, with per-agent results', async () => {
    const agents = await client.agentQueues.get();
    const member = agents.find((entry) => entry.queues.length > 1);
    if (!member?.id) throw new Error('no agent with two queues');
    const [kept] = member.queues;

    const results = await client.agentQueues.set([
      { id: member.id, queues: [{ id: kept?.id ?? 0, priority: 99 }] },
      { id: 99_999, queues: [] },
    ]);

    expect(results[0]).toMatchObject({ id: member.id, success: true });
    expect(results[1]).toMatchObject({ id: 99_999, success: false, error: 'Unknown agent id' });
    const after = (await client.agentQueues.get()).find((entry) => entry.id === member.id);
    expect(after?.queues).toEqual([expect.objectContaining({ id: kept?.id, priority: 99 })]);
  });
});

describe('persons and companies', () => {
  it('pages persons with their total', async () => {
    const first = await client.persons.list({ limit: 20 });
    const second = await client.persons.list({ limit: 20, offset: 20 });

    expect(first.total).toBe(50);
    expect(first.items).toHaveLength(20);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    await expect(client.persons.list({ offset: 50 })).resolves.toEqual({ items: [], total: 50 });
  });

  it('creates, reads, updates and deletes a person', async () => {
    const id = await client.persons.create(
      personWithPhone(
        { firstname: 'Jana', lastname: 'Dvořáková', phone: '+420601000111' },
        { external_id: 'CONF-P1' },
      ),
    );

    await expect(client.persons.get(id)).resolves.toMatchObject({
      firstname: 'Jana',
      contacts: [{ contact: '+420601000111' }],
    });
    await expect(client.persons.getByExternalId('CONF-P1')).resolves.toMatchObject({ id });
    await client.persons.update(id, { contacts: [] });
    await expect(client.persons.get(id)).resolves.toMatchObject({ contacts: [] });
    await client.persons.delete(id);
    await expect(client.persons.get(id)).rejects.toBeInstanceOf(NotFound);
  });

  it('creates, reads, updates and deletes a company', async () => {
    const { items } = await client.companies.list({ limit: 1 });
    const id = await client.companies.create({
      group_id: 1,
      name: 'Conformance s.r.o.',
      external_id: 'CONF-C1',
    });

    expect(items).toHaveLength(1);
    await expect(client.companies.getByExternalId('CONF-C1')).resolves.toMatchObject({
      id,
      name: 'Conformance s.r.o.',
    });
    await client.companies.update(id, { name: 'Conformance a.s.' });
    await expect(client.companies.get(id)).resolves.toMatchObject({ name: 'Conformance a.s.' });
    await client.companies.delete(id);
    await expect(client.companies.get(id)).rejects.toBeInstanceOf(NotFound);
  });
});

describe('voicebot', () => {
  it('speaks, extends the wait and replies to a turn', async () => {
    const { conversationId, correlationId } = await simPost(sim, '/_sim/voicebot/conversations', {
      wait_s: 5,
    });

    await client.voicebot.speak(conversationId, 'Dobrý den, jak vám mohu pomoci?');
    await client.voicebot.extendWait(correlationId, 10);
    await client.voicebot.reply(correlationId, 'Na shledanou.', { intent: 'goodbye' }, { end: true });

    const view = (await sim.get(`/_sim/voicebot/conversations/${conversationId}`)).body.data;
    expect(view.outcome).toBe('ended');
    expect(view.spoken).toEqual(['Dobrý den, jak vám mohu pomoci?', 'Na shledanou.']);
    await expect(client.voicebot.speak(conversationId, 'Still there?')).rejects.toBeInstanceOf(BusinessError);
  });
});

describe('outages', () => {
  it('retries a GET through a short 503 outage, honouring Retry-After', async () => {
    const waits: number[] = [];
    const patient = clientOf(pbx, {
      sleep: async (ms) => {
        waits.push(ms);
        pbx.sim.advance(ms / 1000);
      },
    });
    await patient.authenticate();
    await simPost(sim, '/_sim/outage', { seconds: 2, mode: '503' });

    await expect(patient.groups()).resolves.not.toHaveLength(0);
    expect(waits).toEqual([2000]);
  });

  it('does not retry a POST during an outage', async () => {
    await simPost(sim, '/_sim/outage', { seconds: 2, mode: '503' });

    await expect(client.placeCall(agent.phone, '100')).rejects.toMatchObject({ code: 'server-error' });
    await simPost(sim, '/_sim/outage', { seconds: 0, mode: '503' });
  });

  it('maps a dropped connection to a NetworkError', async () => {
    await simPost(sim, '/_sim/outage', { seconds: 60, mode: 'drop' });
    const error = await client.groups().catch((caught: unknown) => caught);
    await simPost(sim, '/_sim/outage', { seconds: 0, mode: 'drop' });

    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'reset' });
  });
});

afterAll(() => {
  // The demo PBX answers exactly as the schemas say: any drift here is a bug on one side or the other.
  expect(logLines.filter((line) => line.includes('drifted'))).toEqual([]);
});
