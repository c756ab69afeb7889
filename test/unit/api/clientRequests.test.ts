/**
 * Every client method puts the documented request on the wire (method, path, query, body) and hands back
 * what the PBX answered. One row per endpoint of docs/pbx-api.md (the token endpoint is in token.test).
 */
import { describe, expect, it } from 'vitest';
import type { PbxClient } from '../../../src-main/api';
import {
  CallPermissions,
  CallRecordV1,
  CallRecordV2,
  Company,
  Extension,
  Group,
  Person,
  PersonListItem,
  Queue,
  QueueDetail,
  Status,
  User,
} from '../../../src-main/api/schemas';
import { exampleOf } from './exampleOf';
import { BASE_URL, clientFor, fakePbx, ok } from './fakePbx';

const UID = '1700000000.42';

interface Row {
  name: string;
  invoke: (client: PbxClient) => Promise<unknown>;
  /** `METHOD path`, the path relative to the v1 root, or an absolute URL for v2. */
  request: string;
  query?: Record<string, string>;
  body?: unknown;
  /** The envelope's data (and extra top-level fields) the fake answers with. */
  data: unknown;
  extra?: Record<string, unknown>;
  result: unknown;
}

/** A request whose answer the client hands back as the PBX sent it. */
const echo = (row: Omit<Row, 'result'>): Row => ({ ...row, result: row.data });
/** A write the PBX answers with `data: null`: the method resolves to nothing. */
const noContent = (row: Omit<Row, 'data' | 'result'>): Row => ({ ...row, data: null, result: undefined });

// Complete records: the client hands on every declared field, so a record it echoes must have them all.
const user = { ...exampleOf(User), id: 3, username: 'anna', group_id: 1 };
const person = { ...exampleOf(Person), id: 8, group_id: 1, displayname: 'Jana Dvořák', contacts: [] };
const company = { ...exampleOf(Company), id: 5, group_id: 1, name: 'Acme s.r.o.', persons: [] };
const status = { ...exampleOf(Status), trunks: { '1': { name: 'O2', status: 1, rtt: 12 } }, phones: {} };

const rows: Row[] = [
  {
    name: 'status',
    invoke: (c) => c.status(),
    request: 'GET /status',
    data: undefined,
    extra: status,
    result: { data: undefined, ...status },
  },
  echo({
    name: 'extensions (filtered)',
    invoke: (c) => c.extensions({ group_id: 2, type: 'phone' }),
    request: 'GET /extensions',
    query: { group_id: '2', type: 'phone' },
    data: [{ ...exampleOf(Extension), id: 1, number: '201', color: 'kept' }],
  }),
  echo({
    name: 'extensions (all)',
    invoke: (c) => c.extensions(),
    request: 'GET /extensions',
    query: {},
    data: [],
  }),
  echo({
    name: 'queues',
    invoke: (c) => c.queues(),
    request: 'GET /queues',
    data: [{ ...exampleOf(Queue), id: 1 }],
  }),
  echo({
    name: 'queue',
    invoke: (c) => c.queue(7),
    request: 'GET /queue/7',
    data: { ...exampleOf(QueueDetail), name: 'Sales', agents_idle: 2 },
  }),
  echo({
    name: 'groups',
    invoke: (c) => c.groups(),
    request: 'GET /groups',
    data: [{ ...exampleOf(Group), id: 1 }],
  }),
  echo({ name: 'roles', invoke: (c) => c.roles(), request: 'GET /roles', data: [] }),
  echo({ name: 'teams', invoke: (c) => c.teams(), request: 'GET /teams', data: [] }),
  echo({
    name: 'listCalls by identifier',
    invoke: (c) => c.listCalls({ identifier: 'desk-1' }),
    request: 'GET /call',
    query: { identifier: 'desk-1' },
    data: [{ uniqueid: UID, state: 1 }],
  }),
  echo({
    name: 'listCalls by extension and partition',
    invoke: (c) => c.listCalls({ extension: '201', partition: 2 }),
    request: 'GET /call',
    query: { extension: '201', partition: '2' },
    data: [],
  }),
  echo({
    name: 'placeCall',
    invoke: (c) => c.placeCall({ extension: '201' }, '+420 601 123 456', { ticket: 'T-9' }),
    request: 'POST /call',
    body: { extension: '201', to: '+420 601 123 456', data: { ticket: 'T-9' } },
    data: 'Call is being placed',
  }),
  echo({
    name: 'controlCall',
    invoke: (c) => c.controlCall({ identifier: 'desk-1' }, 'held'),
    request: 'PATCH /call',
    body: { identifier: 'desk-1', state: 'held' },
    data: 'Call held',
  }),
  echo({
    name: 'hangUp',
    invoke: (c) => c.hangUp({ identifier: 'desk-1' }),
    request: 'DELETE /call',
    body: { identifier: 'desk-1' },
    data: 'Call hung up',
  }),
  echo({
    name: 'callDetail with flags',
    invoke: (c) => c.callDetail(UID, { path: false, queue: true, resolveTags: true }),
    request: `GET /call/${UID}`,
    query: { path: '0', queue: '1', resolve_tags: '1' },
    data: { ...exampleOf(CallRecordV1), uniqueid: UID },
  }),
  echo({
    name: 'callDetail with the PBX defaults',
    invoke: (c) => c.callDetail(UID),
    request: `GET /call/${UID}`,
    query: {},
    data: { ...exampleOf(CallRecordV1), uniqueid: UID },
  }),
  echo({
    name: 'callDetailV2 (under the auth URL)',
    invoke: (c) => c.callDetailV2(UID, { path: true }),
    request: `GET https://pbx.test/api/v2.0/call/${UID}`,
    query: { path: '1' },
    data: { ...exampleOf(CallRecordV2), uniqueid: UID, state: 3 },
  }),
  echo({
    name: 'permissions by user id',
    invoke: (c) => c.permissions.byUserId(UID, 12),
    request: `GET /call/${UID}/permissions/12`,
    data: { ...exampleOf(CallPermissions), info: true },
  }),
  echo({
    name: 'permissions by external id (encoded)',
    invoke: (c) => c.permissions.byExternalId(UID, 'crm/42 x'),
    request: `GET /call/${UID}/permissions/external/crm%2F42%20x`,
    data: { ...exampleOf(CallPermissions), info: false },
  }),
  echo({
    name: 'permissions by username',
    invoke: (c) => c.permissions.byUsername(UID, 'anna.novak'),
    request: `GET /call/${UID}/permissions/username/anna.novak`,
    data: { ...exampleOf(CallPermissions), info: true },
  }),
  echo({
    name: 'metadata get',
    invoke: (c) => c.metadata.get(UID),
    request: `GET /metadata/${UID}`,
    data: { note: 'vip' },
  }),
  echo({
    name: 'metadata update (null deletes)',
    invoke: (c) => c.metadata.update(UID, { note: 'called back', old: null }),
    request: `POST /metadata/${UID}`,
    body: { note: 'called back', old: null },
    data: { note: 'called back' },
  }),
  echo({
    name: 'shared get',
    invoke: (c) => c.shared.get('crm.config'),
    request: 'GET /shared/crm.config',
    data: { type: 'json', data: { a: 1 } },
  }),
  noContent({
    name: 'shared set',
    invoke: (c) => c.shared.set('crm.config', { type: 'json', data: { a: 2 } }),
    request: 'POST /shared/crm.config',
    body: { type: 'json', data: { a: 2 } },
  }),
  echo({ name: 'users list', invoke: (c) => c.users.list(), request: 'GET /users', data: [] }),
  echo({
    name: 'users get',
    invoke: (c) => c.users.get(3),
    request: 'GET /user/3',
    data: user,
  }),
  echo({
    name: 'users getByExternalId',
    invoke: (c) => c.users.getByExternalId('AD-7'),
    request: 'GET /user/external/AD-7',
    data: user,
  }),
  echo({
    name: 'users create',
    invoke: (c) => c.users.create({ username: 'anna', group_id: 1 }),
    request: 'POST /user',
    body: { username: 'anna', group_id: 1 },
    data: 12,
  }),
  noContent({
    name: 'users update',
    invoke: (c) => c.users.update(3, { firstname: 'Anna' }),
    request: 'PATCH /user/3',
    body: { firstname: 'Anna' },
  }),
  noContent({
    name: 'users updateByExternalId',
    invoke: (c) => c.users.updateByExternalId('AD-7', { active: false }),
    request: 'PATCH /user/external/AD-7',
    body: { active: false },
  }),
  noContent({
    name: 'users delete',
    invoke: (c) => c.users.delete(3),
    request: 'DELETE /user/3',
  }),
  noContent({
    name: 'users deleteByExternalId',
    invoke: (c) => c.users.deleteByExternalId('AD-7'),
    request: 'DELETE /user/external/AD-7',
  }),
  echo({
    name: 'agentQueues get',
    invoke: (c) => c.agentQueues.get(),
    request: 'GET /queues/agents',
    data: [{ id: 3, queues: [] }],
  }),
  echo({
    name: 'agentQueues set',
    invoke: (c) => c.agentQueues.set([{ external_id: 'AD-7', queues: [{ id: 1, priority: 50 }] }]),
    request: 'POST /queues/agents',
    body: [{ external_id: 'AD-7', queues: [{ id: 1, priority: 50 }] }],
    data: [
      {
        external_id: 'AD-7',
        success: true,
        queues: [{ id: 1, success: true, message: 'Agent added into queue' }],
      },
    ],
  }),
  {
    name: 'persons list',
    invoke: (c) => c.persons.list({ limit: 50, offset: 100 }),
    request: 'GET /crm/persons',
    query: { limit: '50', offset: '100' },
    data: [{ ...exampleOf(PersonListItem), id: 8 }],
    extra: { total: 151 },
    result: { items: [{ ...exampleOf(PersonListItem), id: 8 }], total: 151 },
  },
  echo({
    name: 'persons get',
    invoke: (c) => c.persons.get(8),
    request: 'GET /crm/person/8',
    data: person,
  }),
  echo({
    name: 'persons getByExternalId',
    invoke: (c) => c.persons.getByExternalId('crm-8'),
    request: 'GET /crm/person/external/crm-8',
    data: person,
  }),
  echo({
    name: 'persons create',
    invoke: (c) =>
      c.persons.create({ group_id: 1, firstname: 'Jana', contacts: [{ type: 1, contact: '+420601123456' }] }),
    request: 'POST /crm/person',
    body: { group_id: 1, firstname: 'Jana', contacts: [{ type: 1, contact: '+420601123456' }] },
    data: 9,
  }),
  noContent({
    name: 'persons update',
    invoke: (c) => c.persons.update(8, { note: 'prefers e-mail' }),
    request: 'PATCH /crm/person/8',
    body: { note: 'prefers e-mail' },
  }),
  noContent({
    name: 'persons delete',
    invoke: (c) => c.persons.delete(8),
    request: 'DELETE /crm/person/8',
  }),
  {
    name: 'companies list (PBX default page)',
    invoke: (c) => c.companies.list(),
    request: 'GET /crm/companies',
    query: {},
    data: [],
    extra: { total: 0 },
    result: { items: [], total: 0 },
  },
  echo({
    name: 'companies get',
    invoke: (c) => c.companies.get(5),
    request: 'GET /crm/company/5',
    data: company,
  }),
  echo({
    name: 'companies getByExternalId',
    invoke: (c) => c.companies.getByExternalId('ACME'),
    request: 'GET /crm/company/external/ACME',
    data: company,
  }),
  {
    name: 'companies create',
    invoke: (c) => c.companies.create({ group_id: 1, name: 'Acme s.r.o.' }),
    request: 'POST /crm/company',
    body: { group_id: 1, name: 'Acme s.r.o.' },
    data: '6',
    result: 6,
  },
  noContent({
    name: 'companies update',
    invoke: (c) => c.companies.update(5, { persons: [{ person_id: 8, role: 'CEO' }] }),
    request: 'PATCH /crm/company/5',
    body: { persons: [{ person_id: 8, role: 'CEO' }] },
  }),
  noContent({
    name: 'companies delete',
    invoke: (c) => c.companies.delete(5),
    request: 'DELETE /crm/company/5',
  }),
  noContent({
    name: 'voicebot speak',
    invoke: (c) => c.voicebot.speak('conv-1', 'One moment, please.'),
    request: 'POST /voicebot/say',
    body: { conversationId: 'conv-1', text: 'One moment, please.' },
  }),
  noContent({
    name: 'voicebot extendWait',
    invoke: (c) => c.voicebot.extendWait('corr-1', 15),
    request: 'POST /voicebot/say',
    body: { correlationId: 'corr-1', extendTimeout: 15 },
  }),
  noContent({
    name: 'voicebot reply that ends the call',
    invoke: (c) => c.voicebot.reply('corr-1', 'Goodbye.', { intent: 'cancel' }, { end: true }),
    request: 'POST /voicebot/say',
    body: { correlationId: 'corr-1', text: 'Goodbye.', extractedData: { intent: 'cancel' }, end: true },
  }),
];

describe('PbxClient requests', () => {
  it.each(rows)('$name', async (row) => {
    const pbx = fakePbx();
    const [method, path] = row.request.split(' ') as [string, string];
    const absolute = path.startsWith('https://') ? new URL(path) : new URL(`${BASE_URL}${path}`);
    pbx.on(method, absolute.pathname, () => ok(row.data, row.extra));
    const { client } = clientFor(pbx);

    await expect(row.invoke(client)).resolves.toEqual(row.result);

    expect(pbx.apiRequests).toHaveLength(1);
    const [request] = pbx.apiRequests;
    expect(request?.method).toBe(method);
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
