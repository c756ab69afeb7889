/** Bad input: malformed bodies, unknown routes, oversized bodies, hostile values; the server stays sound. */
import { describe, expect, it } from 'vitest';
import { expectFailure, startTestPbx } from './helpers';

const { pbx, client } = await startTestPbx();

describe('bad input', () => {
  it('answers malformed JSON with 400 and the envelope', async () => {
    expectFailure(await client.post('/user', '{"username": "a",'), 400, /malformed JSON body/);
  });

  it('answers an unknown route, or a known path with the wrong method, with 404 and the envelope', async () => {
    expectFailure(await client.get('/no/such/thing'), 404, 'no such endpoint: GET /api/v1.0/no/such/thing');
    expectFailure(await client.request('PUT', '/groups'), 404, /no such endpoint: PUT/);
  });

  it('refuses a body over 1 MB with 413 and the envelope', async () => {
    const huge = { type: 'json', data: { blob: 'x'.repeat(1_100_000) } };
    expectFailure(await client.post('/shared/huge', huge), 413, /request body too large/);
    expect((await client.get('/shared/huge')).status).toBe(404);
  });

  it('refuses a content type it does not read with 415 and the envelope', async () => {
    const response = await client.post('/user', 'username=x', { headers: { 'content-type': 'text/plain' } });
    expectFailure(response, 415, /unsupported content type text\/plain/);
  });

  it('refuses prototype pollution attempts and stays unpolluted', async () => {
    const response = await client.post(
      '/user',
      '{"username":"p","group_id":1,"__proto__":{"polluted":true}}',
    );
    expectFailure(response, 400, /.+/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const shared = await client.post(
      '/shared/proto',
      '{"type":"json","data":{"constructor":{"prototype":{"x":1}}}}',
    );
    expect(shared.status).toBe(400);
  });

  it('validates ids in paths: non-numeric ids are 400, huge ones are 400 too', async () => {
    expectFailure(await client.get('/crm/person/-1'), 400, /person_id/);
    expectFailure(await client.get('/crm/company/1e3'), 400, /company_id/);
    expectFailure(await client.get('/user/99999999999999999999'), 400, /user_id/);
  });

  it('keeps hostile text as data: stored and returned byte for byte', async () => {
    const hostile = `<script>alert("x")</script> '; DROP TABLE persons; -- \u0000 \u202e ${'😀'.repeat(3)}`;
    const id = (await client.post('/crm/person', { group_id: 1, note: hostile, firstname: hostile })).body
      .data;
    expect((await client.get(`/crm/person/${id}`)).body.data).toMatchObject({
      note: hostile,
      firstname: hostile,
    });
  });

  it('accepts an empty JSON body where none is needed', async () => {
    const response = await client.delete('/crm/company/3', {
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.body).toEqual({ success: true, data: null });
  });

  it('survives a burst of bad requests and still serves good ones', async () => {
    const bad = [
      client.post('/user', 'null'),
      client.post('/user', '[]'),
      client.post('/queues/agents', '{"x":'),
      client.patch('/user/1', '"string"'),
      client.post('/crm/person', { group_id: 'one' }),
      client.post('/voicebot/say', '123'),
      client.get('/extensions', { query: { type: '<script>' } }),
      client.post('/_sim/clock', { advance_s: Number.MAX_VALUE }),
    ];
    for (const response of await Promise.all(bad)) {
      expect(response.status).toBeLessThan(500);
      expect(response.body.success).toBe(false);
    }
    expect((await client.get('/status')).body.success).toBe(true);
  });

  it('never answers with a stack trace', async () => {
    const responses = await Promise.all([
      client.post('/user', '{bad'),
      client.get('/queue/xyz'),
      client.post('/crm/company', { group_id: 1, persons: 'everyone' }),
    ]);
    for (const response of responses) expect(JSON.stringify(response.body)).not.toMatch(/at .+\.(ts|js):\d+/);
  });

  it('is still listening on 127.0.0.1 only', () => {
    expect(new URL(pbx.baseUrl).hostname).toBe('127.0.0.1');
  });
});
