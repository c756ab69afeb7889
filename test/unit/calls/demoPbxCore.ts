/**
 * The real AppCore on a demo PBX (manual clock: calls move only when a test moves them), over real HTTP,
 * with a real SQLite directory cache in a temporary folder read under Czech numbering. For the calls
 * layer's end-to-end tests; `close()` ends all of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppCore } from '../../../src-main/app/appCore';
import type { ActiveCall } from '../../../src-main/api/schemas';
import { DirectoryCache, openCache } from '../../../src-main/cache';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { TestClient } from '../../conformance/helpers';
import { testAppCore } from '../../support/testAppCore';
import { FAST_HEALTH } from '../app/pbx';
import { spyLogger } from './fixtures';

export interface DemoPbxCore {
  pbx: DemoPbx;
  sim: TestClient;
  core: AppCore;
  cache: DirectoryCache;
  logger: ReturnType<typeof spyLogger>;
  /** The agent's calls as the demo PBX reports them right now. */
  pbxCalls(): Promise<ActiveCall[]>;
  close(): Promise<void>;
}

/** Starts the demo PBX and a core on it (not yet started: subscribe first, then `core.start()`). */
export async function demoPbxCore(persons: number): Promise<DemoPbxCore> {
  const pbx = await startDemoPbx({
    persons,
    ringEverySeconds: 0,
    clock: { mode: 'manual', startMs: Date.UTC(2026, 2, 10, 9, 30) },
  });
  const sim = new TestClient(pbx);
  const cacheDir = mkdtempSync(join(tmpdir(), 'ringside-calls-'));
  const logger = spyLogger();
  const database = openCache(join(cacheDir, 'directory.sqlite'), { logger });
  const cache = new DirectoryCache(database, { numbering: { defaultCountry: 'CZ' }, logger });
  const core = testAppCore({
    logger,
    demoPbx: { start: async () => pbx },
    osRegion: 'CZ',
    directory: () => cache,
    health: FAST_HEALTH,
  });
  return {
    pbx,
    sim,
    core,
    cache,
    logger,
    pbxCalls: async () =>
      (await sim.get('/call', { query: { ...pbx.agent.phone } })).body.data as ActiveCall[],
    close: async () => {
      await core.dispose();
      await pbx.close();
      database.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
