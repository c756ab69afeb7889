/** The AppCore of the directory tests: demo PBXs over real HTTP, cache files in `cacheDirectory`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { AppCore, type AppCoreDeps } from '../../../src-main/app/appCore';
import { openCache } from '../../../src-main/cache';
import type { DemoPbx } from '../../../src-main/demo-pbx';
import type { Settings } from '../../../src-main/shared/contract';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';
import { countingLauncher, FAST_HEALTH, NO_RETRIES } from './pbx';

/** What the app tests' cores say about their build. */
export const TEST_BUILD: AppCoreDeps['build'] = {
  name: 'Ringside',
  version: '0.0.0',
  platform: 'linux',
  versions: { node: process.versions.node },
};

export function directoryCore(cacheDirectory: string, deps: Partial<AppCoreDeps>): AppCore {
  return new AppCore({
    clock: systemClock,
    logger: silentLogger,
    build: TEST_BUILD,
    osRegion: 'CZ',
    health: FAST_HEALTH,
    pbxClientOptions: NO_RETRIES,
    openCacheFile: (fileName) => openCache(join(cacheDirectory, fileName), { logger: silentLogger }),
    ...deps,
  });
}

/**
 * A core on the demo PBX with cache files in a temporary directory, started and synced before the file's
 * tests and disposed after them. Read `core` inside the tests.
 */
export function demoDirectoryCore(): { readonly core: AppCore } {
  let cacheDirectory: string;
  let launcher: ReturnType<typeof countingLauncher>;
  let core: AppCore | undefined;
  beforeAll(async () => {
    cacheDirectory = mkdtempSync(join(tmpdir(), 'ringside-directory-'));
    launcher = countingLauncher();
    core = directoryCore(cacheDirectory, { demoPbx: launcher });
    await core.start();
    await core.directorySync.idle();
  });
  afterAll(async () => {
    await core?.dispose();
    await launcher.closeAll();
    rmSync(cacheDirectory, { recursive: true, force: true });
  });
  return {
    get core() {
      return core!;
    },
  };
}

/** Saves settings for `pbx` as a configured PBX (with `changes`), and waits until the core has its client. */
export async function useConfiguredPbx(
  core: AppCore,
  pbx: DemoPbx,
  changes: Partial<Settings>,
): Promise<void> {
  const { settings } = await core.commands['settings:get']();
  const saved = await core.commands['settings:save']({
    settings: {
      ...settings,
      mode: 'configured',
      baseUrl: pbx.baseUrl,
      clientId: pbx.credentials.clientId,
      phone: pbx.agent.phone,
      ...changes,
    },
    secret: pbx.credentials.clientSecret,
  });
  expect(saved.saved).toBe(true);
  await vi.waitFor(() => expect(core.pbxClient).toBeDefined());
}
