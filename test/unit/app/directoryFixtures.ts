/** The AppCore of the directory tests: demo PBXs over real HTTP, cache files in `cacheDirectory`. */
import { join } from 'node:path';
import { AppCore, type AppCoreDeps } from '../../../src-main/app/appCore';
import { openCache } from '../../../src-main/cache';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';
import { FAST_HEALTH, NO_RETRIES } from './pbx';

export function directoryCore(cacheDirectory: string, deps: Partial<AppCoreDeps>): AppCore {
  return new AppCore({
    clock: systemClock,
    logger: silentLogger,
    build: {
      name: 'Ringside',
      version: '0.0.0',
      platform: 'linux',
      versions: { node: process.versions.node },
    },
    osRegion: 'CZ',
    health: FAST_HEALTH,
    pbxClientOptions: NO_RETRIES,
    openCacheFile: (fileName) => openCache(join(cacheDirectory, fileName), { logger: silentLogger }),
    ...deps,
  });
}
