/**
 * The AppCore of the durability tests: one demo PBX that outlives every run of the core, files in one
 * folder (the user data directory), a history seeded fast through the store, wrap-ups saved while the PBX
 * is away so that they stay in the outbox.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { AppCore } from '../../../../src-main/app/appCore';
import { startDemoPbx, type DemoPbx } from '../../../../src-main/demo-pbx';
import type { HistoryItem } from '../../../../src-main/shared/contract';
import { syntheticHistoryCall } from '../../../support/syntheticHistoryCall';
import { directoryCore } from '../../app/directoryFixtures';
import { outage } from '../../app/pbx';

/** Recent enough for the retention period (Settings ▸ Privacy) to keep every seeded call. */
export const T0 = Date.now() - 2 * 24 * 60 * 60_000;

export const wait = <T>(check: () => T | Promise<T>, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 25 });

export async function startCore(pbx: DemoPbx, directory: string): Promise<AppCore> {
  const core = directoryCore(directory, {
    demoPbx: { start: async () => ({ ...pbx, close: async () => {} }) },
    historyPolicies: {
      reviewPolicy: { firstDelayMs: 60_000, maxDelayMs: 60_000, jitter: 0 },
      outboxPolicy: { firstDelayMs: 40, maxDelayMs: 150, jitter: 0 },
    },
  });
  await core.start();
  return core;
}

export interface DurabilitySuite {
  pbx: DemoPbx;
  /** The user data directory of the current test. */
  directory: string;
  /** The running core the test started (stopped after it). */
  core: AppCore | undefined;
}

/**
 * The hooks of a suite: one demo PBX of `persons` for the file; for each test a fresh directory that a first
 * run left as `firstRun` says, and, after it, the core stopped, the PBX back and the directory removed.
 */
export function durabilitySuite(options: {
  persons: number;
  calls: number;
  wrappedUp: readonly number[];
}): DurabilitySuite {
  const suite = { directory: '', core: undefined } as DurabilitySuite;
  beforeAll(async () => {
    suite.pbx = await startDemoPbx({ persons: options.persons, seed: 3, ringEverySeconds: 0 });
  });
  afterAll(async () => {
    await suite.pbx?.close();
  });
  beforeEach(async () => {
    suite.directory = mkdtempSync(join(tmpdir(), 'ringside-durability-'));
    await firstRun(suite.pbx, suite.directory, options.calls, options.wrappedUp);
  });
  afterEach(async () => {
    await suite.core?.dispose();
    suite.core = undefined;
    await outage(suite.pbx, 0);
    rmSync(suite.directory, { recursive: true, force: true });
  });
  return suite;
}

const FIRST_SECOND = Math.floor(T0 / 1000);
/**
 * A first run that leaves what the agent cares about: a full directory, `calls` calls in the history and
 * a wrap-up for each of `wrappedUp` that the PBX has not accepted (it is away when they are saved, and
 * stays away: call `outage(pbx, 0)` to bring it back).
 */
export async function firstRun(
  pbx: DemoPbx,
  directory: string,
  calls: number,
  wrappedUp: readonly number[],
): Promise<void> {
  const core = await startCore(pbx, directory);
  await wait(() =>
    expect(core.directorySync.status()).toMatchObject({ lastCompletedAt: expect.any(Number) }),
  );
  seedHistory(core, calls);
  await outage(pbx, 3600);
  for (const index of wrappedUp) await saveWrapUp(core, index);
  await core.dispose();
}

export const callId = (index: number) => `${FIRST_SECOND}.${index}`;

/** `count` ended calls, one a minute from T0. */
export function seedHistory(core: AppCore, count: number): void {
  for (let index = 1; index <= count; index++) {
    const uniqueid = callId(index);
    const { call, outcome } = syntheticHistoryCall(index, uniqueid, T0 + index * 60_000);
    core.history.store.insert(call);
    core.history.store.update(uniqueid, { outcome, endedAt: T0 + index * 60_000 + 30_000 });
  }
}

export async function saveWrapUp(core: AppCore, index: number): Promise<void> {
  await core.commands['wrapup:save']({
    uniqueid: callId(index),
    disposition: null,
    note: `Note for call ${index}`,
    followUp: true,
  });
}

/** Every call of the history, newest first. */
export async function allCalls(core: AppCore): Promise<HistoryItem[]> {
  const items: HistoryItem[] = [];
  let before: string | undefined;
  do {
    const page = await core.commands['history:list']({ filter: 'all', limit: 200, before });
    items.push(...page.items);
    before = page.nextCursor ?? undefined;
  } while (before);
  return items;
}

/** The copies of `fileName` set aside as damaged. */
export function corruptCopies(directory: string, fileName: string): string[] {
  return readdirSync(directory).filter(
    (name) => name.startsWith(`${fileName}.corrupt-`) && !/-(wal|shm)$/.test(name),
  );
}
