/**
 * The application core as tests build it: the system clock and a build that says it is a test, plus
 * whatever the test wires in (a demo PBX, a cache, shorter schedules). `composeHeadlessCore` builds it
 * the way the hosts do instead, files and worker threads included.
 */
import { AppCore } from '../../src-main/app/appCore';
import { composeAppCore, type HostServices } from '../../src-main/app/composeAppCore';
import { nodeTransport } from '../../src-main/app/connection/pbxTransport';
import { MemorySecretStore } from '../../src-main/app/settings/secretStore';
import { systemClock } from '../../src-main/shared/clock';
import { silentLogger } from '../../src-main/shared/logger';

type AppCoreDeps = ConstructorParameters<typeof AppCore>[0];

/** What `app:info` reports about the build in tests. */
export const TEST_BUILD: AppCoreDeps['build'] = {
  name: 'Ringside',
  version: 'test',
  platform: 'linux',
  versions: { node: process.versions.node },
};

export function testAppCore(
  deps: Omit<AppCoreDeps, 'clock' | 'build'> & Partial<Pick<AppCoreDeps, 'clock' | 'build'>>,
): AppCore {
  return new AppCore({ clock: systemClock, build: TEST_BUILD, ...deps });
}

/**
 * AppCore as the hosts compose it (composeAppCore: settings file, cache and history files, the writer and
 * integrity-check threads), without a window: the secret kept in memory, plain Node's transport, no
 * embedded demo PBX unless one is given, the region CZ, no log output.
 */
export function composeHeadlessCore(
  host: Pick<HostServices, 'userData' | 'detailWriterWorker'> & Partial<HostServices>,
): ReturnType<typeof composeAppCore> {
  return composeAppCore({
    logger: silentLogger,
    transport: nodeTransport,
    secretStore: async () => new MemorySecretStore(),
    demoPbx: { start: () => Promise.reject(new Error('no embedded demo PBX here')) },
    osRegion: 'CZ',
    build: TEST_BUILD,
    ...host,
  });
}
