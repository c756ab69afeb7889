/**
 * A demo PBX in its own process, so a benchmark measures the server's memory alone and the load generator
 * does not share its core. Started with IPC: sends `{baseUrl, …}` once listening, answers `'usage'` with its
 * resident set size and CPU time, exits on `'stop'`.
 *
 * With BENCH_BASELINE=1 it serves a bare Fastify app instead, answering GET /api/v1.0/crm/person/{id} with one
 * fixed person: the ceiling this machine and this client reach, to read the demo PBX's figure against.
 *
 * It also counts the requests it serves by method and path (ids as `{id}`, read from the request log) and
 * answers `'requests'` with the counts since the last `'resetRequests'`, and `'phoneUsers'` with the active
 * users whose own phone is registered (whom a team-server bench signs in and rings).
 */
import Fastify from 'fastify';
import { startDemoPbx, type DemoPbx, type DemoPbxOptions } from '../../../src-main/demo-pbx';
import type { PhoneSelectorDto } from '../../../src-main/shared/contract';
import type { Logger } from '../../../src-main/shared/logger';
import { pathPattern } from './requestPaths';

interface Server {
  baseUrl: string;
  authUrl: string;
  credentials: { clientId: string; clientSecret: string };
  /** The demo agent's phone (the baseline has none). */
  agent?: { username: string; phone: PhoneSelectorDto };
  close(): Promise<void>;
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

/** Requests served since the last reset, by `METHOD /path/{id}`. */
let requestCounts = new Map<string, number>();
/** The demo PBX's request log line: `GET /api/v1.0/queues?x=1 200 0.4ms`. */
const countingLogger: Logger = {
  debug() {},
  info(message) {
    const [method, url] = message.split(' ', 2);
    if (!method || !url?.startsWith('/')) return;
    const key = `${method} ${pathPattern(url)}`;
    requestCounts.set(key, (requestCounts.get(key) ?? 0) + 1);
  },
  warn() {},
  error: (message, ...details) => console.error(message, ...details),
};

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

const demo =
  process.env.BENCH_BASELINE === '1'
    ? undefined
    : await startDemoPbx({
        ...(JSON.parse(process.env.BENCH_OPTIONS ?? '{}') as DemoPbxOptions),
        ringEverySeconds: 0,
        logger: countingLogger,
      });
const server: Server = demo ?? (await startBaseline());

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
  if (message === 'requests') process.send!({ type: 'requests', counts: Object.fromEntries(requestCounts) });
  if (message === 'resetRequests') requestCounts = new Map();
  if (message === 'phoneUsers') process.send!({ type: 'phoneUsers', users: demo ? phoneUsers(demo) : [] });
  if (message === 'stop') {
    await server.close();
    process.exit(0);
  }
});
