/**
 * Demo PBX figures: requests per second of GET /crm/person/{id} over keep-alive connections on loopback,
 * and the server's resident memory with 100,000 persons, after start and after serving the traffic.
 * The server's CPU time per request is reported too, and the rate a bare Fastify app serving one fixed person
 * reaches with the same client: the machine's ceiling, against which the demo PBX's rate is read.
 */
import { Agent, request } from 'node:http';
import type { Report } from './run';
import { startDemoPbxProcess, type DemoPbxReady } from './support/demoPbxChild';

const PERSONS = 100_000;
const CONNECTIONS = 16;
const DURATION_MS = 3000;

async function token(ready: DemoPbxReady): Promise<string> {
  const response = await fetch(`${ready.authUrl}/login/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: ready.credentials.clientId,
      client_secret: ready.credentials.clientSecret,
      grant_type: 'client_credentials',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** One GET over the keep-alive agent; resolves with the status once the body has been read. */
function get(agent: Agent, url: URL, authorization: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent, headers: { authorization } }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** CONNECTIONS loops, each sending the next request as soon as the last one is answered. */
async function personRequestsPerSecond(
  ready: DemoPbxReady,
  authorization: string,
): Promise<{ rate: number; done: number; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const deadline = performance.now() + DURATION_MS;
  let done = 0;
  let errors = 0;
  let seed = 12_345;
  const nextId = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return 1 + (seed % PERSONS);
  };
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const status = await get(agent, new URL(`${ready.baseUrl}/crm/person/${nextId()}`), authorization);
        if (status === 200) done++;
        else errors++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { rate: done / seconds, done, errors };
}

export default async function demoPbxBench(report: Report): Promise<void> {
  const started = performance.now();
  const pbx = await startDemoPbxProcess(PERSONS);
  const { ready } = pbx;
  try {
    report('demo_pbx_start_100k_persons', performance.now() - started, 'ms');
    report('demo_pbx_rss_100k_persons_started', ready.rss / 1024 / 1024, 'MB', '< 300 MB');
    const authorization = `Bearer ${await token(ready)}`;

    // A full directory sync: every page of persons, as Ringside's cache fills itself.
    const syncStarted = performance.now();
    for (let offset = 0; offset < PERSONS; offset += 1000) {
      const response = await fetch(`${ready.baseUrl}/crm/persons?limit=1000&offset=${offset}`, {
        headers: { authorization },
      });
      if (response.status !== 200) throw new Error(`persons page at ${offset}: HTTP ${response.status}`);
      await response.arrayBuffer();
    }
    report('demo_pbx_list_all_100k_persons', performance.now() - syncStarted, 'ms');

    const before = await pbx.usage();
    const { rate, done, errors } = await personRequestsPerSecond(ready, authorization);
    const after = await pbx.usage();
    if (errors > 0) throw new Error(`${errors} person requests failed`);
    report(
      'demo_pbx_person_get_rps',
      Math.round(rate),
      'req/s',
      `>= 5000 req/s (${CONNECTIONS} keep-alive connections)`,
    );
    report('demo_pbx_person_get_server_cpu', (after.cpuMicros - before.cpuMicros) / done, 'µs/req');
    report('demo_pbx_rss_100k_persons_after_load', after.rss / 1024 / 1024, 'MB', '< 300 MB');
  } finally {
    pbx.stop();
  }

  const baseline = await startDemoPbxProcess(0, true);
  try {
    const before = await baseline.usage();
    const { rate, done } = await personRequestsPerSecond(baseline.ready, '');
    const after = await baseline.usage();
    report(
      'bare_fastify_fixed_person_rps',
      Math.round(rate),
      'req/s',
      'the ceiling of this machine and client',
    );
    report('bare_fastify_fixed_person_server_cpu', (after.cpuMicros - before.cpuMicros) / done, 'µs/req');
  } finally {
    baseline.stop();
  }
}
