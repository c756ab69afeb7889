/**
 * The token manager as the API caller sees it through the client: token on first use, renewal before
 * expiry, one shared token request, one renewal and one retry on 401, and a stop on invalid_client.
 */
import { describe, expect, it } from 'vitest';
import { AuthError, ServerError } from '../../../src-main/api';
import { parseExpiresIn, renewalDelayMs } from '../../../src-main/api/tokenManager';
import { SECRET, TOKEN_PATH, clientFor, fakePbx, json, ok, tokenAnswer } from './fakePbx';

function groupsPbx() {
  const pbx = fakePbx();
  pbx.on('GET', '/api/v1.0/groups', () => ok([{ id: 1, name: 'Root', external_id: null }]));
  return pbx;
}

const bearerOf = (pbx: ReturnType<typeof fakePbx>) =>
  pbx.apiRequests.map((request) => request.headers.authorization);

describe('token', () => {
  it('is requested on first use with the documented JSON body, then sent as a bearer', async () => {
    const pbx = groupsPbx();
    const { client } = clientFor(pbx);
    expect(pbx.requests).toEqual([]);

    await client.groups();

    expect(pbx.tokenRequests).toHaveLength(1);
    const [token] = pbx.tokenRequests;
    expect(token?.url.href).toBe('https://pbx.test/login/oauth2/token');
    expect(token?.headers['content-type']).toBe('application/json');
    expect(token?.body).toEqual({
      client_id: 'ringside',
      client_secret: SECRET,
      grant_type: 'client_credentials',
    });
    expect(bearerOf(pbx)).toEqual(['Bearer token-1']);
  });

  it('is reused while fresh and renewed before it expires (2-second lifetime)', async () => {
    const pbx = groupsPbx();
    pbx.issueTokens('2');
    const { client, clock, lines } = clientFor(pbx);

    await client.groups();
    clock.advance(900);
    await client.groups();
    expect(pbx.tokenRequests).toHaveLength(1);

    clock.advance(200); // 1.1 s: past the renewal point, still before expiry
    await client.groups();
    clock.advance(800); // 1.9 s after the first token, which expires at 2 s
    await client.groups();

    expect(pbx.tokenRequests).toHaveLength(2);
    expect(bearerOf(pbx)).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-2', 'Bearer token-2']);
    expect(lines).toContain('info token renewed, expires in 2s');
  });

  it('is requested once for five concurrent first requests', async () => {
    const pbx = groupsPbx();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    pbx.onToken(async () => {
      await gate;
      return tokenAnswer('3600', 'shared-token');
    });
    const { client } = clientFor(pbx);

    const calls = Array.from({ length: 5 }, () => client.groups());
    release();
    await Promise.all(calls);

    expect(pbx.tokenRequests).toHaveLength(1);
    expect(bearerOf(pbx)).toEqual(Array(5).fill('Bearer shared-token'));
  });

  it('is renewed once on a 401 and the call retried once', async () => {
    const pbx = fakePbx();
    let answers = 0;
    pbx.on('POST', '/api/v1.0/call', () =>
      ++answers === 1
        ? json(
            401,
            { success: false, data: null, error: 'Token expired' },
            { 'www-authenticate': 'Bearer error="invalid_token"' },
          )
        : ok('Dialling'),
    );
    const { client } = clientFor(pbx);

    await expect(client.placeCall({ identifier: 'desk-1' }, '200')).resolves.toBe('Dialling');

    expect(pbx.tokenRequests).toHaveLength(2);
    expect(bearerOf(pbx)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('gives up after one renewal when the PBX keeps answering 401', async () => {
    const pbx = fakePbx();
    pbx.on('GET', '/api/v1.0/groups', () =>
      json(401, { success: false, data: null, error: 'invalid token' }),
    );
    const { client } = clientFor(pbx);

    const error = await client.groups().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ code: 'auth-failed', reason: 'invalid_token' });
    expect(pbx.apiRequests).toHaveLength(2);
    expect(pbx.tokenRequests).toHaveLength(2);
  });

  it('renews once when concurrent calls get a 401 for the same token, early or late', async () => {
    const pbx = fakePbx();
    let renewed: () => void = () => {};
    const afterRenewal = new Promise<void>((resolve) => (renewed = resolve));
    pbx.onToken(() => {
      const count = pbx.tokenRequests.length;
      if (count === 2) setTimeout(renewed, 0);
      return tokenAnswer('3600', `token-${count}`);
    });
    let early = true;
    pbx.on('GET', '/api/v1.0/groups', async (request) => {
      if (request.headers.authorization !== 'Bearer token-1') return ok([]);
      // The first 401 arrives at once; the others only after the renewal it caused is done.
      if (early) early = false;
      else await afterRenewal;
      return json(401, { success: false, data: null, error: 'expired' });
    });
    const { client } = clientFor(pbx);

    await Promise.all([client.groups(), client.groups(), client.groups()]);

    expect(pbx.tokenRequests).toHaveLength(2);
    expect(bearerOf(pbx).sort()).toEqual([
      ...Array(3).fill('Bearer token-1'),
      ...Array(3).fill('Bearer token-2'),
    ]);
  });

  describe('invalid_client', () => {
    function rejectingPbx() {
      const pbx = groupsPbx();
      pbx.onToken((request) =>
        (request.body as { client_secret: string }).client_secret === 'right'
          ? tokenAnswer()
          : json(401, {
              error: 'invalid_client',
              error_description: 'Client authentication failed',
              error_uri: 'x',
            }),
      );
      return pbx;
    }

    it('stops: every call fails fast without asking the PBX again', async () => {
      const pbx = rejectingPbx();
      const { client } = clientFor(pbx);

      const first = await client.groups().catch((caught: unknown) => caught);
      const second = await client.groups().catch((caught: unknown) => caught);
      await expect(client.authenticate()).rejects.toBe(first);

      expect(first).toBeInstanceOf(AuthError);
      expect(first).toMatchObject({ reason: 'invalid_client', description: 'Client authentication failed' });
      expect((first as Error).message).toBe(
        'The PBX rejected the client id or secret (invalid_client). Check the service account’s client id and secret.',
      );
      expect(second).toBe(first);
      expect(client.credentialsRejected).toBe(true);
      expect(pbx.tokenRequests).toHaveLength(1);
      expect(pbx.apiRequests).toHaveLength(0);
    });

    it('resumes after setCredentials', async () => {
      const pbx = rejectingPbx();
      const { client } = clientFor(pbx);
      await client.groups().catch(() => {});

      client.setCredentials({ clientId: 'ringside', clientSecret: 'right' });

      await expect(client.groups()).resolves.toHaveLength(1);
      expect(client.credentialsRejected).toBe(false);
      expect(pbx.tokenRequests).toHaveLength(2);
    });

    it('discards a token answer for credentials replaced while it was in flight', async () => {
      const pbx = groupsPbx();
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      pbx.onToken(async (request) => {
        const secret = (request.body as { client_secret: string }).client_secret;
        if (secret === SECRET) await gate;
        return tokenAnswer('3600', `token-for-${secret}`);
      });
      const { client } = clientFor(pbx);

      const pending = client.groups();
      await Promise.resolve();
      client.setCredentials({ clientId: 'ringside', clientSecret: 'new-secret' });
      release();
      await pending;
      await client.groups();

      expect(bearerOf(pbx)).toEqual(['Bearer token-for-new-secret', 'Bearer token-for-new-secret']);
    });
  });

  it('reports invalid_request without stopping', async () => {
    const pbx = groupsPbx();
    let attempts = 0;
    pbx.onToken(() =>
      ++attempts === 1
        ? json(400, { error: 'invalid_request', error_description: 'grant_type' })
        : tokenAnswer(),
    );
    const { client } = clientFor(pbx);

    await expect(client.groups()).rejects.toMatchObject({ code: 'auth-failed', reason: 'invalid_request' });
    await expect(client.groups()).resolves.toHaveLength(1);
  });

  it('maps another OAuth error of a 400 to invalid_request', async () => {
    const pbx = groupsPbx();
    pbx.onToken(() =>
      json(400, { error: 'unsupported_grant_type', error_description: 'only client_credentials' }),
    );
    const { client } = clientFor(pbx);

    await expect(client.authenticate()).rejects.toMatchObject({
      reason: 'invalid_request',
      description: 'only client_credentials',
    });
  });

  it.each([
    ['an HTML page', () => new Response('<html></html>', { status: 200 }), 'not-a-pbx'],
    ['JSON without a token', () => json(200, { hello: 1 }), 'not-a-pbx'],
    ['a 404', () => new Response('Not Found', { status: 404 }), 'not-a-pbx'],
    ['a 405', () => json(405, { message: 'Method Not Allowed' }), 'not-a-pbx'],
    ['a 500', () => json(500, { error: 'boom' }), 'server-failure'],
    [
      'a 401 that is not an OAuth error',
      () => json(401, { success: false, data: null, error: 'missing bearer token' }),
      'not-a-pbx',
    ],
  ])('maps a token endpoint answering %s to ServerError %s', async (_, answer, reason) => {
    const pbx = groupsPbx();
    pbx.onToken(answer);
    const { client } = clientFor(pbx);

    const error = await client.authenticate().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ reason, context: { method: 'POST', path: TOKEN_PATH } });
  });

  it('authenticate() fetches a fresh token and tells what was granted', async () => {
    const pbx = groupsPbx();
    pbx.issueTokens(1800);
    const { client } = clientFor(pbx);
    await client.groups();

    await expect(client.authenticate()).resolves.toEqual({ tokenType: 'Bearer', expiresInSeconds: 1800 });
    await client.groups();

    expect(pbx.tokenRequests).toHaveLength(2);
    expect(bearerOf(pbx)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('assumes the default lifetime, with a warning, when expires_in is garbage', async () => {
    const pbx = groupsPbx();
    pbx.issueTokens('soon');
    const { client, clock, lines } = clientFor(pbx);

    await client.groups();
    clock.advance(3000 * 1000);
    await client.groups();

    expect(pbx.tokenRequests).toHaveLength(1);
    expect(lines).toContain('warn token expires_in "soon" is not a number of seconds; assuming 3600s');
  });

  it('never logs the secret or the token', async () => {
    const pbx = groupsPbx();
    pbx.issueTokens('2');
    const { client, clock, lines } = clientFor(pbx);
    await client.groups();
    clock.advance(5000);
    await client.groups();
    pbx.onToken(() => json(401, { error: 'invalid_client' }));
    clock.advance(5000);
    await client.groups().catch(() => {});

    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain(SECRET);
      expect(line).not.toMatch(/token-\d/);
    }
  });
});

describe('token timing rules', () => {
  it.each([
    [3600, 3240], // 90 % of an hour is earlier than 60 s before expiry
    [300, 240], // 60 s before expiry is earlier than 90 %
    [2, 1], // never before half the lifetime
  ])('renews a %i s token after %i s', (lifetime, renewAfter) => {
    expect(renewalDelayMs(lifetime * 1000)).toBe(renewAfter * 1000);
  });

  it.each([
    ['3600', 3600],
    [' 120 ', 120],
    [900, 900],
    ['', undefined],
    ['0', undefined],
    ['-5', undefined],
    ['1h', undefined],
    [null, undefined],
  ])('parses expires_in %j as %j', (value, seconds) => {
    expect(parseExpiresIn(value)).toBe(seconds);
  });
});
