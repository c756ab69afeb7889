/**
 * A demo PBX in its own process, so a benchmark measures the server's memory alone and the load generator
 * does not share its core. Started with IPC: sends `{baseUrl, …}` once listening, answers `'usage'` with its
 * resident set size and CPU time, exits on `'stop'`.
 *
 * With BENCH_BASELINE=1 it serves a bare Fastify app instead, answering GET /api/v1.0/crm/person/{id} with one
 * fixed person: the ceiling this machine and this client reach, to read the demo PBX's figure against.
 */
import Fastify from 'fastify';
import { startDemoPbx, type DemoPbxOptions } from '../../../src-main/demo-pbx';
import type { PhoneSelectorDto } from '../../../src-main/shared/contract';

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

const server: Server =
  process.env.BENCH_BASELINE === '1'
    ? await startBaseline()
    : await startDemoPbx({
        ...(JSON.parse(process.env.BENCH_OPTIONS ?? '{}') as DemoPbxOptions),
        ringEverySeconds: 0,
      });

process.send!({
  type: 'ready',
  baseUrl: server.baseUrl,
  authUrl: server.authUrl,
  credentials: server.credentials,
  agentPhone: server.agent?.phone ?? null,
  agentUsername: server.agent?.username ?? '',
  rss: process.memoryUsage().rss,
});
process.on('message', async (message) => {
  if (message === 'usage') {
    const cpu = process.cpuUsage();
    process.send!({ type: 'usage', rss: process.memoryUsage().rss, cpuMicros: cpu.user + cpu.system });
  }
  if (message === 'stop') {
    await server.close();
    process.exit(0);
  }
});
