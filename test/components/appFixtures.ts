/** What the main process says about itself, for the tests that render the whole app. */
import type { AppInfo, ConnectionState } from '../../src-main/shared/contract';

export const appInfo: AppInfo = {
  name: 'Ringside',
  version: '1.0.0',
  platform: 'linux',
  versions: { node: '24.0.0' },
  mode: 'demo',
};

export const offline: ConnectionState = { status: 'offline', message: 'The PBX did not answer.', since: 1 };
