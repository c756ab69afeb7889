/**
 * The call history follows the PBX, as the directory does: two real demo PBXs over HTTP, real cache files.
 * A call and a wrap-up still waiting for PBX A stay with A: after switching to B, B's history is B's own
 * (empty) and nothing of A's calls is asked of or written to B; back on A, its history is there again and
 * the waiting wrap-up reaches A.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { nodeTransport, type PbxTransport } from '../../../src-main/app/connection/pbxTransport';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { TestClient } from '../../conformance/helpers';
import { directoryCore } from '../app/directoryFixtures';
import { FAST_HISTORY_POLICIES, outage } from '../app/pbx';
import { EventLog } from '../support/eventLog';

let pbxA: DemoPbx;
let pbxB: DemoPbx;
let simA: TestClient;
let cacheDirectory: string;
let core: AppCore;
const events = new EventLog();
/** Every request Ringside sent, to either PBX. */
const requests: URL[] = [];

const recordingTransport: PbxTransport = {
  open: (target) => {
    const inner = nodeTransport.open(target);
    return {
      close: inner.close,
      fetch: (url, init) => {
        requests.push(new URL(url));
        return inner.fetch(url, init);
      },
    };
  },
};

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

const requestsTo = (pbx: DemoPbx) => requests.filter((url) => url.origin === new URL(pbx.baseUrl).origin);

/** A call to the agent's phone on A that rings and is given up by the caller: missed. */
async function missedCallOnA(): Promise<string> {
  const response = await simA.post('/_sim/calls/inbound', { to: pbxA.agent.phone, from: '+420 602 555 303' });
  const uniqueid = response.body.data.uniqueid as string;
  await wait(() =>
    expect(
      events
        .of('calls:changed')
        .at(-1)
        ?.find((call) => call.uniqueid === uniqueid)?.state,
    ).toBe('ringing'),
  );
  await simA.post(`/_sim/calls/${uniqueid}/hangup`);
  await wait(() => expect(events.of('call:ended').map((event) => event.uniqueid)).toContain(uniqueid));
  return uniqueid;
}

async function useSettings(
  changes: Partial<Awaited<ReturnType<AppCore['commands']['settings:get']>>['settings']>,
) {
  const { settings } = await core.commands['settings:get']();
  const secret = changes.mode === 'configured' ? pbxB.credentials.clientSecret : undefined;
  const result = await core.commands['settings:save']({ settings: { ...settings, ...changes }, secret });
  expect(result.saved).toBe(true);
}

beforeAll(async () => {
  pbxA = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  pbxB = await startDemoPbx({ persons: 30, seed: 7, ringEverySeconds: 0 });
  simA = new TestClient(pbxA);
  cacheDirectory = mkdtempSync(join(tmpdir(), 'ringside-history-per-pbx-'));
  core = directoryCore(cacheDirectory, {
    // A is the demo PBX; it outlives the switch to B so that the app can come back to it.
    demoPbx: { start: async () => ({ ...pbxA, close: async () => {} }) },
    transport: recordingTransport,
    historyPolicies: FAST_HISTORY_POLICIES,
  });
  core.subscribe(events.listener);
  await core.start();
  await useSettings({ pollIntervalMs: 250 });
});

afterAll(async () => {
  await core?.dispose();
  await Promise.all([pbxA?.close(), pbxB?.close()]);
  rmSync(cacheDirectory, { recursive: true, force: true });
});

describe('the call history of each PBX', { timeout: 30_000 }, () => {
  it('keeps calls and a waiting wrap-up with their PBX across switches, and sends them only there', async () => {
    const uniqueid = await missedCallOnA();
    await outage(pbxA, 3600);
    await core.commands['wrapup:save']({
      uniqueid,
      disposition: null,
      note: 'Call back about the invoice',
      followUp: true,
    });
    await wait(() =>
      expect(events.of('wrapup:changed').some((event) => event.pending?.state === 'retrying')).toBe(true),
    );

    events.clear();
    await useSettings({
      mode: 'configured',
      baseUrl: pbxB.baseUrl,
      clientId: pbxB.credentials.clientId,
      agentUsername: pbxB.agent.username,
      phone: pbxB.agent.phone,
    });
    expect(events.of('history:changed')).toContainEqual({ uniqueids: [], missedUnseen: 0, reset: true });
    expect(await core.commands['history:list']({ filter: 'all' })).toEqual({
      items: [],
      nextCursor: null,
      missedUnseen: 0,
    });
    expect(await core.commands['wrapup:pending']()).toEqual([]);
    expect((await core.commands['history:search']({ query: 'invoice' })).hits).toEqual([]);
    events.clear();
    // A's outbox and review fetches, had they survived the switch, would have asked B long before B's
    // monitor had polled five times.
    await wait(() =>
      expect(requestsTo(pbxB).filter((url) => url.pathname.endsWith('/call')).length).toBeGreaterThan(5),
    );
    expect(requestsTo(pbxB).filter((url) => url.pathname.includes(uniqueid))).toEqual([]);
    expect(events.of('wrapup:changed')).toEqual([]);

    await outage(pbxA, 0);
    events.clear();
    await useSettings({ mode: 'demo' });
    expect(events.of('history:changed')).toContainEqual({ uniqueids: [], missedUnseen: 1, reset: true });
    const page = await core.commands['history:list']({ filter: 'all' });
    expect(page.items.map((item) => [item.uniqueid, item.outcome])).toEqual([[uniqueid, 'missed']]);
    expect(page.missedUnseen).toBe(1);
    await wait(async () => expect(await core.commands['wrapup:pending']()).toEqual([]));
    expect((await simA.get(`/metadata/${uniqueid}`)).body.data).toMatchObject({
      'ringside.note': 'Call back about the invoice',
      'ringside.follow_up': true,
    });
    expect(requestsTo(pbxB).filter((url) => url.pathname.includes(uniqueid))).toEqual([]);
  });
});
