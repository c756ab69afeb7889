/** The control interface under /_sim/: the clock and simulated outages. */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { expectFailure, startTestPbx } from './helpers';

const { pbx, client } = await startTestPbx();

/** A raw request, to see a dropped connection as the error it is (fetch would retry or hide it). */
function rawGet(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('POST /_sim/clock', () => {
  it('moves the simulated clock and answers with the new time', async () => {
    const before = pbx.sim.clock.now();
    const response = await client.post('/_sim/clock', { advance_s: 90 });
    expect(response.body).toEqual({ success: true, data: { now: (before + 90_000) / 1000 } });
    expect(pbx.sim.clock.now()).toBe(before + 90_000);
  });

  it.each([
    [{ advance_s: -1 }, 'advance_s: advance_s must not be negative'],
    [{ advance_s: 'soon' }, /^advance_s: /],
    [{ advance_s: 1, extra: true }, 'extra: unknown attribute'],
  ])('refuses %j with 400', async (body, message) => {
    expectFailure(await client.post('/_sim/clock', body), 400, message);
  });
});

describe('POST /_sim/outage', () => {
  it('answers API requests with 503 and the envelope until the outage ends, /_sim/ stays reachable', async () => {
    expect((await client.post('/_sim/outage', { seconds: 30, mode: '503' })).body.success).toBe(true);
    const down = await client.get('/groups');
    expectFailure(down, 503, /simulated outage/);
    expect(down.headers.get('retry-after')).toBe('30');
    expect((await client.post('/_sim/clock', { advance_s: 31 })).status).toBe(200);
    expect((await client.get('/groups')).status).toBe(200);
  });

  it('drops connections without an answer in "drop" mode, and can be ended early', async () => {
    const token = await client.newToken();
    await client.post('/_sim/outage', { seconds: 600, mode: 'drop' });
    await expect(rawGet(`${pbx.baseUrl}/groups`, token)).rejects.toThrow(/socket hang up|ECONNRESET/);
    await client.post('/_sim/outage', { seconds: 0, mode: 'drop' });
    expect(await rawGet(`${pbx.baseUrl}/groups`, token)).toBe(200);
  });

  it.each([
    [{ seconds: 10, mode: 'timeout' }, /^mode: /],
    [{ mode: '503' }, 'seconds: seconds is required'],
  ])('refuses %j with 400', async (body, message) => {
    expectFailure(await client.post('/_sim/outage', body), 400, message);
  });
});
