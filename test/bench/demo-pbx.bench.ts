/**
 * Demo PBX figures: requests per second of GET /crm/person/{id} over keep-alive connections on loopback,
 * and the server's resident memory with 100,000 persons, after start and after serving the traffic.
 * The server's CPU time per request is reported too, and the rate a bare Fastify app serving one fixed person
 * reaches with the same client: the machine's ceiling, against which the demo PBX's rate is read.
 */
import { Pool } from 'undici';
import type { Report } from './run';
import { startDemoPbxProcess, type DemoPbxProcess, type DemoPbxReady } from './support/demoPbxChild';

const PERSONS = 100_000;
const CONNECTIONS = 16;
const DURATION_MS = 4000;
/** Unmeasured load first, so the figure is the server's steady state rather than its JIT warm-up. */
const WARM_UP_MS = 1500;

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

/**
 * CONNECTIONS loops over an undici pool of keep-alive connections, each sending the next request as soon as
 * the last one is answered, for `durationMs`. undici rather than node:http: node:http's client costs more CPU
 * per request than the server under test, so on two cores it, not the server, set the figure.
 */
async function load(
  pool: Pool,
  path: () => string,
  authorization: string,
  durationMs: number,
): Promise<{ rate: number; done: number; errors: number }> {
  const deadline = performance.now() + durationMs;
  let done = 0;
  let errors = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const response = await pool.request({ method: 'GET', path: path(), headers: { authorization } });
        await response.body.arrayBuffer();
        if (response.statusCode === 200) done++;
        else errors++;
      }
    }),
  );
  return { rate: done / ((performance.now() - start) / 1000), done, errors };
}

/** Warms the server up, then measures GET /crm/person/{id} for random ids; the server's CPU time alongside. */
async function personRequestsPerSecond(
  pbx: DemoPbxProcess,
  authorization: string,
): Promise<{ rate: number; cpuMicrosPerRequest: number; errors: number }> {
  const { origin, pathname } = new URL(pbx.ready.baseUrl);
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  let seed = 12_345;
  const path = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return `${pathname}/crm/person/${1 + (seed % PERSONS)}`;
  };
  try {
    const warmUp = await load(pool, path, authorization, WARM_UP_MS);
    const before = await pbx.usage();
    const measured = await load(pool, path, authorization, DURATION_MS);
    const after = await pbx.usage();
    return {
      rate: measured.rate,
      cpuMicrosPerRequest: (after.cpuMicros - before.cpuMicros) / measured.done,
      errors: warmUp.errors + measured.errors,
    };
  } finally {
    await pool.close();
  }
}

export default async function demoPbxBench(report: Report): Promise<void> {
  const started = performance.now();
  const pbx = await startDemoPbxProcess({ persons: PERSONS });
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

    const { rate, cpuMicrosPerRequest, errors } = await personRequestsPerSecond(pbx, authorization);
    const after = await pbx.usage();
    if (errors > 0) throw new Error(`${errors} person requests failed`);
    report(
      'demo_pbx_person_get_rps',
      Math.round(rate),
      'req/s',
      `>= 5000 req/s (${CONNECTIONS} keep-alive connections)`,
    );
    report('demo_pbx_person_get_server_cpu', cpuMicrosPerRequest, 'µs/req');
    report('demo_pbx_rss_100k_persons_after_load', after.rss / 1024 / 1024, 'MB', '< 300 MB');
  } finally {
    pbx.stop();
  }

  const baseline = await startDemoPbxProcess('baseline');
  try {
    const { rate, cpuMicrosPerRequest } = await personRequestsPerSecond(baseline, '');
    report(
      'bare_fastify_fixed_person_rps',
      Math.round(rate),
      'req/s',
      'the ceiling of this machine and client',
    );
    report('bare_fastify_fixed_person_server_cpu', cpuMicrosPerRequest, 'µs/req');
  } finally {
    baseline.stop();
  }
}
