/**
 * One rule for a call's metadata when Ringside does not know the agent (no agent username in Settings): it
 * is read-only. No permissions can be asked for, so the wrap-up shows the values it reads without edit
 * controls and says why, refuses metadata edits, keeps the agent's wrap-up on this computer, and sends
 * nothing to the PBX.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { TestClient } from '../../conformance/helpers';
import { EventLog } from '../support/eventLog';
import { AgentPhone } from '../support/agentPhone';
import { directoryCore, useConfiguredPbx } from './directoryFixtures';

let pbx: DemoPbx;
let sim: TestClient;
let cacheDirectory: string;
let core: AppCore;
const events = new EventLog();

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

const phone = new AgentPhone(() => ({ core, pbx, sim, events }));

/** A call to the agent's phone that rings and is given up by the caller. */
async function missedCall(): Promise<string> {
  const uniqueid = await phone.ring('+420 602 555 404');
  await wait(() => expect(phone.state(uniqueid)).toBe('ringing'));
  await sim.post(`/_sim/calls/${uniqueid}/hangup`);
  await events.waitFor('call:ended', (event) => event.uniqueid === uniqueid);
  return uniqueid;
}

beforeAll(async () => {
  pbx = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  sim = new TestClient(pbx);
  cacheDirectory = mkdtempSync(join(tmpdir(), 'ringside-no-agent-'));
  core = directoryCore(cacheDirectory, {
    historyPolicies: {
      reviewPolicy: { firstDelayMs: 40, maxDelayMs: 120, jitter: 0 },
      outboxPolicy: { firstDelayMs: 40, maxDelayMs: 150, jitter: 0 },
    },
  });
  core.subscribe(events.listener);
  await core.start();
  await useConfiguredPbx(core, pbx, { agentUsername: '', pollIntervalMs: 250 });
});

afterAll(async () => {
  await core?.dispose();
  await pbx?.close();
  rmSync(cacheDirectory, { recursive: true, force: true });
});

describe('the wrap-up without a known agent', { timeout: 30_000 }, () => {
  it('shows the metadata read-only, and says why', async () => {
    const uniqueid = await missedCall();
    await sim.post(`/metadata/${uniqueid}`, { crm_ticket: 'T-1001' });

    const wrapUp = await core.commands['wrapup:get']({ uniqueid });

    expect(wrapUp.metadata).toEqual({
      status: 'shown',
      value: {
        values: expect.objectContaining({ crm_ticket: 'T-1001' }),
        stale: false,
        readOnlyReason: expect.stringMatching(
          /PBX user name is not set in Settings.*cannot check.*metadata.*read-only/,
        ),
      },
    });
  });

  it('keeps the wrap-up on this computer and sends nothing to the PBX', async () => {
    const uniqueid = await missedCall();

    const result = await core.commands['wrapup:save']({
      uniqueid,
      disposition: 'resolved',
      note: 'Sorted out on the phone',
      followUp: false,
    });

    expect(result.saved).toMatchObject({
      disposition: 'resolved',
      note: 'Sorted out on the phone',
      writtenAt: null,
    });
    expect(result.pending).toBeNull();
    expect(await core.commands['wrapup:pending']()).toEqual([]);
    // The note is in the local history and its search.
    expect(
      (await core.commands['history:search']({ query: 'sorted' })).hits.map((hit) => hit.uniqueid),
    ).toContain(uniqueid);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await core.pbxClient!.metadata.get(uniqueid)).not.toHaveProperty('ringside.note');
  });

  it('refuses metadata edits, with the reason', async () => {
    const uniqueid = await missedCall();
    await expect(
      core.commands['wrapup:save']({
        uniqueid,
        disposition: null,
        note: '',
        followUp: false,
        metadata: { crm_ticket: 'T-2002' },
      }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/PBX user name is not set in Settings/) });
    expect(await core.pbxClient!.metadata.get(uniqueid)).not.toHaveProperty('crm_ticket');
  });
});
