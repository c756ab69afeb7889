/**
 * The harness for the onboarding and secrets specs: the real AppCore with a settings file and a log file
 * in a temporary user data directory, the embedded demo PBX as in `npm start`, and a second demo PBX that
 * plays the customer's own PBX. The secret store is the session-only one (no keychain in the harness).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { AppCore } from '../../src-main/app/appCore';
import { openSettingsStore } from '../../src-main/app/settings/settingsFile';
import { MemorySecretStore } from '../../src-main/app/settings/secretStore';
import { openCache } from '../../src-main/cache';
import { startDemoPbx, type DemoPbx } from '../../src-main/demo-pbx';
import { createLogger, LOG_FILE_NAME } from '../../src-main/app/logging';
import { resolveAppCoreDeps, test as harness } from './fixtures';
import { createUserDataDirectory, recordSecret } from './secretScan';

export { expect } from './fixtures';

/** Saves `pbx` as the configured PBX with `secret`, as the Settings form would. */
export async function configurePbx(core: AppCore, pbx: DemoPbx, secret: string): Promise<void> {
  const { settings } = await core.commands['settings:get']();
  const result = await core.commands['settings:save']({
    settings: { ...settings, mode: 'configured', baseUrl: pbx.baseUrl, clientId: pbx.credentials.clientId },
    secret,
  });
  if (!result.saved) throw new Error(`settings not saved: ${JSON.stringify(result.errors)}`);
}

export interface UserData {
  directory: string;
  /** Every file under the directory (settings, logs), with its text. */
  files(): { path: string; text: string }[];
  logText(): string;
}

/** A demo PBX; its client secret joins those the suite's secret scan looks for (secretScan.ts). */
async function quietPbx(): Promise<DemoPbx> {
  const pbx = await startDemoPbx({ persons: 30, ringEverySeconds: 0 });
  recordSecret("demo PBX's client secret", pbx.credentials.clientSecret);
  return pbx;
}
let logId = 0;

export const test = harness.extend<{ userData: UserData; customerPbx: DemoPbx; secrets: MemorySecretStore }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument.
  userData: async ({}, use) => {
    const userData = createUserDataDirectory('userdata');
    const directory = userData.directory;
    const files = () =>
      readdirSync(directory, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const path = join(entry.parentPath, entry.name);
          return { path, text: readFileSync(path, 'utf8') };
        });
    await use({
      directory,
      files,
      logText: () => readFileSync(join(directory, 'logs', LOG_FILE_NAME), 'utf8'),
    });
    userData.release();
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  customerPbx: async ({}, use) => {
    const pbx = await quietPbx();
    await use(pbx);
    await pbx.close();
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  secrets: async ({}, use) => use(new MemorySecretStore()),
  appCore: async ({ appCoreDeps, userData, secrets }, use) => {
    const log = electronLog.create({ logId: `e2e-${process.pid}-${++logId}` });
    const logger = createLogger(log, {
      directory: join(userData.directory, 'logs'),
      fileLevel: 'debug',
      consoleLevel: false,
    });
    const core = new AppCore(
      resolveAppCoreDeps({
        logger,
        // The app's own settings file (0600), as both hosts open it.
        settingsStore: openSettingsStore({ directory: userData.directory, logger }),
        // The SQLite caches in the user data directory too, as in the app.
        openCacheFile: (fileName) => openCache(join(userData.directory, fileName), { logger }),
        secretStore: secrets,
        demoPbx: { start: quietPbx },
        osRegion: 'CZ',
        ...appCoreDeps,
        // The mode follows the settings and the PBX in use, as in the app.
        mode: undefined,
      }),
    );
    await core.start();
    await use(core);
    await core.dispose();
  },
});
