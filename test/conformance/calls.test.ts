/**
 * The call endpoints over real HTTP: call control, the v1 and v2 records with their options, permissions,
 * metadata, user deletion, queue statistics and the /_sim/calls control interface.
 */
import { request as httpRequest } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ActiveCall,
  CallPermissions,
  CallRecordV1,
  CallRecordV2,
  describeCallState,
} from '../../src-main/api/schemas';
import { expectFailure, startTestPbx, type Json, type TestClient } from './helpers';

const { pbx, client } = await startTestPbx({ transcribeAfterSeconds: 10 });
const phone = pbx.agent.phone as { identifier: string };
const organisation = pbx.sim.state.organisation;
const demoAgent = organisation.userByUsername(pbx.agent.username)!;
/** Seeded: user 12 is the Bratislava trainee (role without transcripts), 13 supervises Prague, 14 Bratislava. */
const trainee = organisation.user(12)!;
const traineePhone = { identifier: organisation.phones.find((p) => p.user_id === 12)!.identifier };

async function advance(seconds: number): Promise<void> {
  const response = await client.post('/_sim/clock', { advance_s: seconds });
  expect(response.status).toBe(200);
}

async function calls(selector: object = phone): Promise<Json[]> {
  const response = await client.get('/call', { query: selector as Record<string, string> });
  expect(response.status).toBe(200);
  expect(response.body.success).toBe(true);
  return ActiveCall.array().parse(response.body.data);
}

async function inbound(body: object): Promise<string> {
  const response = await client.post('/_sim/calls/inbound', body);
  expect(response.body).toMatchObject({ success: true });
  return response.body.data.uniqueid as string;
}

/** Ends whatever is still going on at the agent's phone, so each test starts idle. */
async function hangUpAll(c: TestClient, selector: object): Promise<void> {
  for (const call of await calls(selector)) await c.post(`/_sim/calls/${call.uniqueid}/hangup`);
}

/** An inbound call through the Support queue (id 2), answered, talked 60 s and hung up by the agent. */
async function finishedQueueCall(): Promise<string> {
  const uniqueid = await inbound({ to: phone, from: '+420 777 123 456', queue_id: 2 });
  await advance(8);
  expect((await client.patch('/call', { ...phone, state: 'answer' })).body.success).toBe(true);
  await advance(60);
  expect((await client.delete('/call', { body: phone })).body.success).toBe(true);
  return uniqueid;
}

/** GET with a JSON body, which fetch cannot send. */
function getWithBody(path: string, body: unknown, token: string): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      `${pbx.baseUrl}${path}`,
      {
        method: 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

beforeEach(async () => {
  await hangUpAll(client, phone);
  await hangUpAll(client, traineePhone);
});

describe('GET /call', () => {
  it('lists the ongoing calls of the phone selected in the query, by identifier or by extension', async () => {
    expect(await calls()).toEqual([]);
    const uniqueid = await inbound({ to: phone, from: '+420777123456' });
    const [call] = await calls();
    expect(call).toMatchObject({
      uniqueid,
      caller_number: '+420777123456',
      called_lines: [phone.identifier],
    });
    expect(describeCallState(call.state).name).toBe('ringing');
    const byExtension = pbx.agent.phoneByExtension as { extension: string; partition: number };
    expect((await calls({ extension: byExtension.extension })).map((c) => c.uniqueid)).toEqual([uniqueid]);
    expect((await calls(byExtension)).map((c) => c.uniqueid)).toEqual([uniqueid]);
  });

  it('accepts the selector in a JSON body too', async () => {
    const uniqueid = await inbound({ to: phone, from: '+420777123456' });
    const response = await getWithBody('/call', phone, await client.newToken());
    expect(response.status).toBe(200);
    expect(response.body.data.map((c: Json) => c.uniqueid)).toEqual([uniqueid]);
  });

  it('answers 400 naming the problem with the selector, 404 for an unknown phone, 401 without a token', async () => {
    expectFailure(await client.get('/call'), 400, 'identifier: required to select the phone');
    expectFailure(
      await client.get('/call', { query: { identifier: 'x', extension: '101' } }),
      400,
      'either identifier, or extension',
    );
    expectFailure(
      await client.get('/call', { query: { extension: '101', partition: 'one' } }),
      400,
      'partition',
    );
    expectFailure(
      await client.get('/call', { query: { identifier: 'no-such-phone' } }),
      404,
      'no phone with identifier',
    );
    expectFailure(
      await client.get('/call', { query: { extension: '101', partition: 9 } }),
      404,
      'partition 9',
    );
    const anonymous = await client.get('/call', { query: phone, token: false });
    expectFailure(anonymous, 401, 'bearer');
  });
});

describe('POST /call (click-to-dial) and DELETE /call', () => {
  it('rings the agent, dials the destination, connects when it answers and hangs up on DELETE', async () => {
    const placed = await client.post('/call', {
      ...phone,
      to: '+420 602 111 222',
      data: { crm_case: 'C-17' },
    });
    expect(placed.status).toBe(200);
    expect(placed.body).toEqual({ success: true, data: expect.stringContaining('+420 602 111 222') });
    const [ringing] = await calls();
    expect(ringing).toMatchObject({
      caller_ringing: true,
      called_number: '+420602111222',
      data: { crm_case: 'C-17' },
    });
    expect(describeCallState(ringing.state).name).toBe('ringing');

    await advance(1);
    expect(describeCallState((await calls())[0].state).name).toBe('dialing');
    await advance(6);
    expect(describeCallState((await calls())[0].state).name).toBe('connected');
    await advance(30);
    const hungUp = await client.delete('/call', { body: phone });
    expect(hungUp.body).toEqual({ success: true, data: expect.stringContaining(ringing.uniqueid) });
    expect(await calls()).toEqual([]);
    const record = CallRecordV1.parse((await client.get(`/call/${ringing.uniqueid}`)).body.data);
    expect(record).toMatchObject({ src_number: '101', dst_number: '+420602111222', dst_internal: false });
    // The destination answered 2–6 s after the dialling started; the call ended 30 s after the last check.
    expect(record.talk_time).toBeGreaterThanOrEqual(30);
    expect(record.talk_time).toBeLessThanOrEqual(34);
    expect(record.price).toBeGreaterThan(0);
  });

  it('lets the remote party answer and hang up through /_sim', async () => {
    await client.post('/call', { ...phone, to: '777123456' });
    const [call] = await calls();
    expect((await client.post(`/_sim/calls/${call.uniqueid}/answer`)).body.success).toBe(true);
    expect(describeCallState((await calls())[0].state).name).toBe('connected');
    expect((await client.post(`/_sim/calls/${call.uniqueid}/hangup`)).body.success).toBe(true);
    expect(await calls()).toEqual([]);
  });

  it('validates the request: 400 for a missing or undialable `to`, a business error when the phone is busy', async () => {
    expectFailure(await client.post('/call', { ...phone }), 400, 'to:');
    expectFailure(await client.post('/call', { ...phone, to: 42 }), 400, 'to:');
    expectFailure(
      await client.post('/call', { ...phone, to: 'robert@example.com' }),
      400,
      'to must be a phone number',
    );
    expectFailure(await client.post('/call', { to: '777123456' }), 400, 'identifier: required');
    expectFailure(await client.post('/call', { ...phone, to: '777', data: [1] }), 400, 'data:');
    expectFailure(await client.post('/call', '{"identifier": ', {}), 400, 'malformed JSON');

    await client.post('/call', { ...phone, to: '777123456' });
    await advance(1);
    const busy = await client.post('/call', { ...phone, to: '777000111' });
    expect(busy.status).toBe(200);
    expect(busy.body).toMatchObject({ success: false, error: expect.stringContaining('busy') });
  });

  it('DELETE without a call is a business error; without a selector a 400', async () => {
    const none = await client.delete('/call', { body: phone });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({
      success: false,
      data: null,
      error: expect.stringContaining('no active call'),
    });
    expectFailure(await client.delete('/call'), 400, 'body must be a JSON object');
  });
});

describe('PATCH /call', () => {
  it('answers, holds and resumes; the record accounts the hold time', async () => {
    const uniqueid = await inbound({ to: phone, from: '+420777123456' });
    await advance(3);
    expect((await client.patch('/call', { ...phone, state: 'answer' })).body).toEqual({
      success: true,
      data: expect.stringContaining('answered'),
    });
    await advance(20);
    expect((await client.patch('/call', { ...phone, state: 'held' })).body.success).toBe(true);
    expect(describeCallState((await calls())[0].state).name).toBe('held');
    await advance(12);
    expect((await client.patch('/call', { ...phone, state: 'resumed' })).body.success).toBe(true);
    await advance(10);
    await client.delete('/call', { body: phone });
    const record = await client.get(`/call/${uniqueid}`);
    expect(record.body.data).toMatchObject({ ring_time: 3, hold_time: 12, talk_time: 30 });
  });

  it('refuses other states and impossible ones as business errors at HTTP 200', async () => {
    const cases: [string, string][] = [
      ['answered', 'state must be one of answer, held, resumed'],
      ['hangup', 'state must be one of answer, held, resumed'],
      ['answer', 'nothing is ringing'],
      ['held', 'no connected call to hold'],
      ['resumed', 'no held call to resume'],
    ];
    for (const [state, message] of cases) {
      const response = await client.patch('/call', { ...phone, state });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: false, data: null, error: expect.stringContaining(message) });
    }
    expectFailure(await client.patch('/call', { ...phone }), 400, 'state:');
    expectFailure(await client.patch('/call', { identifier: 'nope', state: 'answer' }), 404, 'no phone');
  });
});

describe('GET /call/{uniqueid} (version 1)', () => {
  it('returns every documented field; path by default, queues with queue=1, tag names with resolve_tags=1', async () => {
    const uniqueid = await finishedQueueCall();
    await advance(10);
    const plain = await client.get(`/call/${uniqueid}`);
    expect(plain.status).toBe(200);
    const record = CallRecordV1.parse(plain.body.data);
    expect(record.path!.length).toBeGreaterThan(3);
    expect(record).not.toHaveProperty('queues');
    for (const tag of record.tags) expect(Object.keys(tag)).toEqual(['id']);

    const noPath = await client.get(`/call/${uniqueid}`, { query: { path: 0 } });
    expect(noPath.body.data).not.toHaveProperty('path');
    const full = await client.get(`/call/${uniqueid}`, { query: { path: 1, queue: 1, resolve_tags: 1 } });
    const detailed = CallRecordV1.strict().parse(full.body.data);
    expect(detailed.queues![0]).toMatchObject({ queue_id: 2, queue_name: 'Support', agent_id: demoAgent.id });
    for (const tag of detailed.tags)
      expect(tag).toEqual({ id: tag.id, name: expect.any(String), color: expect.any(String) });
  });

  it('moves transcription_status 1 → 2 → 3 over --transcribe-after, with the AI results only at 3', async () => {
    const uniqueid = await finishedQueueCall();
    const read = async () => CallRecordV1.parse((await client.get(`/call/${uniqueid}`)).body.data);
    expect(await read()).toMatchObject({
      transcription_status: 1,
      transcription: [],
      summary: '',
      rating: null,
    });
    await advance(5);
    expect((await read()).transcription_status).toBe(2);
    await advance(5);
    const done = await read();
    expect(done.transcription_status).toBe(3);
    expect(done.transcription).toHaveLength(2);
    expect(done.summary).not.toBe('');
    expect(done.sentiment).toHaveLength(2);
    expect(done.rating).toBeGreaterThanOrEqual(1);
  });

  it('answers 400 for bad options and ids, 404 for unknown and still-running calls', async () => {
    expectFailure(await client.get('/call/1700000000.1', { query: { path: 2 } }), 400, 'path');
    expectFailure(await client.get('/call/not-an-id'), 400, 'uniqueid');
    expectFailure(await client.get('/call/1700000000.999999'), 404, 'unknown call 1700000000.999999');
    const ongoing = await inbound({ to: phone, from: '+420777123456' });
    expectFailure(await client.get(`/call/${ongoing}`), 404, 'still in progress');
  });

  it('has the seeded history from the start, every record valid', async () => {
    const ids = pbx.sim.calls.endedCallIds();
    expect(ids.length).toBeGreaterThanOrEqual(40);
    for (const uniqueid of ids.slice(0, 10)) {
      const response = await client.get(`/call/${uniqueid}`, { query: { queue: 1, resolve_tags: 1 } });
      expect(response.status).toBe(200);
      expect(uniqueid).toMatch(/^\d{10}\.\d+$/);
      CallRecordV1.parse(response.body.data);
    }
  });
});

describe('GET {auth_url}/api/v2.0/call/{uniqueid}', () => {
  it('returns the version-2 record with all party blocks, path by default and without it on path=0', async () => {
    const uniqueid = await finishedQueueCall();
    const response = await client.get(`/api/v2.0/call/${uniqueid}`);
    expect(response.status).toBe(200);
    const record = CallRecordV2.strict().parse(response.body.data);
    expect(record).toMatchObject({
      uniqueid,
      queue_id: 2,
      caller_number: '+420777123456',
      connected_user_id: demoAgent.id,
    });
    expect(record.path!.length).toBeGreaterThan(0);
    expect(
      (await client.get(`/api/v2.0/call/${uniqueid}`, { query: { path: 0 } })).body.data,
    ).not.toHaveProperty('path');
    expectFailure(await client.get('/api/v2.0/call/1700000000.999999'), 404, 'unknown call');
  });
});

describe('GET /call/{uniqueid}/permissions/…', () => {
  it('derives permissions from role and group, by user id, external id and username', async () => {
    const uniqueid = await finishedQueueCall();
    const get = async (path: string) => {
      const response = await client.get(`/call/${uniqueid}/permissions/${path}`);
      expect(response.status).toBe(200);
      return CallPermissions.parse(response.body.data);
    };
    expect(await get('1')).toMatchObject({ download: true, transcription: true }); // superuser
    expect(await get(`${demoAgent.id}`)).toMatchObject({ info: true, transcription: true, download: false });
    expect(await get(`external/${demoAgent.external_id}`)).toEqual(
      await get(`username/${demoAgent.username}`),
    );
    expect(await get('13')).toMatchObject({ info: true, download: true }); // supervisor of Prague (group 2)
    expect(Object.values(await get('14')).every((allowed) => !allowed)).toBe(true); // Bratislava supervisor
    expect(Object.values(await get(`username/${trainee.username}`)).every((allowed) => !allowed)).toBe(true);
  });

  it("hides the transcript and summary from the trainee role, even on the trainee's own calls", async () => {
    const uniqueid = await inbound({ to: traineePhone, from: '+421905111222' });
    await client.patch('/call', { ...traineePhone, state: 'answer' });
    await advance(20);
    await client.delete('/call', { body: traineePhone });
    const response = await client.get(`/call/${uniqueid}/permissions/username/${trainee.username}`);
    expect(response.body.data).toMatchObject({
      info: true,
      transcription: false,
      summary: false,
      sentiment: true,
    });
  });

  it('answers 404 for unknown users and calls, 400 for a non-numeric user id', async () => {
    const uniqueid = await finishedQueueCall();
    expectFailure(await client.get(`/call/${uniqueid}/permissions/9999`), 404, 'unknown user id 9999');
    expectFailure(await client.get(`/call/${uniqueid}/permissions/external/nope`), 404, 'external_id "nope"');
    expectFailure(
      await client.get(`/call/${uniqueid}/permissions/username/nobody`),
      404,
      'unknown user "nobody"',
    );
    expectFailure(await client.get(`/call/${uniqueid}/permissions/abc`), 400, 'user_id');
    expectFailure(await client.get('/call/1700000000.999999/permissions/1'), 404, 'unknown call');
  });
});

describe('/metadata/{uniqueid} (differential updates)', () => {
  it('reads and updates differentially for ongoing and ended calls; the record carries the same metadata', async () => {
    const uniqueid = await inbound({ to: phone, from: '+420777123456' });
    expect((await client.get(`/metadata/${uniqueid}`)).body).toEqual({ success: true, data: {} });
    const first = await client.post(`/metadata/${uniqueid}`, {
      disposition: 'callback',
      note: 'ring back at 3',
    });
    expect(first.body).toEqual({ success: true, data: { disposition: 'callback', note: 'ring back at 3' } });
    await client.patch('/call', { ...phone, state: 'answer' });
    await client.delete('/call', { body: phone });

    const second = await client.post(`/metadata/${uniqueid}`, { note: null, follow_up: true });
    expect(second.body.data).toEqual({ disposition: 'callback', follow_up: true });
    expect((await client.get(`/metadata/${uniqueid}`)).body.data).toEqual({
      disposition: 'callback',
      follow_up: true,
    });
    expect((await client.get(`/call/${uniqueid}`)).body.data.metadata).toEqual(second.body.data);
    expect((await client.get(`/api/v2.0/call/${uniqueid}`)).body.data.data).toEqual(second.body.data);
  });

  it('refuses bodies that are not objects and unknown calls', async () => {
    const uniqueid = await inbound({ to: phone, from: '+420777123456' });
    expectFailure(await client.post(`/metadata/${uniqueid}`, [1, 2]), 400, 'body must be a JSON object');
    // Prototype poisoning is refused by the JSON parser before it reaches the metadata.
    expectFailure(await client.post(`/metadata/${uniqueid}`, '{"__proto__": {"x": 1}}'), 400, /JSON/);
    expect((await client.get(`/metadata/${uniqueid}`)).body.data).toEqual({});
    expectFailure(await client.get('/metadata/1700000000.999999'), 404, 'unknown call');
  });
});

describe('user deletion', () => {
  it("cancels the deleted user's references in call records; the records stay", async () => {
    const uniqueid = await inbound({ to: traineePhone, from: '+421905111222', queue_id: 3 });
    await advance(8);
    await client.patch('/call', { ...traineePhone, state: 'answer' });
    await advance(15);
    await client.delete('/call', { body: traineePhone });
    const before = await client.get(`/call/${uniqueid}`, { query: { queue: 1 } });
    expect(before.body.data).toMatchObject({ dst_user_id: trainee.id });

    expect((await client.delete(`/user/${trainee.id}`)).body).toMatchObject({ success: true });
    const after = await client.get(`/call/${uniqueid}`, { query: { queue: 1 } });
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({
      dst_user_id: null,
      dst_name: before.body.data.dst_name,
      recording: true,
    });
    expect(after.body.data.queues[0]).toMatchObject({ agent_id: null });
    expect((await client.get(`/api/v2.0/call/${uniqueid}`)).body.data).toMatchObject({
      connected_user_id: null,
    });
  });
});

describe('queue statistics follow the calls', () => {
  it('counts a waiting caller in /queues and /queue/{id}, then an answered call', async () => {
    const queueOf = async () => (await client.get('/queues')).body.data.find((queue: Json) => queue.id === 2);
    const answeredBefore = (await queueOf()).answered;
    const uniqueid = await inbound({ to: phone, from: '+420777123456', queue_id: 2 });
    expect(await queueOf()).toMatchObject({ callers_waiting: 1 });
    expect((await client.get('/queue/2')).body.data).toMatchObject({ callers_waiting: 1 });
    await advance(8);
    await client.patch('/call', { ...phone, state: 'answer' });
    expect(await queueOf()).toMatchObject({
      callers_waiting: 0,
      callers_talking: 1,
      answered: answeredBefore + 1,
    });
    await client.post(`/_sim/calls/${uniqueid}/hangup`);
    expect(await queueOf()).toMatchObject({ callers_talking: 0 });
  });
});

describe('/_sim/calls', () => {
  it('validates inbound calls: the phone, the caller number and the queue', async () => {
    expectFailure(await client.post('/_sim/calls/inbound', {}), 400, 'to:');
    expectFailure(await client.post('/_sim/calls/inbound', { to: { extension: 101 } }), 400, 'to.extension');
    expectFailure(await client.post('/_sim/calls/inbound', { to: { identifier: 'nope' } }), 404, 'no phone');
    expectFailure(
      await client.post('/_sim/calls/inbound', { to: phone, from: 'x' }),
      400,
      'from must be a phone number',
    );
    expectFailure(await client.post('/_sim/calls/inbound', { to: phone, queue_id: 99 }), 404, 'queue_id 99');
    expectFailure(
      await client.post('/_sim/calls/inbound', { to: phone, queue_id: 6 }),
      400,
      'not an inbound queue',
    );
    const withoutFrom = await inbound({ to: phone });
    expect(withoutFrom).toMatch(/^\d+\.\d+$/);
  });

  it('answer and hangup refuse unknown calls (404) and ended ones (business error)', async () => {
    expectFailure(await client.post('/_sim/calls/1700000000.999999/answer'), 404, 'unknown call');
    const uniqueid = await inbound({ to: phone, from: '+420777123456' });
    const inboundAnswer = await client.post(`/_sim/calls/${uniqueid}/answer`);
    expect(inboundAnswer.body).toMatchObject({
      success: false,
      error: expect.stringContaining('PATCH /call'),
    });
    await client.post(`/_sim/calls/${uniqueid}/hangup`);
    const again = await client.post(`/_sim/calls/${uniqueid}/hangup`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: false, error: expect.stringContaining('already ended') });
  });
});
