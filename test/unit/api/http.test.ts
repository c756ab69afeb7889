/**
 * The transport under fake timers: every request has a timeout, GET is retried with capped exponential
 * backoff and full jitter, POST/PATCH/DELETE never, Retry-After is honoured, and transport failures become
 * NetworkError kinds a person can act on.
 */
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, ServerError, Timeout, type FetchLike, type PbxClient } from '../../../src-main/api';
import { defaultSleep } from '../../../src-main/api/http/httpTransport';
import { classifyNetworkFailure } from '../../../src-main/shared/networkFailure';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, parseRetryAfterMs } from '../../../src-main/api/http/retry';
import { clientFor, fakePbx, json, manualClock, ok, type FakePbx } from './fakePbx';

/** A fetch that never answers but, like every real fetch, rejects when its signal aborts. */
const hangingFetch = (pbx: FakePbx): FetchLike => {
  return async (url, init) => {
    if (new URL(url).pathname.endsWith('/token')) return pbx.fetch(url, init);
    pbx.requests.push({
      method: init.method,
      url: new URL(url),
      path: new URL(url).pathname,
      query: {},
      headers: init.headers,
      body: undefined,
    });
    return new Promise((_, reject) =>
      init.signal.addEventListener('abort', () => reject(init.signal.reason)),
    );
  };
};

/** Answers the listed statuses in turn for GET /groups, then 200. */
function flakyGroups(...answers: Array<Response | (() => Response)>) {
  const pbx = fakePbx();
  let index = 0;
  pbx.on('GET', '/api/v1.0/groups', () => {
    const answer = answers[index++];
    return answer === undefined ? ok([]) : typeof answer === 'function' ? answer() : answer;
  });
  return pbx;
}

const unavailable = (headers: Record<string, string> = {}) =>
  json(503, { success: false, data: null, error: 'busy' }, headers);

describe('with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A client whose backoff really waits (on the fake timers), with jitter fixed at 50 %. */
  function timedClient(pbx: FakePbx, fetch: FetchLike = pbx.fetch, timeoutMs = 5000) {
    return clientFor(pbx, { fetch, timeoutMs, sleep: defaultSleep, random: () => 0.5 });
  }

  it('times a request out after timeoutMs, and does not retry it', async () => {
    const pbx = fakePbx();
    const { client } = timedClient(pbx, hangingFetch(pbx));

    const result = client.groups().catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(4999);
    expect(pbx.apiRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;

    expect(error).toBeInstanceOf(Timeout);
    expect(error).toMatchObject({ code: 'timeout', timeoutMs: 5000 });
    expect((error as Error).message).toBe(
      'The PBX at pbx.test did not answer the request within 5 s. It may be overloaded or unreachable; try again.',
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pbx.apiRequests).toHaveLength(1);
  });

  it('honours a per-call timeout', async () => {
    const pbx = fakePbx();
    const { client } = timedClient(pbx, hangingFetch(pbx));

    const result = client.groups({ timeoutMs: 800 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(800);

    await expect(result).resolves.toMatchObject({ code: 'timeout', timeoutMs: 800 });
  });

  it('times out a body that never finishes', async () => {
    const pbx = fakePbx();
    const slowBody: FetchLike = async (url, init) => {
      if (url.endsWith('/token')) return pbx.fetch(url, init);
      return { status: 200, headers: new Headers(), text: () => new Promise<string>(() => {}) };
    };
    const { client } = timedClient(pbx, slowBody);

    const result = client.groups().catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(5000);

    await expect(result).resolves.toBeInstanceOf(Timeout);
  });

  it('retries a GET on 503 with exponential backoff and full jitter', async () => {
    const pbx = flakyGroups(unavailable(), unavailable());
    const { client } = timedClient(pbx);

    const result = client.groups();
    await vi.advanceTimersByTimeAsync(0);
    expect(pbx.apiRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(124); // first wait: 50 % of 250 ms
    expect(pbx.apiRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pbx.apiRequests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(249); // second wait: 50 % of 500 ms
    expect(pbx.apiRequests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);

    await expect(result).resolves.toEqual([]);
    expect(pbx.apiRequests).toHaveLength(3);
  });

  it('gives the last answer to the caller when the attempts run out', async () => {
    const pbx = flakyGroups(unavailable(), json(502, {}), json(504, {}), unavailable());
    const { client } = timedClient(pbx);

    const result = client.groups().catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10_000);

    await expect(result).resolves.toMatchObject({ reason: 'server-failure', context: { status: 504 } });
    expect(pbx.apiRequests).toHaveLength(3);
  });

  it.each([
    ['POST', (c: PbxClient) => c.placeCall({ identifier: 'desk-1' }, '100')],
    ['PATCH', (c: PbxClient) => c.controlCall({ identifier: 'desk-1' }, 'held')],
    ['DELETE', (c: PbxClient) => c.hangUp({ identifier: 'desk-1' })],
  ])('never retries %s', async (method, invoke) => {
    const pbx = fakePbx();
    pbx.on(method, '/api/v1.0/call', () => unavailable());
    const { client } = timedClient(pbx);

    const result = invoke(client).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(60_000);

    await expect(result).resolves.toBeInstanceOf(ServerError);
    expect(pbx.apiRequests).toHaveLength(1);
  });

  it('waits as long as Retry-After says, in seconds', async () => {
    const pbx = flakyGroups(unavailable({ 'retry-after': '2' }));
    const { client } = timedClient(pbx);

    const result = client.groups();
    await vi.advanceTimersByTimeAsync(1999);
    expect(pbx.apiRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);

    await expect(result).resolves.toEqual([]);
    expect(pbx.apiRequests).toHaveLength(2);
  });

  it('waits until a Retry-After date', async () => {
    const pbx = fakePbx();
    const clock = manualClock(Date.parse('2026-01-05T10:00:00Z'));
    let first = true;
    pbx.on('GET', '/api/v1.0/groups', () => {
      if (!first) return ok([]);
      first = false;
      return json(429, {}, { 'retry-after': 'Mon, 05 Jan 2026 10:00:03 GMT' });
    });
    const { client } = clientFor(pbx, { clock, sleep: defaultSleep });

    const result = client.groups();
    await vi.advanceTimersByTimeAsync(2999);
    expect(pbx.apiRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);

    await expect(result).resolves.toEqual([]);
  });

  it('does not wait for a Retry-After beyond the cap', async () => {
    const pbx = flakyGroups(unavailable({ 'retry-after': '120' }));
    const { client } = timedClient(pbx);

    const result = client.groups().catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(0);

    await expect(result).resolves.toMatchObject({ code: 'server-error', context: { status: 503 } });
    expect(pbx.apiRequests).toHaveLength(1);
  });

  it('stops waiting when the caller aborts', async () => {
    const pbx = flakyGroups(unavailable({ 'retry-after': '10' }));
    const { client } = timedClient(pbx);
    const controller = new AbortController();

    const result = client.groups({ signal: controller.signal }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new Error('window closed'));

    await expect(result).resolves.toMatchObject({ message: 'window closed' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(pbx.apiRequests).toHaveLength(1);
  });

  it('gives a caller with a deadline the 503 at once when its Retry-After would pass the deadline', async () => {
    const pbx = flakyGroups(unavailable({ 'retry-after': '10' }));
    const { client } = timedClient(pbx);

    const result = client.groups({ retryWithinMs: 800 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(0);

    await expect(result).resolves.toMatchObject({ code: 'server-error', retryAfterMs: 10_000 });
    expect(pbx.apiRequests).toHaveLength(1);
  });

  it('still retries within the deadline, and never with retryWithinMs 0', async () => {
    const within = flakyGroups(unavailable());
    const result = timedClient(within).client.groups({ retryWithinMs: 800 });
    await vi.advanceTimersByTimeAsync(125); // 50 % of 250 ms: ends within 800 ms
    await expect(result).resolves.toEqual([]);
    expect(within.apiRequests).toHaveLength(2);

    const never = flakyGroups(unavailable());
    const failed = timedClient(never)
      .client.groups({ retryWithinMs: 0 })
      .catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(failed).resolves.toMatchObject({ code: 'server-error', context: { status: 503 } });
    expect(never.apiRequests).toHaveLength(1);
  });
});

describe('network failures', () => {
  /** Throws the way Node's fetch (undici) does: TypeError('fetch failed') with the system error as cause. */
  function failingFetch(pbx: FakePbx, code: string, times = Infinity): FetchLike {
    let failures = 0;
    return async (url, init) => {
      if (url.endsWith('/token') || failures >= times) return pbx.fetch(url, init);
      failures++;
      pbx.requests.push({
        method: init.method,
        url: new URL(url),
        path: new URL(url).pathname,
        query: {},
        headers: {},
        body: undefined,
      });
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error(`getaddrinfo ${code} pbx.test`), { code }),
      });
    };
  }

  it('reports a DNS failure at once, without retrying', async () => {
    const pbx = fakePbx();
    const { client } = clientFor(pbx, { fetch: failingFetch(pbx, 'ENOTFOUND') });
    // The token request is the first to fail.
    const error = await client.groups().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'network-error', kind: 'dns', host: 'pbx.test' });
    expect((error as Error).message).toBe(
      'The PBX host name pbx.test could not be found (DNS). Check the PBX URL in Settings.',
    );
  });

  it('retries a GET after a reset connection', async () => {
    const pbx = flakyGroups();
    const { client } = clientFor(pbx);
    await client.groups(); // token first, so only the GET meets the failure
    const { client: flaky } = clientFor(pbx, { fetch: failingFetch(pbx, 'ECONNRESET', 1) });

    await expect(flaky.groups()).resolves.toEqual([]);
  });

  it('reports a refused port on 127.0.0.1', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const { client } = clientFor(fakePbx(), { baseUrl: `http://127.0.0.1:${port}`, fetch });

    const error = await client.authenticate().catch((caught: unknown) => caught);

    expect(error).toMatchObject({ code: 'network-error', kind: 'refused', host: `127.0.0.1:${port}` });
    expect((error as Error).message).toBe(
      `127.0.0.1:${port} refused the connection. Check the port in the PBX URL, or whether the PBX is running.`,
    );
  });

  const undiciFailure = (code: string) =>
    new TypeError('fetch failed', { cause: Object.assign(new Error(`failure ${code}`), { code }) });

  it.each([
    ['ECONNREFUSED', undiciFailure('ECONNREFUSED'), 'refused'],
    ['EAI_AGAIN', undiciFailure('EAI_AGAIN'), 'dns'],
    ['UND_ERR_SOCKET', undiciFailure('UND_ERR_SOCKET'), 'reset'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', undiciFailure('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls'],
    ['CERT_HAS_EXPIRED', undiciFailure('CERT_HAS_EXPIRED'), 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', undiciFailure('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', undiciFailure('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls'],
    [
      'an AggregateError of refused addresses',
      new TypeError('fetch failed', {
        cause: new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'all failed'),
      }),
      'refused',
    ],
    // Electron's net.fetch names Chromium's net errors in the message.
    ['net::ERR_NAME_NOT_RESOLVED', new Error('net::ERR_NAME_NOT_RESOLVED'), 'dns'],
    ['net::ERR_CONNECTION_REFUSED', new Error('net::ERR_CONNECTION_REFUSED'), 'refused'],
    ['net::ERR_CONNECTION_RESET', new Error('net::ERR_CONNECTION_RESET'), 'reset'],
    ['net::ERR_CERT_AUTHORITY_INVALID', new Error('net::ERR_CERT_AUTHORITY_INVALID'), 'tls'],
    // A plain-HTTP server on an https:// URL: no certificate to trust, the scheme is wrong.
    ['ERR_SSL_WRONG_VERSION_NUMBER', undiciFailure('ERR_SSL_WRONG_VERSION_NUMBER'), 'not-https'],
    ['net::ERR_SSL_PROTOCOL_ERROR', new Error('net::ERR_SSL_PROTOCOL_ERROR'), 'not-https'],
    ['a bare fetch failure', new TypeError('fetch failed'), 'other'],
    ['a thrown string', 'a string', 'other'],
  ])('classifies %s', (_, error, kind) => {
    expect(classifyNetworkFailure(error)).toBe(kind);
  });
});

describe('retry arithmetic', () => {
  it('caps the exponential backoff and draws the wait below the cap', () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6].map((retry) =>
      backoffDelayMs(DEFAULT_RETRY_POLICY, retry, () => 0.9999),
    );
    expect(ceilings).toEqual([249, 499, 999, 1999, 3999, 3999, 3999]);
    expect(backoffDelayMs(DEFAULT_RETRY_POLICY, 3, () => 0)).toBe(0);
  });

  it.each([
    ['5', 5000],
    [' 0 ', 0],
    ['Mon, 05 Jan 2026 10:00:30 GMT', 30_000],
    ['Mon, 05 Jan 2026 09:00:00 GMT', 0],
    ['soon', undefined],
    ['-3', undefined],
    [null, undefined],
  ])('reads Retry-After %j as %j ms', (value, ms) => {
    expect(parseRetryAfterMs(value, Date.parse('2026-01-05T10:00:00Z'))).toBe(ms);
  });
});
