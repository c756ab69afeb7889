/**
 * A demo PBX in its own process, so a benchmark measures the server's memory alone and the load generator
 * does not share its core. Started with IPC: sends `{baseUrl, …}` once listening, answers `'usage'` with its
 * resident set size and CPU time, exits on `'stop'`.
 *
 * With BENCH_BASELINE=1 it serves a bare Fastify app instead, answering GET /api/v1.0/crm/person/{id} with one
 * fixed person: the ceiling this machine and this client reach, to read the demo PBX's figure against. With
 * BENCH_BASELINE=answers the bare app answers with the demo PBX's own answer for each id (its JSON, built
 * before listening): what the answers alone cost, larger and more varied than the fixed person, without the
 * demo PBX's routes, hooks and stores.
 *
 * It answers `'requests'` with the requests the demo PBX received since the last `'resetRequests'`, by
 * method and route (parameters as `{id}`; its own counts, `sim.requests`), and `'phoneUsers'` with the active
 * users whose own phone is registered (whom a team-server bench signs in and rings).
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { startDemoPbx, type DemoPbx, type DemoPbxOptions } from '../../../src-main/demo-pbx';
import { ok } from '../../../src-main/demo-pbx/http/envelope';
import type { PhoneSelectorDto } from '../../../src-main/shared/contract';
import { routePattern } from './requestPaths';

interface Server {
  baseUrl: string;
  authUrl: string;
  credentials: { clientId: string; clientSecret: string };
  /** The demo agent's phone (the baseline has none). */
  agent?: { username: string; phone: PhoneSelectorDto };
  close(): Promise<void>;
}

async function listenBare(app: FastifyInstance): Promise<Server> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const authUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    baseUrl: `${authUrl}/api/v1.0`,
    authUrl,
    credentials: { clientId: '', clientSecret: '' },
    close: () => app.close(),
  };
}

/** The bare app answering each id with the demo PBX's answer for it, as the JSON string it sends. */
async function startAnswersBaseline(options: DemoPbxOptions): Promise<Server> {
  const pbx = await startDemoPbx({ ...options, ringEverySeconds: 0 });
  const { crm } = pbx.sim.state;
  const answers: string[] = [];
  for (let id = 1; id <= crm.persons.total; id++) {
    const person = crm.persons.get(id);
    if (person) answers[id] = JSON.stringify(ok(crm.personDetail(person)));
  }
  await pbx.close();
  const app = Fastify();
  app.get('/api/v1.0/crm/person/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    void reply.header('content-type', 'application/json; charset=utf-8');
    return answers[Number(request.params.id)];
  });
  return listenBare(app);
}

async function startBaseline(): Promise<Server> {
  const app = Fastify();
  const person = {
    id: 5,
    group_id: 1,
    displayname: 'Viliam Babka',
    firstname: 'Viliam',
    lastname: 'Babka',
    note: '',
    external_id: 'CRM-000005',
    data: { language: 'sk', segment: 'premium', customer_since: 2009 },
    contacts: [
      { id: 50, type: 1, contact: '0950 026 199', label: 'mobile' },
      { id: 51, type: 2, contact: 'vbabka@babka.sk', label: 'work' },
    ],
    interactions: [],
    companies: [],
    tasks: [],
  };
  app.get('/api/v1.0/crm/person/:id', async () => ({ success: true, data: person }));
  return listenBare(app);
}

/** Users with a registered phone of their own, the demo's own agent first. */
function phoneUsers(demo: DemoPbx): { userId: number; username: string; extension: string }[] {
  const organisation = demo.sim.state.organisation;
  return organisation.allUsers().flatMap((user) => {
    const phone = organisation.phoneOfUser(user.id);
    return user.active && phone?.registered
      ? [{ userId: user.id, username: user.username, extension: phone.extension }]
      : [];
  });
}

const options = JSON.parse(process.env.BENCH_OPTIONS ?? '{}') as DemoPbxOptions;
const baseline = process.env.BENCH_BASELINE;
const demo =
  baseline === '1' || baseline === 'answers'
    ? undefined
    : await startDemoPbx({ ...options, ringEverySeconds: 0 });
const server: Server =
  demo ?? (baseline === 'answers' ? await startAnswersBaseline(options) : await startBaseline());

process.send!({
  type: 'ready',
  baseUrl: server.baseUrl,
  authUrl: server.authUrl,
  credentials: server.credentials,
  agentPhone: server.agent?.phone ?? null,
  agentUsername: server.agent?.username ?? '',
  country: demo?.country ?? '',
  rss: process.memoryUsage().rss,
});
process.on('message', async (message) => {
  if (message === 'usage') {
    const cpu = process.cpuUsage();
    process.send!({ type: 'usage', rss: process.memoryUsage().rss, cpuMicros: cpu.user + cpu.system });
  }
  if (message === 'requests') {
    const counts = [...(demo?.sim.requests.all() ?? [])].map(([route, count]) => [
      routePattern(route),
      count,
    ]);
    process.send!({ type: 'requests', counts: Object.fromEntries(counts) });
  }
  if (message === 'resetRequests') demo?.sim.requests.reset();
  if (message === 'phoneUsers') process.send!({ type: 'phoneUsers', users: demo ? phoneUsers(demo) : [] });
  if (message === 'stop') {
    await server.close();
    process.exit(0);
  }
});
