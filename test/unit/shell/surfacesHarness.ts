/**
 * `installCallSurfaces` over a real AppCore (no PBX), for tests that mock Electron with surfacesElectron.ts
 * (each test file calls `vi.mock('electron', () => import('./surfacesElectron'))` itself).
 */
import { vi } from 'vitest';
import type { Logger } from '../../../src-main/shared/logger';
import { installCallSurfaces } from '../../../src-main/shell/callSurfaces';
import type { DialConfirmation } from '../../../src-main/shell/confirmWindow';
import { LinkInbox } from '../../../src-main/shell/telLinks';
import { testAppCore } from '../../support/testAppCore';

export function installSurfacesWithCore(logger: Logger) {
  const core = testAppCore({ logger });
  const surfaces = installCallSurfaces({
    core,
    links: new LinkInbox(),
    // A class with private state: only the two methods the surfaces call are played here.
    confirmation: { show: vi.fn(), close: vi.fn() } as unknown as DialConfirmation,
    showMainWindow: vi.fn(),
    sendEvent: vi.fn(),
    trayIconPath: 'tray.png',
    launch: { kind: 'development', executable: '/usr/bin/electron', args: ['/work/ringside'] },
    logger,
  });
  return { core, surfaces };
}
