/**
 * A PBX that answers but whose calls Ringside cannot handle: the connection stays "connected" (the PBX is up,
 * the directory and the outbox keep working) and says beside it that calls cannot be read, until a poll
 * succeeds again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import type { CallerDirectory } from '../../../src-main/calls';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { TestClient } from '../../conformance/helpers';
import { testAppCore } from '../../support/testAppCore';
import { spyLogger } from '../calls/fixtures';
import { EventLog } from '../support/eventLog';
import { FAST_HEALTH } from './pbx';

let pbx: DemoPbx;
let core: AppCore;
const events = new EventLog();
let broken = true;

/** A directory whose lookups fail while `broken`: the screen-pop of each new call then throws inside the poll. */
const directory: CallerDirectory = {
  lookupNumber: () => {
    if (broken) throw new TypeError('lookup failed');
    return [];
  },
  personCard: () => null,
  upsertPerson: () => {},
  removePerson: () => {},
};

beforeAll(async () => {
  pbx = await startDemoPbx({ persons: 5, ringEverySeconds: 0 });
  core = testAppCore({
    logger: spyLogger(),
    demoPbx: { start: async () => pbx },
    osRegion: 'CZ',
    directory: () => directory,
    health: FAST_HEALTH,
  });
  core.subscribe(events.listener);
  await core.start();
  const { settings } = await core.commands['settings:get']();
  await core.commands['settings:save']({ settings: { ...settings, pollIntervalMs: 250 } });
});

afterAll(async () => {
  await core?.dispose();
  await pbx?.close();
});

describe('calls that cannot be read', () => {
  it('keep the connection up, say so beside it, and clear once a poll succeeds', async () => {
    const sim = new TestClient(pbx);
    await sim.post('/_sim/calls/inbound', { to: pbx.agent.phone, from: '+420777000111' });

    const problem = await events.waitFor('connection:state', (state) => state.callsProblem !== undefined);
    expect(problem.status).toBe('connected');
    expect(await core.commands['connection:get']()).toMatchObject({ status: 'connected' });

    broken = false;
    await vi.waitFor(
      async () => expect((await core.commands['connection:get']()).callsProblem).toBeUndefined(),
      { timeout: 40_000, interval: 100 },
    );
    expect((await core.commands['connection:get']()).status).toBe('connected');
  }, 60_000);
});
