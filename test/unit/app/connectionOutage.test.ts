/**
 * A PBX outage seen through the whole app (AppCore: call monitor + connection manager), with the client's
 * real retry policy, against a real demo PBX. A 503 with a Retry-After longer than a poll must make the app
 * offline while the PBX is still down, not be waited out by the client's retries; after the outage ends
 * by itself, the app connects again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppCore } from '../../../src-main/app/appCore';
import { offlineCheckDelayMs } from '../../../src-main/app/connection/connectionManager';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { systemClock } from '../../../src-main/shared/clock';
import type { ConnectionState } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { outage, StateRecorder } from './pbx';

const OUTAGE_SECONDS = 5;
/** The periodic check is far away: only the monitor's failed poll can notice the outage in time. */
const HEALTH = { intervalMs: 60_000, initialBackoffMs: 100, maxBackoffMs: 5_000, timeoutMs: 2_000 };

let pbx: DemoPbx | undefined;
let core: AppCore | undefined;

afterEach(async () => {
  await core?.dispose();
  await pbx?.close();
  core = pbx = undefined;
});

async function startApp(): Promise<{ pbx: DemoPbx; core: AppCore; recorder: StateRecorder }> {
  pbx = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  const demo = pbx;
  const recorder = new StateRecorder();
  core = new AppCore({
    clock: systemClock,
    logger: silentLogger,
    build: {
      name: 'Ringside',
      version: 'test',
      platform: 'linux',
      versions: { node: process.versions.node },
    },
    // The test closes the PBX itself, after the app.
    demoPbx: { start: async () => ({ ...demo, close: async () => {} }) },
    osRegion: 'CZ',
    health: HEALTH,
    // No pbxClientOptions: the client's own GET retry policy, which waits out a Retry-After of up to 30 s.
  });
  core.subscribe((channel, payload) => {
    if (channel === 'connection:state') recorder.onState(payload as ConnectionState);
  });
  await core.start();
  const { settings } = await core.commands['settings:get']();
  await core.commands['settings:save']({ settings: { ...settings, pollIntervalMs: 250 } });
  await recorder.waitFor('connected');
  return { pbx: demo, core, recorder };
}

/** What the PBX answers GET /status without any client in between: the outage's 503 or 401 (no token). */
async function pbxAnswers(pbx: DemoPbx): Promise<number> {
  return (await fetch(`${pbx.baseUrl}/status`)).status;
}

describe('a PBX outage through the whole app', () => {
  it.each(['503', 'drop'] as const)(
    'shows offline while the PBX is down (%s), then connected again by itself',
    async (mode) => {
      const { pbx, recorder } = await startApp();
      const before = recorder.states.length;

      await outage(pbx, OUTAGE_SECONDS, mode);
      const offline = await vi.waitFor(
        () => {
          const seen = recorder.states.slice(before).find((state) => state.status === 'offline');
          if (!seen) throw new Error(`still ${recorder.last?.status}`);
          return seen;
        },
        { timeout: OUTAGE_SECONDS * 1000, interval: 10 },
      );
      // Offline while the outage still lasts: a Retry-After was not waited out in "connected".
      if (mode === '503') {
        expect(await pbxAnswers(pbx)).toBe(503);
        expect(offline.message).toMatch(/HTTP 503/);
      } else {
        await expect(pbxAnswers(pbx)).rejects.toThrow();
      }

      await vi.waitFor(() => expect(recorder.last?.status).toBe('connected'), {
        timeout: OUTAGE_SECONDS * 1000 + 8_000,
        interval: 25,
      });
      expect(await pbxAnswers(pbx)).not.toBe(503);
      // Never "connected" during the outage (an offline state repeats as its "Retrying in N s" changes).
      const statuses = recorder.statuses.slice(before);
      expect(statuses.filter((status, index) => status !== statuses[index - 1])).toEqual([
        'offline',
        'connected',
      ]);
    },
    20_000,
  );
});

describe('the wait before the next check while offline', () => {
  const policy = { intervalMs: 30_000, initialBackoffMs: 2_000, maxBackoffMs: 60_000, timeoutMs: 8_000 };
  const halfJitter = () => 0.5;

  it('is the backoff when the PBX gave no Retry-After, or a shorter one', () => {
    expect(offlineCheckDelayMs(policy, 1, undefined, halfJitter)).toBe(1_500);
    expect(offlineCheckDelayMs(policy, 1, 1_000, halfJitter)).toBe(1_500);
  });

  it("is the PBX's Retry-After when longer than the backoff", () => {
    expect(offlineCheckDelayMs(policy, 1, 10_000, halfJitter)).toBe(10_000);
  });

  it('never goes beyond the backoff cap, whatever the PBX asks', () => {
    expect(offlineCheckDelayMs(policy, 1, 86_400_000, halfJitter)).toBe(60_000);
  });
});
