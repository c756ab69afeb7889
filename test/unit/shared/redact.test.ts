import { describe, expect, it } from 'vitest';
import { isSensitiveKey, redact, REDACTED } from '../../../src-main/shared/redact';

describe('redact: strings', () => {
  it.each([
    [
      'bearer token in prose',
      'retrying with Bearer abc.DEF-123_~+/= now',
      `retrying with Bearer ${REDACTED} now`,
    ],
    ['Authorization header', 'Authorization: Bearer abc123', `Authorization: ${REDACTED}`],
    ['Basic authorization header', 'authorization: Basic dXNlcjpwYXNz==', `authorization: ${REDACTED}`],
    [
      'header block',
      'Host: pbx\r\nProxy-Authorization: Digest abc\r\nAccept: */*',
      `Host: pbx\r\nProxy-Authorization: ${REDACTED}\r\nAccept: */*`,
    ],
    [
      'JSON token response',
      '{"access_token":"eyX.1","token_type":"Bearer","expires_in":3600}',
      `{"access_token":"${REDACTED}","token_type":"Bearer","expires_in":3600}`,
    ],
    [
      'JSON with spaces, escapes and a numeric pin',
      '{ "password" : "p\\"w", "pin": 1234, "user": "svc" }',
      `{ "password" : "${REDACTED}", "pin": "${REDACTED}", "user": "svc" }`,
    ],
    [
      'JSON encoded inside JSON',
      '{"body":"{\\"client_secret\\":\\"abc\\"}"}',
      `{"body":"{\\"client_secret\\":\\"${REDACTED}\\"}"}`,
    ],
    ['single-quoted object literal', "{ secret: 'abc', id: 7 }", `{ secret: '${REDACTED}', id: 7 }`],
    [
      'form body',
      'grant_type=client_credentials&client_id=ringside&client_secret=s3cr3t',
      `grant_type=client_credentials&client_id=ringside&client_secret=${REDACTED}`,
    ],
    [
      'URL query string',
      'GET https://pbx.example/api/call?access_token=abc&phone=100#top',
      `GET https://pbx.example/api/call?access_token=${REDACTED}&phone=100#top`,
    ],
    ['a URL as the value of another key', 'url=https://pbx/?token=abc', `url=https://pbx/?token=${REDACTED}`],
    [
      'password in a URL',
      'proxy http://agent:hunter2@proxy.local:3128',
      `proxy http://agent:${REDACTED}@proxy.local:3128`,
    ],
    ['bare JWT', 'id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln done', `id ${REDACTED} done`],
    [
      'key=value and key: value prose',
      'login failed, password: hunter2 pin=0000',
      `login failed, password: ${REDACTED} pin=${REDACTED}`,
    ],
    [
      'camelCase, prefixed, bracketed and API-key names',
      'clientSecret=a dbPassword=b credentials[secret]=c X-Api-Key: d',
      `clientSecret=${REDACTED} dbPassword=${REDACTED} credentials[secret]=${REDACTED} X-Api-Key: ${REDACTED}`,
    ],
  ])('%s', (_name, input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it.each([
    'connected to pbx.example as svc, 12 calls',
    'token_type=Bearer expires_in=3600',
    'mapping=queue-1 spin=3 shipping: yes pinned: true',
    'WWW-Authenticate: Bearer error="invalid_token"',
    'Basic setup done',
    '',
  ])('leaves harmless text alone: %j', (text) => {
    expect(redact(text)).toBe(text);
  });

  it('is idempotent', () => {
    const once = redact('{"password":"x"} Authorization: Bearer y client_secret=z');
    expect(redact(once)).toBe(once);
  });

  it('keeps redacted JSON parseable', () => {
    const json = JSON.stringify({ user: 'svc', password: 'p"w', pin: 1234, nested: { access_token: 'a' } });
    expect(JSON.parse(redact(json))).toEqual({
      user: 'svc',
      password: REDACTED,
      pin: REDACTED,
      nested: { access_token: REDACTED },
    });
  });
});

describe('redact: objects', () => {
  it('replaces sensitive keys deeply and scans every other string', () => {
    const input = {
      user: 'svc',
      auth: { clientSecret: 'a', password: 'b', refresh_token: 'c', pin: 1234 },
      headers: { Authorization: 'Bearer d', 'content-type': 'application/json' },
      list: [{ secret: 'e' }, 'Bearer f', 'plain'],
      note: 'sent client_secret=g',
    };
    expect(redact(input)).toEqual({
      user: 'svc',
      auth: { clientSecret: REDACTED, password: REDACTED, refresh_token: REDACTED, pin: REDACTED },
      headers: { Authorization: REDACTED, 'content-type': 'application/json' },
      list: [{ secret: REDACTED }, `Bearer ${REDACTED}`, 'plain'],
      note: `sent client_secret=${REDACTED}`,
    });
  });

  it('shows an unset secret as unset', () => {
    expect(redact({ password: undefined, secret: null })).toEqual({ password: undefined, secret: null });
  });

  it('does not mutate its input', () => {
    const input = { password: 'x', nested: { token: 'y' } };
    redact(input);
    expect(input).toEqual({ password: 'x', nested: { token: 'y' } });
  });

  it('survives cycles and keeps them as cycles', () => {
    const input: Record<string, unknown> = { password: 'x', name: 'loop' };
    input.self = input;
    input.children = [input];
    const output = redact(input) as Record<string, unknown>;
    expect(output.password).toBe(REDACTED);
    expect(output.self).toBe(output);
    expect((output.children as unknown[])[0]).toBe(output);
  });

  it('handles Maps, Sets, URLs, URLSearchParams and Headers', () => {
    const output = redact({
      map: new Map([
        ['password', 'x'],
        ['user', 'svc'],
      ]),
      set: new Set(['Bearer y']),
      url: new URL('https://pbx.example/?access_token=z'),
      params: new URLSearchParams({ client_secret: 'w', client_id: 'ringside' }),
      headers: new Headers({ authorization: 'Bearer v', accept: 'application/json' }),
    });
    expect(output).toEqual({
      map: new Map([
        ['password', REDACTED],
        ['user', 'svc'],
      ]),
      set: new Set([`Bearer ${REDACTED}`]),
      url: `https://pbx.example/?access_token=${REDACTED}`,
      params: `client_secret=${REDACTED}&client_id=ringside`,
      headers: { authorization: REDACTED, accept: 'application/json' },
    });
  });

  it('redacts Error messages, stacks, causes and extra fields, keeping the class', () => {
    class PbxError extends Error {
      override name = 'PbxError';
      code = 'auth-failed';
      requestBody = 'client_secret=s3cr3t';
    }
    const error = new PbxError('token refused for password=hunter2', {
      cause: new Error('upstream said Bearer abc'),
    });
    const output = redact(error) as PbxError;
    expect(output).toBeInstanceOf(PbxError);
    expect(output.message).toBe(`token refused for password=${REDACTED}`);
    expect(output.stack).toContain(`password=${REDACTED}`);
    expect(output.stack).not.toContain('hunter2');
    expect((output.cause as Error).message).toBe(`upstream said Bearer ${REDACTED}`);
    expect(output.code).toBe('auth-failed');
    expect(output.requestBody).toBe(`client_secret=${REDACTED}`);
    expect(error.message).toContain('hunter2');
  });

  it('keeps a __proto__ key from parsed JSON as data', () => {
    const output = redact(JSON.parse('{"__proto__": {"password": "x"}}')) as object;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toEqual({ password: REDACTED });
  });

  it('never throws, even for a value that throws when read', () => {
    const hostile = {
      get boom(): string {
        throw new Error('no');
      },
    };
    expect(redact(hostile)).toBe('[unreadable value]');
  });

  it('passes numbers, booleans, dates and byte arrays through', () => {
    const date = new Date(0);
    const bytes = new Uint8Array([1, 2]);
    expect(redact([1, true, null, undefined, date, bytes])).toEqual([1, true, null, undefined, date, bytes]);
  });

  it('stops at a depth limit instead of overflowing the stack', () => {
    let deep: Record<string, unknown> = { password: 'x' };
    for (let i = 0; i < 10_000; i++) deep = { child: deep };
    expect(JSON.stringify(redact(deep))).toContain('[nested too deeply]');
  });
});

describe('isSensitiveKey', () => {
  it.each([
    'password',
    'PASSWORD',
    'dbPassword',
    'client_secret',
    'clientsecret',
    'access-token',
    'pin',
    'X-API-Key',
    'Set-Cookie',
    'authorization',
  ])('%s is sensitive', (key) => expect(isSensitiveKey(key)).toBe(true));
  it.each([
    'user',
    'token_type',
    'tokenType',
    'expires_in',
    'mapping',
    'pinned',
    'spin',
    'key',
    'secretary_name',
  ])('%s is not', (key) => expect(isSensitiveKey(key)).toBe(false));
});
