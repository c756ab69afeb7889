/**
 * The application core as tests build it: the system clock and a build that says it is a test, plus
 * whatever the test wires in (a demo PBX, a cache, shorter schedules).
 */
import { AppCore } from '../../src-main/app/appCore';
import { systemClock } from '../../src-main/shared/clock';

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
