/**
 * How PBX answers become typed errors, how bad arguments are refused before anything is sent, and how a
 * drifting answer is logged once and handed on in the declared types.
 */
import { describe, expect, it } from 'vitest';
import {
  BusinessError,
  InvalidArgument,
  NotFound,
  PermissionDenied,
  ServerError,
  ValidationFailed,
  type PbxClient,
} from '../../../src-main/api';
import { clientFor, fakePbx, json, ok } from './fakePbx';

const UID = '1700000000.42';

describe('answers that are errors', () => {
  it('turns success:false with per-attribute messages into ValidationFailed', async () => {
    const pbx = fakePbx();
    pbx.on('PATCH', '/api/v1.0/user/3', () =>
      json(200, { success: false, data: { email: 'Invalid e-mail address', pin: ['Digits only'] } }),
    );
    const { client } = clientFor(pbx);

    const error = await client.users.update(3, { email: 'nope' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ValidationFailed);
    expect(error).toMatchObject({
      code: 'validation-failed',
      fields: { email: 'Invalid e-mail address', pin: 'Digits only' },
    });
    expect((error as Error).message).toBe(
      'The PBX refused the change and saved nothing. Correct these fields: email: Invalid e-mail address; pin: Digits only.',
    );
    // What a window gets: the code, main's sentence, and the request for the renderer's wording; no stack.
    expect((error as ValidationFailed).toJSON()).toEqual({
      code: 'validation-failed',
      message: (error as Error).message,
      params: { method: 'PATCH', path: '/user/3', status: 200 },
    });
  });

  it.each([
    ['the error field', { success: false, data: null, error: 'Unknown phone' }, 'Unknown phone'],
    ['a message in data', { success: false, data: 'Phone is offline' }, 'Phone is offline'],
    ['nothing', { success: false, data: null }, 'no reason was given'],
  ])('turns success:false with %s into BusinessError', async (_, body, reason) => {
    const pbx = fakePbx();
    pbx.on('PATCH', '/api/v1.0/call', () => json(200, body));
    const { client } = clientFor(pbx);

    const error = await client
      .controlCall({ identifier: 'desk-1' }, 'answer')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BusinessError);
    // Ringside's words around the PBX's own; the method and path are for logs, never the message.
    expect((error as Error).message).toBe(`The PBX’s answer: “${reason}”`);
    expect(error).toMatchObject({ params: { method: 'PATCH', path: '/call' } });
  });

  it.each([
    [
      403,
      PermissionDenied,
      'permission-denied',
      /^The PBX refused the request for lack of permission \(Forbidden\)/,
    ],
    [404, NotFound, 'not-found', /^The PBX did not find what Ringside asked for \(Forbidden\)/],
    [500, ServerError, 'server-error', /^The PBX failed to handle the request \(HTTP 500: Forbidden\)/],
    [503, ServerError, 'server-error', /HTTP 503/],
  ])('maps HTTP %i to its error', async (status, type, code, message) => {
    const pbx = fakePbx();
    pbx.on('GET', '/api/v1.0/user/3', () => json(status, { success: false, data: null, error: 'Forbidden' }));
    const { client } = clientFor(pbx, {
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    });

    const error = await client.users.get(3).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ code, context: { method: 'GET', path: '/user/3', status } });
    expect((error as Error).message).toMatch(message);
  });

  it.each([
    [
      'an HTML page',
      () => new Response('<html>Welcome to nginx</html>', { status: 200 }),
      'the answer is not JSON',
    ],
    [
      'JSON without the envelope',
      () => json(200, { hello: 'world' }),
      'the answer lacks the {success, data} envelope',
    ],
  ])('says "not a PBX" for %s', async (_, answer, what) => {
    const pbx = fakePbx();
    pbx.on('GET', '/api/v1.0/status', answer);
    const { client } = clientFor(pbx);

    const error = await client.status().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ reason: 'not-a-pbx' });
    expect((error as Error).message).toBe(
      `This server does not look like the PBX API: ${what}. ` +
        'Check the PBX URL in Settings (it should end with /api/v1.0).',
    );
  });

  it('reports a redirect with its target instead of following it', async () => {
    const pbx = fakePbx();
    pbx.on(
      'GET',
      '/api/v1.0/groups',
      () => new Response(null, { status: 301, headers: { location: 'https://new.pbx/' } }),
    );
    const { client } = clientFor(pbx);

    await expect(client.groups()).rejects.toThrow(
      'The server redirected Ringside’s request to https://new.pbx/. Enter the final address as the PBX URL in Settings.',
    );
    expect(pbx.apiRequests).toHaveLength(1);
  });

  it('refuses an answer whose whole shape is wrong', async () => {
    const pbx = fakePbx();
    pbx.on('GET', '/api/v1.0/extensions', () => ok({ not: 'a list' }));
    const { client } = clientFor(pbx);

    await expect(client.extensions()).rejects.toThrow(
      'The PBX answered the request unexpectedly: expected array but got object.',
    );
  });

  it('bounds PBX text quoted in a message', async () => {
    const pbx = fakePbx();
    pbx.on('POST', '/api/v1.0/call', () => json(200, { success: false, error: 'x'.repeat(5000) }));
    const { client } = clientFor(pbx);

    const error = (await client.placeCall({ identifier: 'desk-1' }, '100').catch((e: unknown) => e)) as Error;

    expect(error.message.length).toBeLessThan(400);
  });
});

describe('arguments refused before sending', () => {
  const cases: Array<[string, (client: PbxClient) => Promise<unknown>, RegExp]> = [
    ['a uniqueid that climbs the path', (c) => c.callDetail('../../users'), /call uniqueid is not valid/],
    ['a uniqueid with a query', (c) => c.metadata.get(`${UID}?x=1`), /call uniqueid is not valid/],
    ['a negative id', (c) => c.users.get(-1), /user id must be a whole number of 0 or more, not -1/],
    ['a fractional id', (c) => c.persons.get(1.5), /person id must be a whole number/],
    ['a NaN id', (c) => c.queue(Number.NaN), /queue id must be a whole number/],
    ['a dot-dot external id', (c) => c.users.getByExternalId('..'), /cannot be used in a URL/],
    ['an empty user name', (c) => c.permissions.byUsername(UID, ''), /between 1 and 255 characters/],
    ['a shared id with a slash', (c) => c.shared.get('a/b'), /shared data identifier is not valid/],
    ['an empty phone selector', (c) => c.listCalls({} as never), /phone selector/],
    [
      'a selector with both forms',
      (c) => c.hangUp({ identifier: 'a', extension: '1' } as never),
      /phone selector/,
    ],
    [
      'nothing to dial',
      (c) => c.placeCall({ identifier: 'desk-1' }, '  '),
      /to \(the number to dial\) is required/,
    ],
    ['a page too large', (c) => c.persons.list({ limit: 5000 }), /page \(limit 1–1000/],
    ['a negative offset', (c) => c.companies.list({ offset: -1 }), /page/],
    ['an unknown extension type', (c) => c.extensions({ type: 'pager' as never }), /extension filter/],
    [
      'an agent without id',
      (c) => c.agentQueues.set([{ queues: [] }]),
      /each agent needs an id or an external_id/,
    ],
    ['an empty agent list', (c) => c.agentQueues.set([]), /at least one agent/],
    [
      'a reply that transfers and ends',
      (c) => c.voicebot.reply('c', 't', {}, { transfer: true, end: true }),
      /not both/,
    ],
    ['an empty speech', (c) => c.voicebot.speak('conv', ''), /voicebot speech/],
    ['a negative wait', (c) => c.voicebot.extendWait('corr', -5), /voicebot wait extension/],
  ];

  it.each(cases)('refuses %s', async (_, invoke, message) => {
    const pbx = fakePbx();
    const { client } = clientFor(pbx);

    const error = await invoke(client).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(InvalidArgument);
    expect(error).toMatchObject({ code: 'invalid-argument' });
    expect((error as Error).message).toMatch(message);
    expect(pbx.requests).toEqual([]);
  });
});

describe('drift', () => {
  const drifted = [
    {
      id: 1,
      group_id: 1,
      displayname: 'A',
      firstname: null,
      lastname: 'B',
      external_id: null,
      shoe_size: 44,
    },
    { id: 2, group_id: 1, displayname: 'C', firstname: null, lastname: 'D', external_id: null },
  ];

  it('logs a drifted field once and hands on its fallback, keeping fields it does not know', async () => {
    const pbx = fakePbx();
    pbx.on('GET', '/api/v1.0/crm/persons', () => ok(drifted, { total: 2 }));
    const { client, lines } = clientFor(pbx);

    const first = await client.persons.list();
    const second = await client.persons.list();

    const read = drifted.map((item) => ({ ...item, firstname: '' }));
    expect(first).toEqual({ items: read, total: 2 });
    expect(second.items[0]?.firstname).toBe('');
    expect(first.items[0]).toHaveProperty('shoe_size', 44);
    const warnings = lines.filter((line) => line.startsWith('warn'));
    expect(warnings).toEqual([
      'warn PBX field persons[].firstname drifted: expected string, got null; replaced by "" ' +
        '(GET /crm/persons)',
    ]);
  });

  it('logs a list without total and says the total is unknown', async () => {
    const pbx = fakePbx();
    pbx.on('GET', '/api/v1.0/crm/companies', () =>
      ok([{ id: 1, group_id: 1, name: 'A', external_id: null }]),
    );
    const { client, lines } = clientFor(pbx);

    await expect(client.companies.list({ offset: 100 })).resolves.toMatchObject({
      items: [{ id: 1 }],
      total: null,
    });
    expect(lines).toContain(
      'warn PBX field companies.total drifted: expected int, got nothing (GET /crm/companies)',
    );
  });

  it('reads a long list a part at a time, in order, dropping only the broken item and logging it once', async () => {
    const pbx = fakePbx();
    const extensions = Array.from({ length: 1_000 }, (_, index) => ({
      id: index + 1,
      group_id: 1,
      number: String(1000 + index),
      name: `Phone ${index + 1}`,
      type: 'phone',
      external_id: null,
    }));
    // One item without its id, in a later part of the list: it cannot be kept, the others can.
    const broken = { ...extensions[600]!, id: undefined };
    pbx.on('GET', '/api/v1.0/extensions', () =>
      ok(extensions.map((item, at) => (at === 600 ? broken : item))),
    );
    const { client, lines } = clientFor(pbx);

    const read = await client.extensions();
    expect(read.map((item) => item.id)).toEqual(
      extensions.filter((_, at) => at !== 600).map((item) => item.id),
    );
    expect(lines.filter((line) => line.startsWith('warn'))).toHaveLength(1);
  });

  it('keeps a newer enum value instead of failing', async () => {
    const pbx = fakePbx();
    const extension = { id: 1, group_id: 1, number: '300', name: 'Bot', type: 'hologram', external_id: null };
    pbx.on('GET', '/api/v1.0/extensions', () => ok([extension]));
    const { client, lines } = clientFor(pbx);

    await expect(client.extensions()).resolves.toEqual([extension]);
    expect(lines.filter((line) => line.startsWith('warn'))).toEqual([]);
  });
});
