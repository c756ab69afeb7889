/**
 * POST /_sim/drift (and the `drift` option behind `--drift`): answers of the chosen kind carry the chosen
 * value in the chosen field, for the chosen share of items, the same items every time; the stores stay as
 * they were, and the client still reads the drifted answers in their declared types.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { PbxClient } from '../../src-main/api';
import { startDemoPbx } from '../../src-main/demo-pbx';
import { silentLogger } from '../../src-main/shared/logger';
import { expectFailure, startTestPbx, type Json } from './helpers';
import { requestDemoPbxToken } from './requestDemoPbxToken';

const { pbx, client } = await startTestPbx();

afterEach(async () => {
  await client.delete('/_sim/drift');
});

const drift = (rule: Record<string, unknown>) => client.post('/_sim/drift', rule);

async function ringAgent(): Promise<string> {
  const response = await client.post('/_sim/calls/inbound', { to: pbx.agent.phone, from: '+420777123456' });
  return response.body.data.uniqueid as string;
}

const agentCalls = async (): Promise<Json[]> =>
  (await client.get('/call', { query: pbx.agent.phone as Record<string, string> })).body.data;

describe('POST /_sim/drift', () => {
  it('puts the value into the field of every item, and takes it out again', async () => {
    const uniqueid = await ringAgent();
    const response = await drift({ target: 'calls', field: 'caller_number', value: 420777123456 });
    expect(response.body).toEqual({
      success: true,
      data: { rules: [{ target: 'calls', field: 'caller_number', value: 420777123456, share: 1 }] },
    });

    const [call] = await agentCalls();
    expect(call).toMatchObject({
      uniqueid,
      caller_number: 420777123456,
      caller_number_norm: '+420777123456',
    });

    await drift({ target: 'calls', field: 'caller_number', value: 0, share: 0 });
    expect((await client.get('/_sim/drift')).body.data).toEqual({ rules: [] });
    expect((await agentCalls())[0]).toMatchObject({ uniqueid, caller_number: '+420777123456' });
    await client.post(`/_sim/calls/${uniqueid}/hangup`);
  });

  it('hits the same share of the items in every answer, and only the target', async () => {
    await drift({ target: 'persons', field: 'displayname', value: null, share: 0.5 });
    const page = async () => (await client.get('/crm/persons', { query: { limit: 50 } })).body.data as Json[];
    const first = await page();
    const hit = first.filter((person) => person.displayname === null).map((person) => person.id);
    expect(hit.length).toBeGreaterThan(10);
    expect(hit.length).toBeLessThan(40);
    const again = (await page()).filter((person) => person.displayname === null).map((person) => person.id);
    expect(again).toEqual(hit);
    // Another kind of answer, and a failed answer, stay as they are.
    expect((await client.get(`/crm/person/${hit[0]}`)).body.data.displayname).toEqual(expect.any(String));
    expectFailure(await client.get('/crm/person/999999'), 404, 'not found');
  });

  it('drifts a field of each item of a nested list, and replaces a whole record without a field', async () => {
    // Read once before, so the drift must reach an answer the demo PBX already built.
    expect((await client.get('/crm/person/1')).body.data.contacts[0].contact).toEqual(expect.any(String));
    await drift({ target: 'person', field: 'contacts[].contact', value: 777123456 });
    const person = (await client.get('/crm/person/1')).body.data;
    expect(person.contacts.length).toBeGreaterThan(0);
    expect(person.contacts.every((contact: Json) => contact.contact === 777123456)).toBe(true);

    await drift({ target: 'queue', value: 'drifted' });
    expect((await client.get('/queue/1')).body).toEqual({ success: true, data: 'drifted' });
  });

  it('drifts the top-level fields of GET /status', async () => {
    await drift({ target: 'status', field: 'core', value: '17' });
    const status = (await client.get('/status')).body;
    expect(status).toMatchObject({ success: true, core: '17' });
  });

  it('leaves the stores untouched: a write after drift reads back the stored value', async () => {
    await drift({ target: 'person', field: 'note', value: 42 });
    await client.patch('/crm/person/2', { note: 'stored' });
    await client.delete('/_sim/drift');
    expect((await client.get('/crm/person/2')).body.data.note).toBe('stored');
  });

  it.each([
    [{ target: 'nothing', value: 1 }, /^target: target must be one of calls, call, /],
    [{ target: 'calls', field: 'caller number', value: 1 }, /^field: field must look like/],
    [{ target: 'calls', field: 'caller_number', value: 1, share: 2 }, 'share: share is 0 to 1'],
    [{ target: 'calls', field: 'caller_number' }, 'value: value is required'],
    [{ target: 'calls', value: 1, extra: true }, 'extra: unknown attribute'],
  ])('refuses %j with 400', async (body, message) => {
    expectFailure(await drift(body), 400, message);
  });
});

describe('reading drifted answers with the client', () => {
  it('hands on the declared types: numbers as text, null text as empty', async () => {
    await drift({ target: 'persons', field: 'firstname', value: 42 });
    await drift({ target: 'persons', field: 'lastname', value: null });
    const lines: string[] = [];
    const pbxClient = new PbxClient({
      baseUrl: pbx.baseUrl,
      clientId: pbx.credentials.clientId,
      clientSecret: pbx.credentials.clientSecret,
      fetch: (url, init) => fetch(url, init),
      clock: { now: () => Date.now() },
      logger: { ...silentLogger, warn: (message) => lines.push(message) },
    });
    const { items } = await pbxClient.persons.list({ limit: 20 });
    expect(items).toHaveLength(20);
    expect(items.every((person) => person.firstname === '42' && person.lastname === '')).toBe(true);
    expect(lines).toEqual([
      'PBX field persons[].firstname drifted: expected string, got number; converted (GET /crm/persons)',
      'PBX field persons[].lastname drifted: expected string, got null; replaced by "" (GET /crm/persons)',
    ]);
  });
});

describe('the drift option (--drift)', () => {
  it('starts with the given rules, and refuses a rule that is not valid', async () => {
    const drifting = await startDemoPbx({
      persons: 5,
      ringEverySeconds: 0,
      drift: [{ target: 'groups', field: 'name', value: true }],
    });
    try {
      expect(drifting.sim.drift.list()).toEqual([{ target: 'groups', field: 'name', value: true, share: 1 }]);
    } finally {
      await drifting.close();
    }
    await expect(startDemoPbx({ drift: [{ target: 'groups', value: 1, share: -1 }] })).rejects.toThrow(
      /^drift .*share: share is 0 to 1/,
    );
  });
});

/** `npm run demo-pbx -- <flags>`: its `key=value` lines, or its exit code when it stops first. */
async function runDemoPbx(flags: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src-main/demo-pbx/cli.ts', '--persons', '5', '--ring-every', '0', ...flags],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const values: Record<string, string> = {};
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /^(\w+)=(.*)$/.exec(line);
    if (match) values[match[1]!] = match[2]!;
    if ('auth' in values) break;
  }
  return { values, exited, stop: () => child.kill('SIGTERM') };
}

describe('the --drift flag', { timeout: 30_000 }, () => {
  it('serves the drift from the start', async () => {
    const rule = JSON.stringify({ target: 'groups', field: 'name', value: 7 });
    const { values, exited, stop } = await runDemoPbx(['--drift', rule]);
    try {
      const standalone = {
        authUrl: values.auth_url!,
        baseUrl: values.base_url!,
        credentials: { clientId: values.client_id!, clientSecret: values.client_secret! },
      };
      const token = await requestDemoPbxToken(standalone);
      const groups = await fetch(`${standalone.baseUrl}/groups`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await groups.json()) as { data: { name: unknown }[] };
      expect(body.data.map((group) => group.name)).toEqual(body.data.map(() => 7));
    } finally {
      stop();
      await exited;
    }
  });

  it.each([['not json'], ['{"target":"calls"}']])('stops with code 2 on --drift %s', async (flag) => {
    const { exited } = await runDemoPbx(['--drift', flag]);
    expect(await exited).toBe(2);
  });
});
