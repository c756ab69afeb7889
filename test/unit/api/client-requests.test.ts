/**
 * Every client method puts the documented request on the wire (method, path, query, body) and hands back
 * what the PBX answered. One row per endpoint of pbx-api.md section 4 (the token endpoint is in token.test).
 */
import { describe, expect, it } from 'vitest';
import type { PbxClient } from '../../../src-main/api';
import { BASE_URL, clientFor, fakePbx, ok } from './fake-pbx';

const UID = '1700000000.42';

interface Row {
  name: string;
  invoke: (client: PbxClient) => Promise<unknown>;
  method: string;
  /** Relative to the v1 root, or an absolute URL path for v2. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** The envelope's data (and extra top-level fields) the fake answers with. */
  data: unknown;
  extra?: Record<string, unknown>;
  result: unknown;
}

const user = { id: 3, username: 'anna', group_id: 1 };
const person = { id: 8, group_id: 1, displayname: 'Jana Dvořák', contacts: [] };
const company = { id: 5, group_id: 1, name: 'Acme s.r.o.', persons: [] };
const status = { trunks: { '1': { name: 'O2', status: 1, rtt: 12 } }, phones: {}, core: 1, api: 1 };

const rows: Row[] = [
  {
    name: 'status',
    invoke: (c) => c.status(),
    method: 'GET',
    path: '/status',
    data: undefined,
    extra: status,
    result: { success: true, data: undefined, ...status },
  },
  {
    name: 'extensions (filtered)',
    invoke: (c) => c.extensions({ group_id: 2, type: 'phone' }),
    method: 'GET',
    path: '/extensions',
    query: { group_id: '2', type: 'phone' },
    data: [{ id: 1, number: '201', color: 'kept' }],
    result: [{ id: 1, number: '201', color: 'kept' }],
  },
  {
    name: 'extensions (all)',
    invoke: (c) => c.extensions(),
    method: 'GET',
    path: '/extensions',
    query: {},
    data: [],
    result: [],
  },
  {
    name: 'queues',
    invoke: (c) => c.queues(),
    method: 'GET',
    path: '/queues',
    data: [{ id: 1 }],
    result: [{ id: 1 }],
  },
  {
    name: 'queue',
    invoke: (c) => c.queue(7),
    method: 'GET',
    path: '/queue/7',
    data: { name: 'Sales', agents_idle: 2 },
    result: { name: 'Sales', agents_idle: 2 },
  },
  {
    name: 'groups',
    invoke: (c) => c.groups(),
    method: 'GET',
    path: '/groups',
    data: [{ id: 1 }],
    result: [{ id: 1 }],
  },
  { name: 'roles', invoke: (c) => c.roles(), method: 'GET', path: '/roles', data: [], result: [] },
  { name: 'teams', invoke: (c) => c.teams(), method: 'GET', path: '/teams', data: [], result: [] },
  {
    name: 'listCalls by identifier',
    invoke: (c) => c.listCalls({ identifier: 'desk-1' }),
    method: 'GET',
    path: '/call',
    query: { identifier: 'desk-1' },
    data: [{ uniqueid: UID, state: 1 }],
    result: [{ uniqueid: UID, state: 1 }],
  },
  {
    name: 'listCalls by extension and partition',
    invoke: (c) => c.listCalls({ extension: '201', partition: 2 }),
    method: 'GET',
    path: '/call',
    query: { extension: '201', partition: '2' },
    data: [],
    result: [],
  },
  {
    name: 'placeCall',
    invoke: (c) => c.placeCall({ extension: '201' }, '+420 601 123 456', { ticket: 'T-9' }),
    method: 'POST',
    path: '/call',
    body: { extension: '201', to: '+420 601 123 456', data: { ticket: 'T-9' } },
    data: 'Call is being placed',
    result: 'Call is being placed',
  },
  {
    name: 'controlCall',
    invoke: (c) => c.controlCall({ identifier: 'desk-1' }, 'held'),
    method: 'PATCH',
    path: '/call',
    body: { identifier: 'desk-1', state: 'held' },
    data: 'Call held',
    result: 'Call held',
  },
  {
    name: 'hangUp',
    invoke: (c) => c.hangUp({ identifier: 'desk-1' }),
    method: 'DELETE',
    path: '/call',
    body: { identifier: 'desk-1' },
    data: 'Call hung up',
    result: 'Call hung up',
  },
  {
    name: 'callDetail with flags',
    invoke: (c) => c.callDetail(UID, { path: false, queue: true, resolveTags: true }),
    method: 'GET',
    path: `/call/${UID}`,
    query: { path: '0', queue: '1', resolve_tags: '1' },
    data: { uniqueid: UID },
    result: { uniqueid: UID },
  },
  {
    name: 'callDetail with the PBX defaults',
    invoke: (c) => c.callDetail(UID),
    method: 'GET',
    path: `/call/${UID}`,
    query: {},
    data: { uniqueid: UID },
    result: { uniqueid: UID },
  },
  {
    name: 'callDetailV2 (under the auth URL)',
    invoke: (c) => c.callDetailV2(UID, { path: true }),
    method: 'GET',
    path: `https://pbx.test/api/v2.0/call/${UID}`,
    query: { path: '1' },
    data: { uniqueid: UID, state: 3 },
    result: { uniqueid: UID, state: 3 },
  },
  {
    name: 'permissions by user id',
    invoke: (c) => c.permissions.byUserId(UID, 12),
    method: 'GET',
    path: `/call/${UID}/permissions/12`,
    data: { info: true },
    result: { info: true },
  },
  {
    name: 'permissions by external id (encoded)',
    invoke: (c) => c.permissions.byExternalId(UID, 'crm/42 x'),
    method: 'GET',
    path: `/call/${UID}/permissions/external/crm%2F42%20x`,
    data: { info: false },
    result: { info: false },
  },
  {
    name: 'permissions by username',
    invoke: (c) => c.permissions.byUsername(UID, 'anna.novak'),
    method: 'GET',
    path: `/call/${UID}/permissions/username/anna.novak`,
    data: { info: true },
    result: { info: true },
  },
  {
    name: 'metadata get',
    invoke: (c) => c.metadata.get(UID),
    method: 'GET',
    path: `/metadata/${UID}`,
    data: { note: 'vip' },
    result: { note: 'vip' },
  },
  {
    name: 'metadata update (null deletes)',
    invoke: (c) => c.metadata.update(UID, { note: 'called back', old: null }),
    method: 'POST',
    path: `/metadata/${UID}`,
    body: { note: 'called back', old: null },
    data: { note: 'called back' },
    result: { note: 'called back' },
  },
  {
    name: 'shared get',
    invoke: (c) => c.shared.get('crm.config'),
    method: 'GET',
    path: '/shared/crm.config',
    data: { type: 'json', data: { a: 1 } },
    result: { type: 'json', data: { a: 1 } },
  },
  {
    name: 'shared set',
    invoke: (c) => c.shared.set('crm.config', { type: 'json', data: { a: 2 } }),
    method: 'POST',
    path: '/shared/crm.config',
    body: { type: 'json', data: { a: 2 } },
    data: null,
    result: undefined,
  },
  { name: 'users list', invoke: (c) => c.users.list(), method: 'GET', path: '/users', data: [], result: [] },
  {
    name: 'users get',
    invoke: (c) => c.users.get(3),
    method: 'GET',
    path: '/user/3',
    data: user,
    result: user,
  },
  {
    name: 'users getByExternalId',
    invoke: (c) => c.users.getByExternalId('AD-7'),
    method: 'GET',
    path: '/user/external/AD-7',
    data: user,
    result: user,
  },
  {
    name: 'users create',
    invoke: (c) => c.users.create({ username: 'anna', group_id: 1 }),
    method: 'POST',
    path: '/user',
    body: { username: 'anna', group_id: 1 },
    data: 12,
    result: 12,
  },
  {
    name: 'users update',
    invoke: (c) => c.users.update(3, { firstname: 'Anna' }),
    method: 'PATCH',
    path: '/user/3',
    body: { firstname: 'Anna' },
    data: null,
    result: undefined,
  },
  {
    name: 'users updateByExternalId',
    invoke: (c) => c.users.updateByExternalId('AD-7', { active: false }),
    method: 'PATCH',
    path: '/user/external/AD-7',
    body: { active: false },
    data: null,
    result: undefined,
  },
  {
    name: 'users delete',
    invoke: (c) => c.users.delete(3),
    method: 'DELETE',
    path: '/user/3',
    data: null,
    result: undefined,
  },
  {
    name: 'users deleteByExternalId',
    invoke: (c) => c.users.deleteByExternalId('AD-7'),
    method: 'DELETE',
    path: '/user/external/AD-7',
    data: null,
    result: undefined,
  },
  {
    name: 'agentQueues get',
    invoke: (c) => c.agentQueues.get(),
    method: 'GET',
    path: '/queues/agents',
    data: [{ id: 3, queues: [] }],
    result: [{ id: 3, queues: [] }],
  },
  {
    name: 'agentQueues set',
    invoke: (c) => c.agentQueues.set([{ external_id: 'AD-7', queues: [{ id: 1, priority: 50 }] }]),
    method: 'POST',
    path: '/queues/agents',
    body: [{ external_id: 'AD-7', queues: [{ id: 1, priority: 50 }] }],
    data: [
      {
        external_id: 'AD-7',
        success: true,
        queues: [{ id: 1, success: true, message: 'Agent added into queue' }],
      },
    ],
    result: [
      {
        external_id: 'AD-7',
        success: true,
        queues: [{ id: 1, success: true, message: 'Agent added into queue' }],
      },
    ],
  },
  {
    name: 'persons list',
    invoke: (c) => c.persons.list({ limit: 50, offset: 100 }),
    method: 'GET',
    path: '/crm/persons',
    query: { limit: '50', offset: '100' },
    data: [{ id: 8 }],
    extra: { total: 151 },
    result: { items: [{ id: 8 }], total: 151 },
  },
  {
    name: 'persons get',
    invoke: (c) => c.persons.get(8),
    method: 'GET',
    path: '/crm/person/8',
    data: person,
    result: person,
  },
  {
    name: 'persons getByExternalId',
    invoke: (c) => c.persons.getByExternalId('crm-8'),
    method: 'GET',
    path: '/crm/person/external/crm-8',
    data: person,
    result: person,
  },
  {
    name: 'persons create',
    invoke: (c) =>
      c.persons.create({ group_id: 1, firstname: 'Jana', contacts: [{ type: 1, contact: '+420601123456' }] }),
    method: 'POST',
    path: '/crm/person',
    body: { group_id: 1, firstname: 'Jana', contacts: [{ type: 1, contact: '+420601123456' }] },
    data: 9,
    result: 9,
  },
  {
    name: 'persons update',
    invoke: (c) => c.persons.update(8, { note: 'prefers e-mail' }),
    method: 'PATCH',
    path: '/crm/person/8',
    body: { note: 'prefers e-mail' },
    data: null,
    result: undefined,
  },
  {
    name: 'persons delete',
    invoke: (c) => c.persons.delete(8),
    method: 'DELETE',
    path: '/crm/person/8',
    data: null,
    result: undefined,
  },
  {
    name: 'companies list (PBX default page)',
    invoke: (c) => c.companies.list(),
    method: 'GET',
    path: '/crm/companies',
    query: {},
    data: [],
    extra: { total: 0 },
    result: { items: [], total: 0 },
  },
  {
    name: 'companies get',
    invoke: (c) => c.companies.get(5),
    method: 'GET',
    path: '/crm/company/5',
    data: company,
    result: company,
  },
  {
    name: 'companies getByExternalId',
    invoke: (c) => c.companies.getByExternalId('ACME'),
    method: 'GET',
    path: '/crm/company/external/ACME',
    data: company,
    result: company,
  },
  {
    name: 'companies create',
    invoke: (c) => c.companies.create({ group_id: 1, name: 'Acme s.r.o.' }),
    method: 'POST',
    path: '/crm/company',
    body: { group_id: 1, name: 'Acme s.r.o.' },
    data: '6',
    result: 6,
  },
  {
    name: 'companies update',
    invoke: (c) => c.companies.update(5, { persons: [{ person_id: 8, role: 'CEO' }] }),
    method: 'PATCH',
    path: '/crm/company/5',
    body: { persons: [{ person_id: 8, role: 'CEO' }] },
    data: null,
    result: undefined,
  },
  {
    name: 'companies delete',
    invoke: (c) => c.companies.delete(5),
    method: 'DELETE',
    path: '/crm/company/5',
    data: null,
    result: undefined,
  },
  {
    name: 'voicebot speak',
    invoke: (c) => c.voicebot.speak('conv-1', 'One moment, please.'),
    method: 'POST',
    path: '/voicebot/say',
    body: { conversationId: 'conv-1', text: 'One moment, please.' },
    data: null,
    result: undefined,
  },
  {
    name: 'voicebot extendWait',
    invoke: (c) => c.voicebot.extendWait('corr-1', 15),
    method: 'POST',
    path: '/voicebot/say',
    body: { correlationId: 'corr-1', extendTimeout: 15 },
    data: null,
    result: undefined,
  },
  {
    name: 'voicebot reply that ends the call',
    invoke: (c) => c.voicebot.reply('corr-1', 'Goodbye.', { intent: 'cancel' }, { end: true }),
    method: 'POST',
    path: '/voicebot/say',
    body: { correlationId: 'corr-1', text: 'Goodbye.', extractedData: { intent: 'cancel' }, end: true },
    data: null,
    result: undefined,
  },
];

describe('PbxClient requests', () => {
  it.each(rows)('$name', async (row) => {
    const pbx = fakePbx();
    const absolute = row.path.startsWith('https://') ? new URL(row.path) : new URL(`${BASE_URL}${row.path}`);
    pbx.on(row.method, absolute.pathname, () => ok(row.data, row.extra));
    const { client } = clientFor(pbx);

    await expect(row.invoke(client)).resolves.toEqual(row.result);

    expect(pbx.apiRequests).toHaveLength(1);
    const [request] = pbx.apiRequests;
    expect(request?.method).toBe(row.method);
    expect(request?.url.origin).toBe(absolute.origin);
    expect(request?.path).toBe(absolute.pathname);
    if (row.query) expect(request?.query).toEqual(row.query);
    expect(request?.body).toEqual(row.body);
    expect(request?.headers.authorization).toBe('Bearer token-1');
    if (row.body !== undefined) expect(request?.headers['content-type']).toBe('application/json');
  });

  it('has a row for every method of the client', async () => {
    const { client } = clientFor(fakePbx());
    const methods = new Set<string>();
    for (const [key, value] of Object.entries(client)) {
      if (typeof value === 'function') methods.add(key);
      else if (typeof value === 'object' && value !== null && key !== 'urls') {
        for (const [inner, member] of Object.entries(value))
          if (typeof member === 'function') methods.add(`${key}.${inner}`);
      }
    }
    const exercised = new Set<string>();
    const noop = () => Promise.resolve();
    const recorder = new Proxy(
      {},
      {
        get: (_, key: string) => {
          const value = (client as unknown as Record<string, unknown>)[key];
          if (typeof value === 'function') return (exercised.add(key), noop);
          return new Proxy({}, { get: (__, inner: string) => (exercised.add(`${key}.${inner}`), noop) });
        },
      },
    ) as PbxClient;
    for (const row of rows) await row.invoke(recorder);
    expect([...methods].filter((method) => !exercised.has(method))).toEqual([]);
    expect(methods.size).toBeGreaterThanOrEqual(40);
  });
});
