/**
 * Missed-call alerts end to end through the real AppCore against the demo PBX (manual clock): a call that rang
 * the agent's phone and ended unanswered raises `call:missed` once; a queue call a colleague took while it
 * rang the agent's phone raises none, though the agent's phone saw it end unanswered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { openCache } from '../../../src-main/cache';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { FAST_HEALTH, FAST_HISTORY_POLICIES, NO_RETRIES } from '../app/pbx';
import { TestClient } from '../../conformance/helpers';
import { testAppCore } from '../../support/testAppCore';
import { spyLogger } from '../calls/fixtures';
import { AgentPhone } from '../support/agentPhone';
import { EventLog } from '../support/eventLog';

/** The demo agent's inbound queue. */
const SUPPORT_QUEUE = 2;

let pbx: DemoPbx;
let sim: TestClient;
let cacheDir: string;
let core: AppCore;
const events = new EventLog();
const phone = new AgentPhone(() => ({ core, pbx, sim, events }));
const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

/** Longer than the demo queue's wait before it rings a phone, shorter than the 30 s ring time-out. */
const PAST_QUEUE_WAIT_SECONDS = 10;

/** A queue call, moved on the simulated clock until it rings the agent's phone. */
async function ringingQueueCall(number: string): Promise<string> {
  const uniqueid = await phone.ring(number, SUPPORT_QUEUE);
  await wait(() => expect(phone.state(uniqueid)).toBe('queued'));
  pbx.sim.advance(PAST_QUEUE_WAIT_SECONDS);
  await wait(() => expect(phone.state(uniqueid)).toBe('ringing'));
  return uniqueid;
}

beforeAll(async () => {
  pbx = await startDemoPbx({
    persons: 20,
    ringEverySeconds: 0,
    clock: { mode: 'manual', startMs: Date.UTC(2026, 2, 10, 9, 30) },
  });
  sim = new TestClient(pbx);
  cacheDir = mkdtempSync(join(tmpdir(), 'ringside-missed-'));
  const logger = spyLogger();
  core = testAppCore({
    logger,
    demoPbx: { start: async () => ({ ...pbx, close: async () => {} }) },
    osRegion: 'CZ',
    health: FAST_HEALTH,
    pbxClientOptions: NO_RETRIES,
    openCacheFile: (fileName) => openCache(join(cacheDir, fileName), { logger }),
    historyPolicies: FAST_HISTORY_POLICIES,
  });
  core.subscribe(events.listener);
  await core.start();
  const { settings } = await core.commands['settings:get']();
  await core.commands['settings:save']({ settings: { ...settings, pollIntervalMs: 250 } });
});

afterAll(async () => {
  await core?.dispose();
  await pbx?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('missed-call alerts', { timeout: 20_000 }, () => {
  it('alerts once of a queue call that rang the agent and ended unanswered', async () => {
    const missed = await ringingQueueCall('+420 602 555 701');
    await sim.post(`/_sim/calls/${missed}/hangup`);
    const alert = await events.waitFor('call:missed', (call) => call.uniqueid === missed);
    expect(alert).toMatchObject({
      direction: 'inbound',
      outcome: 'missed',
      remote: { dial: '+420602555701' },
    });
    // Polls and the record's arrival later change nothing: still one alert.
    pbx.sim.advance(30);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(events.of('call:missed').filter((call) => call.uniqueid === missed)).toHaveLength(1);
  });

  it('raises none for a queue call a colleague took while it rang the agent', async () => {
    const taken = await ringingQueueCall('+420 602 555 702');
    expect((await sim.post(`/_sim/calls/${taken}/taken`)).body.success).toBe(true);
    const ended = await events.waitFor('call:ended', (event) => event.uniqueid === taken);
    // The agent's phone only saw it stop ringing…
    expect(ended.call.outcome).toBe('missed');
    // …but the PBX says someone answered it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(events.of('call:missed').map((call) => call.uniqueid)).not.toContain(taken);
  });
});
