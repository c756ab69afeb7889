/**
 * The directory sync's scheduling in AppCore, against real demo PBXs over HTTP and real cache files: it runs
 * once the PBX connects, then every interval (timers under the test's control), and on demand, never two at
 * once; it can be cancelled and resumes; switching PBX cancels it and uses that PBX's own cache file; a
 * failure is shown, reported to the connection, and retried once the PBX is back.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { nodeTransport, type PbxTransport } from '../../../src-main/app/connection/pbxTransport';
import { cacheFileName } from '../../../src-main/app/directory/directoryCaches';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import type { Events, SyncStatus } from '../../../src-main/shared/contract';
import { directoryCore } from './directoryFixtures';
import { ManualTimers } from './manualTimers';
import { countingLauncher, outage, StateRecorder } from './pbx';

const INTERVAL_MS = 15 * 60_000;

/** Real HTTP to the PBX, with a record of every path asked for and a gate that can hold some requests. */
class RequestGate {
  readonly requests: string[] = [];
  private held: ((url: URL) => boolean) | null = null;
  private waiting: (() => void)[] = [];

  readonly transport: PbxTransport = {
    open: (target) => {
      const inner = nodeTransport.open(target);
      return {
        close: inner.close,
        fetch: async (url, init) => {
          const parsed = new URL(url);
          this.requests.push(`${init.method} ${parsed.pathname}${parsed.search}`);
          if (this.held?.(parsed)) await this.wait(init.signal);
          return inner.fetch(url, init);
        },
      };
    },
  };

  /** Holds requests whose path matches (and whose URL passes `where`) until `release`. */
  hold(path: RegExp, where: (url: URL) => boolean = () => true): void {
    this.held = (url) => path.test(url.pathname) && where(url);
  }

  release(): void {
    this.held = null;
    for (const resume of this.waiting.splice(0)) resume();
  }

  count(pattern: RegExp): number {
    return this.requests.filter((request) => pattern.test(request)).length;
  }

  private wait(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      this.waiting.push(resolve);
    });
  }
}

/** Plays the customer's own PBX: another seed, so another directory. */
let customerPbx: DemoPbx;
let cacheDirectory: string;
let launcher: ReturnType<typeof countingLauncher>;
let gate: RequestGate;
let timers: ManualTimers;
let core: AppCore;
let recorder: StateRecorder;
let progress: SyncStatus[];

beforeAll(async () => {
  customerPbx = await startDemoPbx({ persons: 30, seed: 7, ringEverySeconds: 0 });
});
afterAll(async () => {
  await customerPbx.close();
});

beforeEach(() => {
  cacheDirectory = mkdtempSync(join(tmpdir(), 'ringside-sync-'));
  launcher = countingLauncher();
  gate = new RequestGate();
  timers = new ManualTimers();
  recorder = new StateRecorder();
  progress = [];
  core = directoryCore(cacheDirectory, {
    demoPbx: launcher,
    transport: gate.transport,
    directorySync: { timers, intervalMs: INTERVAL_MS, syncOptions: { pageSize: 8 } },
  });
  core.subscribe((channel, payload) => {
    if (channel === 'connection:state') recorder.onState(payload as Events['connection:state']);
    if (channel === 'sync:progress') progress.push(payload as SyncStatus);
  });
});
afterEach(async () => {
  gate.release();
  await core.dispose();
  await launcher.closeAll();
  rmSync(cacheDirectory, { recursive: true, force: true });
});

const syncRuns = () => gate.count(/^GET \/api\/v1\.0\/groups$/);
const personLists = () => gate.count(/^GET \/api\/v1\.0\/crm\/persons\?/);
const personNames = async (query: string) =>
  (await core.commands['directory:search']({ query })).persons.items.map((person) => person.name);

async function reachPhase(phase: string): Promise<void> {
  await vi.waitFor(async () => expect((await core.commands['sync:status']()).phase).toBe(phase), {
    timeout: 5_000,
    interval: 10,
  });
}

async function connectCustomerPbx(): Promise<void> {
  const { settings } = await core.commands['settings:get']();
  const result = await core.commands['settings:save']({
    settings: {
      ...settings,
      mode: 'configured',
      baseUrl: customerPbx.baseUrl,
      clientId: customerPbx.credentials.clientId,
    },
    secret: customerPbx.credentials.clientSecret,
  });
  expect(result.saved).toBe(true);
}

describe('the directory sync schedule', () => {
  it('syncs once the PBX connects, then every interval after the last run ended', async () => {
    await core.start();
    expect(core.directorySync.running).toBe(true);
    await core.directorySync.idle();

    const status = await core.commands['sync:status']();
    expect(status).toMatchObject({ running: false, phase: 'persons:details', counts: { persons: 20 } });
    expect(status.error).toBeUndefined();
    expect(status.lastCompletedAt).toBeGreaterThan(0);
    expect(status.nextRunAt).toBeGreaterThan(status.lastCompletedAt!);
    // Progress reached the window while it ran (trailing events wait for the timers), and its end.
    expect(progress.some((event) => event.running)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ running: false, counts: { persons: 20 } });
    expect(existsSync(join(cacheDirectory, 'directory-demo.sqlite'))).toBe(true);
    expect(syncRuns()).toBe(1);

    // Someone adds a person on the PBX: the cache learns of it at the next scheduled sync.
    await core.pbx.client!.persons.create({
      group_id: 1,
      firstname: 'Zdeňka',
      lastname: 'Plánovaná',
      contacts: [],
    });
    expect(await personNames('plánovaná')).toEqual([]);
    timers.advance(INTERVAL_MS - 1);
    expect(core.directorySync.running).toBe(false);
    timers.advance(1);
    expect(core.directorySync.running).toBe(true);
    await core.directorySync.idle();
    expect(syncRuns()).toBe(2);
    expect(await personNames('planovana')).toEqual(['Zdeňka Plánovaná']);
  });

  it('runs on demand, and a request while one runs is that run', async () => {
    await core.start();
    await core.directorySync.idle();

    gate.hold(/\/crm\/persons$/);
    const first = await core.commands['sync:run']();
    expect(first.running).toBe(true);
    expect((await core.commands['sync:run']()).running).toBe(true);
    expect((await core.commands['sync:run']()).running).toBe(true);
    gate.release();
    await core.directorySync.idle();
    expect(syncRuns()).toBe(2);
    expect((await core.commands['sync:status']()).running).toBe(false);
  });

  it('cancels on request; what was written stays and the next sync resumes from there', async () => {
    gate.hold(/\/crm\/person\/\d+$/); // the lists come through, the details wait
    await core.start();
    await reachPhase('persons:details');
    const listsBefore = personLists();

    const cancelled = await core.commands['sync:cancel']();
    await core.directorySync.idle();
    const status = await core.commands['sync:status']();
    expect(status).toMatchObject({ running: false, lastCompletedAt: null, counts: { persons: 20 } });
    expect(status.error).toBeUndefined();
    expect(cancelled.running).toBe(true); // the cancelled run was still winding down when asked

    gate.release();
    await core.commands['sync:run']();
    await core.directorySync.idle();
    expect((await core.commands['sync:status']()).lastCompletedAt).toBeGreaterThan(0);
    // The persons' list pass had finished: the resumed sync went straight to the details.
    expect(personLists()).toBe(listsBefore);
    const [someone] = (await core.pbx.client!.persons.list({ limit: 1 })).items;
    expect(await personNames(someone!.lastname)).toContain(someone!.displayname);
  });

  it('switching PBX cancels the running sync and uses that PBX’s own cache file', async () => {
    // The demo PBX's details wait (its sync stays running); the customer's PBX answers.
    gate.hold(/\/crm\/person\/\d+$/, (url) => url.origin !== new URL(customerPbx.baseUrl).origin);
    await core.start();
    await reachPhase('persons:details');

    await connectCustomerPbx();
    await core.directorySync.idle();
    const customer = await core.commands['sync:status']();
    expect(customer).toMatchObject({ running: false, counts: { persons: 30 } });
    expect(customer.lastCompletedAt).toBeGreaterThan(0);
    const customerFile = cacheFileName({ kind: 'configured', baseUrl: customerPbx.baseUrl });
    expect(
      readdirSync(cacheDirectory)
        // The directory caches (each PBX's history has a file of its own beside its cache).
        .filter((name) => name.startsWith('directory-') && name.endsWith('.sqlite'))
        .sort(),
    ).toEqual(['directory-demo.sqlite', customerFile].sort());
    const [customerPerson] = (await core.pbx.client!.persons.list({ limit: 1 })).items;
    expect(await personNames(customerPerson!.lastname)).toContain(customerPerson!.displayname);

    // Back to the demo PBX: its own cache, with what the cancelled sync had written, then synced to the end.
    const { settings } = await core.commands['settings:get']();
    await core.commands['settings:save']({ settings: { ...settings, mode: 'demo' } });
    expect(await core.commands['sync:status']()).toMatchObject({
      lastCompletedAt: null,
      counts: { persons: 20 },
    });
    gate.release();
    await core.directorySync.idle();
    expect((await core.commands['sync:status']()).lastCompletedAt).toBeGreaterThan(0);
  });

  it('shows a failed sync, reports it to the connection, and syncs again once the PBX is back', async () => {
    await core.start();
    await core.directorySync.idle();
    const pbx = launcher.history[0]!;
    const completed = (await core.commands['sync:status']()).lastCompletedAt!;

    await outage(pbx, 30);
    await core.commands['sync:run']();
    await core.directorySync.idle();
    const failed = await core.commands['sync:status']();
    expect(failed.error).toMatch(/^The directory sync failed: /);
    expect(failed.lastCompletedAt).toBe(completed);
    await recorder.waitFor('offline');

    await outage(pbx, 0);
    await recorder.waitFor('connected');
    await vi.waitFor(
      async () => {
        const status = await core.commands['sync:status']();
        expect(status.running).toBe(false);
        expect(status.error).toBeUndefined();
        expect(status.lastCompletedAt).toBeGreaterThan(completed);
      },
      { timeout: 5_000, interval: 20 },
    );
  });

  it('returns the memory of a bulk sync (a first sync of 1,000 persons), not after small ones', async () => {
    const returnMemory = vi.fn();
    await core.dispose();
    core = directoryCore(cacheDirectory, {
      demoPbx: launcher,
      transport: gate.transport,
      directorySync: { timers, intervalMs: INTERVAL_MS, returnMemory },
    });
    const largePbx = await startDemoPbx({ persons: 1_000, seed: 11, ringEverySeconds: 0 });
    try {
      await core.start();
      await core.directorySync.idle();
      expect(returnMemory).not.toHaveBeenCalled();

      const { settings } = await core.commands['settings:get']();
      await core.commands['settings:save']({
        settings: {
          ...settings,
          mode: 'configured',
          baseUrl: largePbx.baseUrl,
          clientId: largePbx.credentials.clientId,
        },
        secret: largePbx.credentials.clientSecret,
      });
      await vi.waitFor(
        async () => expect((await core.commands['sync:status']()).counts?.persons).toBe(1_000),
        {
          timeout: 20_000,
          interval: 50,
        },
      );
      await core.directorySync.idle();
      expect(returnMemory).toHaveBeenCalledTimes(1);
    } finally {
      await core.dispose();
      await largePbx.close();
    }
  });

  it('a new default country re-indexes the numbers at once', async () => {
    await core.start();
    await core.directorySync.idle();
    const runs = syncRuns();
    const { settings } = await core.commands['settings:get']();
    await core.commands['settings:save']({ settings: { ...settings, defaultCountry: 'SK' } });
    expect(core.directorySync.running).toBe(true);
    await core.directorySync.idle();
    expect(syncRuns()).toBe(runs + 1);
    expect(core.caches.current?.directory.numberIndexOutdated).toBe(false);
  });
});
