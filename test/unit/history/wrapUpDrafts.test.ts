/**
 * Wrap-up drafts in main, against the demo PBX with the real history file: kept as typed, returned with the
 * call's wrap-up and in the list offered after a restart (a new core on the same files), dropped by a save,
 * and erased by "Clear local data".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { openCache } from '../../../src-main/cache';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import type { WrapUpDraft } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { FAST_HEALTH, NO_RETRIES } from '../app/pbx';
import { testAppCore } from '../../support/testAppCore';

const UNIQUEID = '1795000000.77';
const typed: WrapUpDraft = {
  disposition: 'callback',
  note: 'Wants a call back on Monday',
  followUp: true,
  metadata: { crm_case: 'C-2001', obsolete: null },
  newKey: 'order',
  newValue: 'A-1',
};

let pbx: DemoPbx;
let cacheDir: string;

beforeAll(async () => {
  pbx = await startDemoPbx({ persons: 10, ringEverySeconds: 0 });
  cacheDir = mkdtempSync(join(tmpdir(), 'ringside-drafts-'));
});
afterAll(async () => {
  await pbx?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

async function startCore(): Promise<AppCore> {
  const core = testAppCore({
    logger: silentLogger,
    demoPbx: { start: async () => ({ ...pbx, close: async () => {} }) },
    osRegion: 'CZ',
    health: FAST_HEALTH,
    pbxClientOptions: NO_RETRIES,
    openCacheFile: (fileName) => openCache(join(cacheDir, fileName), { logger: silentLogger }),
  });
  await core.start();
  return core;
}

describe('wrap-up drafts', { timeout: 30_000 }, () => {
  it('are kept across a restart, offered for their call, and dropped by a save', async () => {
    let core = await startCore();
    await core.commands['wrapup:draft']({ uniqueid: UNIQUEID, draft: typed });
    await core.dispose();

    core = await startCore();
    expect(await core.commands['wrapup:drafts']()).toEqual([
      { uniqueid: UNIQUEID, draft: typed, updatedAt: expect.any(Number), call: null },
    ]);
    expect((await core.commands['wrapup:get']({ uniqueid: UNIQUEID })).draft).toEqual(typed);

    await core.commands['wrapup:save']({
      uniqueid: UNIQUEID,
      disposition: typed.disposition,
      note: typed.note,
      followUp: typed.followUp,
    });
    expect(await core.commands['wrapup:drafts']()).toEqual([]);
    expect((await core.commands['wrapup:get']({ uniqueid: UNIQUEID })).draft).toBeNull();
    await core.dispose();
  });

  it('go when the window drops one, and with "Clear local data"', async () => {
    const core = await startCore();
    await core.commands['wrapup:draft']({ uniqueid: UNIQUEID, draft: typed });
    await core.commands['wrapup:draft']({ uniqueid: UNIQUEID, draft: null });
    expect(await core.commands['wrapup:drafts']()).toEqual([]);

    await core.commands['wrapup:draft']({ uniqueid: UNIQUEID, draft: typed });
    const unsent = (await core.commands['wrapup:pending']()).length;
    expect(await core.commands['privacy:clear']({ unsentWrapUps: unsent })).toMatchObject({ cleared: true });
    expect(await core.commands['wrapup:drafts']()).toEqual([]);
    await core.dispose();
  });
});
