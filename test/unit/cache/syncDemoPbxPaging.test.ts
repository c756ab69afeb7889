/**
 * The sync over real HTTP against demo PBXs that page unlike the one it was written against: pages capped
 * at 100 or 37 items, a `limit` above 200 refused with HTTP 400. Set at start, through `/_sim/paging`, and
 * through the demo PBX's command-line flags; the directory must hold every person and company each time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { PbxClient } from '../../../src-main/api';
import { DirectorySync } from '../../../src-main/cache';
import { startDemoPbx, type DemoPbx, type DemoPbxOptions } from '../../../src-main/demo-pbx';
import { TestClient } from '../../conformance/helpers';
import { spyLogger, testDirectory } from './fixtures';

const PERSONS = 450;

interface Pbx {
  baseUrl: string;
  authUrl: string;
  credentials: { clientId: string; clientSecret: string };
}

function clientOf(pbx: Pbx): PbxClient {
  return new PbxClient({
    baseUrl: pbx.baseUrl,
    clientId: pbx.credentials.clientId,
    clientSecret: pbx.credentials.clientSecret,
    fetch,
    logger: spyLogger(),
    clock: { now: () => Date.now() },
  });
}

/** A sync with the default page size (500), into a new cache unless one is given; resolves with what the PBX and the cache then hold. */
async function syncAll(pbx: Pbx, directory = testDirectory()) {
  const client = clientOf(pbx);
  const logger = spyLogger();
  await new DirectorySync(directory, client, {
    logger,
    clock: { now: () => Date.now() },
    rollingRefresh: { persons: 0, companies: 0, users: 0 },
  }).run();
  const [persons, companies] = await Promise.all([
    client.persons.list({ limit: 1 }),
    client.companies.list({ limit: 1 }),
  ]);
  return { directory, logger, onPbx: { persons: persons.total, companies: companies.total } };
}

const started: DemoPbx[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(started.map((pbx) => pbx.close()));
});

async function demoPbx(options: DemoPbxOptions): Promise<DemoPbx> {
  const pbx = await startDemoPbx({ persons: PERSONS, seed: 11, ringEverySeconds: 0, ...options });
  started.push(pbx);
  return pbx;
}

/** The demo PBX's own command line, as an integrator starts it; resolves once it printed where it listens. */
async function demoPbxProcess(flags: string[]): Promise<Pbx> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src-main/demo-pbx/cli.ts',
      '--persons',
      String(PERSONS),
      '--ring-every',
      '0',
      ...flags,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  const values: Record<string, string> = {};
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /^(\w+)=(.*)$/.exec(line);
    if (match) values[match[1]!] = match[2]!;
    if ('auth' in values) break;
  }
  return {
    baseUrl: values.base_url!,
    authUrl: values.auth_url!,
    credentials: { clientId: values.client_id!, clientSecret: values.client_secret! },
  };
}

describe('a first sync against demo PBXs that page differently', { timeout: 60_000 }, () => {
  it.each([
    ['caps pages at 100', { pageCap: 100 }],
    ['caps pages at 37', { pageCap: 37 }],
    ['refuses a limit above 200', { maxLimit: 200 }],
    ['does both', { pageCap: 37, maxLimit: 200 }],
  ])('holds every person and company when the PBX %s', async (_, options) => {
    const { directory, onPbx } = await syncAll(await demoPbx(options));
    expect(onPbx.persons).toBe(PERSONS);
    expect(directory.counts()).toMatchObject(onPbx);
  });

  it('follows paging rules switched at run time through /_sim/paging', async () => {
    const pbx = await demoPbx({});
    const client = clientOf(pbx);
    const switched = (await new TestClient(pbx).post('/_sim/paging', { cap: 37, max_limit: 200 })).body;
    expect(switched).toEqual({ success: true, data: { cap: 37, max_limit: 200, omit_total: false } });
    // As a client sees them: a large limit refused, a small one capped.
    await expect(client.persons.list({ limit: 500 })).rejects.toMatchObject({
      code: 'business-error',
      context: { status: 400 },
    });
    expect((await client.persons.list({ limit: 200 })).items).toHaveLength(37);

    const { directory, onPbx, logger } = await syncAll(pbx);

    expect(directory.counts()).toMatchObject(onPbx);
    expect(logger.info).toHaveBeenCalledWith(expect.stringMatching(/refused a limit of 500/));
  });

  it('holds every person and company after a first sync from a PBX that caps pages and sends no total', async () => {
    const pbx = await startDemoPbx({ persons: 3000, seed: 11, ringEverySeconds: 0, pageCap: 100 });
    started.push(pbx);
    const sim = new TestClient(pbx);
    await sim.post('/_sim/paging', { cap: 100, omit_total: true });
    const directory = testDirectory();
    const logger = spyLogger();

    const report = await new DirectorySync(directory, clientOf(pbx), {
      logger,
      clock: { now: () => Date.now() },
      rollingRefresh: { persons: 0, companies: 0, users: 0 },
    }).run();

    await sim.post('/_sim/paging', { cap: 100, omit_total: false });
    const client = clientOf(pbx);
    const [persons, companies] = await Promise.all([
      client.persons.list({ limit: 1 }),
      client.companies.list({ limit: 1 }),
    ]);
    expect(persons.total).toBe(3000);
    expect(directory.counts()).toMatchObject({ persons: 3000, companies: companies.total });
    expect(report.listsWithoutTotal).toEqual(expect.arrayContaining(['persons', 'companies']));
  });

  it('keeps every person when a PBX that caps its pages sends no total', async () => {
    const pbx = await demoPbx({});
    const { directory } = await syncAll(pbx);
    expect(directory.counts()).toMatchObject({ persons: PERSONS });
    const switched = (await new TestClient(pbx).post('/_sim/paging', { cap: 100, omit_total: true })).body;
    expect(switched).toEqual({ success: true, data: { cap: 100, max_limit: null, omit_total: true } });
    expect(await clientOf(pbx).persons.list({ limit: 500 })).toMatchObject({ total: null });

    const { logger } = await syncAll(pbx, directory);

    expect(directory.counts()).toMatchObject({ persons: PERSONS });
    const noted = logger.warn.mock.calls.filter(([message]) =>
      /no total for the persons list; reading its pages until an empty one/.test(String(message)),
    );
    expect(noted).toHaveLength(1);
  });

  it('follows the demo PBX’s --page-cap and --max-limit flags', async () => {
    const pbx = await demoPbxProcess(['--page-cap', '37', '--max-limit', '200']);
    const client = clientOf(pbx);
    await expect(client.persons.list({ limit: 201 })).rejects.toMatchObject({ context: { status: 400 } });
    expect((await client.persons.list({ limit: 200 })).items).toHaveLength(37);

    const { directory, onPbx } = await syncAll(pbx);

    expect(onPbx.persons).toBe(PERSONS);
    expect(directory.counts()).toMatchObject(onPbx);
  });
});
