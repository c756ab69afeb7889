/**
 * The calls layer end to end through the real AppCore: real HTTP to a demo PBX (manual clock, so calls move
 * only when this test moves them), a real SQLite cache filled by the real sync, real timers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { DirectorySync } from '../../../src-main/cache';
import { CALL_STATE_CODES } from '../../../src-main/api/schemas';
import type { CallView } from '../../../src-main/shared/contract';
import { systemClock } from '../../../src-main/shared/clock';
import { normalizeNumber } from '../../../src-main/shared/numbers';
import { outage } from '../app/pbx';
import type { TestClient } from '../../conformance/helpers';
import { demoPbxCore, type DemoPbxCore } from './demoPbxCore';
import { EventLog } from '../support/eventLog';

let harness: DemoPbxCore;
let pbx: DemoPbxCore['pbx'];
let sim: TestClient;
let core: AppCore;
const events = new EventLog();

const wait = <T>(check: () => T) => vi.waitFor(check, { timeout: 5000, interval: 20 });

const pbxCalls = () => harness.pbxCalls();

async function pbxState(uniqueid: string): Promise<number | undefined> {
  return (await pbxCalls()).find((call) => call.uniqueid === uniqueid)?.state;
}

/** Waits until the app's own view shows `state` for the call (or the call gone, for `undefined`). */
function viewOf(uniqueid: string): CallView | undefined {
  return events
    .of('calls:changed')
    .at(-1)
    ?.find((call) => call.uniqueid === uniqueid);
}

async function inboundFrom(number: string): Promise<string> {
  const response = await sim.post('/_sim/calls/inbound', { to: pbx.agent.phone, from: number });
  expect(response.body.success).toBe(true);
  return response.body.data.uniqueid as string;
}

/** A person of the demo directory with a Czech number the cache can index. */
async function personWithNumber(): Promise<{ id: number; name: string; number: string }> {
  const client = core.pbx.client!;
  for (let id = 1; id <= 50; id++) {
    const person = await client.persons.get(id);
    const number = person.contacts.find(
      (contact) => contact.type === 1 && normalizeNumber(contact.contact, 'CZ')?.e164,
    );
    if (number) return { id, name: `${person.firstname} ${person.lastname}`.trim(), number: number.contact };
  }
  throw new Error('the demo directory has no person with a phone number');
}

beforeAll(async () => {
  harness = await demoPbxCore(50);
  ({ pbx, sim, core } = harness);
  const { cache, logger } = harness;
  core.subscribe(events.listener);
  await core.start();
  const { settings } = await core.commands['settings:get']();
  expect(
    await core.commands['settings:save']({ settings: { ...settings, pollIntervalMs: 250 } }),
  ).toMatchObject({
    saved: true,
  });
  await new DirectorySync(cache, core.pbx.client!, { logger, clock: systemClock }).run();
});

afterAll(async () => {
  await harness?.close();
});

describe('calls against the demo PBX', () => {
  it('pops the right person for an inbound call, then refreshes them from the PBX', async () => {
    const known = await personWithNumber();
    await core.pbx.client!.persons.update(known.id, { lastname: 'Refreshed' }); // the cache still has the old name
    const uniqueid = await inboundFrom(known.number);

    const shown = await events.waitFor('screenpop:show', (pop) => pop.uniqueid === uniqueid);
    expect(shown.person).toMatchObject({ id: known.id, name: known.name });
    expect(shown.refreshed).toBe(false);
    const updated = await events.waitFor('screenpop:updated', (pop) => pop.uniqueid === uniqueid);
    expect(updated).toMatchObject({
      refreshed: true,
      person: { id: known.id, name: expect.stringContaining('Refreshed') },
    });
    await wait(() =>
      expect(viewOf(uniqueid)).toMatchObject({
        direction: 'inbound',
        state: 'ringing',
        actions: ['answer', 'hangup'],
        remote: { match: { kind: 'person', id: known.id } },
      }),
    );
  });

  it('answers, holds, resumes and hangs up, each visible in the PBX’s GET /call', async () => {
    const [ringing] = await pbxCalls();
    const uniqueid = ringing!.uniqueid;
    const steps = [
      ['answer', CALL_STATE_CODES.connected, 'connected'],
      ['hold', CALL_STATE_CODES.held, 'held'],
      ['resume', CALL_STATE_CODES.connected, 'connected'],
    ] as const;
    for (const [action, code, state] of steps) {
      await expect(core.commands['calls:control']({ uniqueid, action })).resolves.toMatchObject({
        message: expect.any(String),
      });
      expect(await pbxState(uniqueid)).toBe(code);
      await wait(() => expect(viewOf(uniqueid)).toMatchObject({ state, pending: null }));
    }
    await core.commands['calls:control']({ uniqueid, action: 'hangup' });
    expect(await pbxState(uniqueid)).toBeUndefined();
    await wait(() => expect(viewOf(uniqueid)).toBeUndefined());
  });

  it('dials through the one dial path: the number goes to the PBX normalised and shows as outbound', async () => {
    const result = await core.commands['calls:dial']({ number: '602 111 222', source: 'dialpad' });
    expect(result.dialled).toBe('+420602111222');
    const [placed] = await pbxCalls();
    expect(placed).toMatchObject({ called_number: '+420602111222' });
    await wait(() =>
      expect(viewOf(placed!.uniqueid)).toMatchObject({ direction: 'outbound', state: 'ringing' }),
    );
    expect((await core.commands['dial:recent']())[0]).toMatchObject({
      dial: '+420602111222',
      source: 'dialpad',
    });
    await core.commands['calls:control']({ uniqueid: placed!.uniqueid, action: 'hangup' });
    expect(await pbxCalls()).toEqual([]);
  });

  it('shows a PBX outage as offline and recovers by itself', async () => {
    await outage(pbx, 3600);
    const offline = await wait(() => {
      const state = events.of('connection:state').at(-1);
      if (state?.status !== 'offline') throw new Error(`still ${state?.status}`);
      return state;
    });
    expect(offline.message).toMatch(/PBX/);
    await outage(pbx, 0);
    await wait(() => expect(events.of('connection:state').at(-1)?.status).toBe('connected'));
    const uniqueid = await inboundFrom('+420 602 333 444');
    await events.waitFor('screenpop:show', (pop) => pop.uniqueid === uniqueid);
    await sim.post(`/_sim/calls/${uniqueid}/hangup`);
  });
});
