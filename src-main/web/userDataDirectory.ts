/**
 * Where the browser host keeps the profile: the desktop app's own user data directory (Electron's
 * `app.getPath('userData')` for an app named Ringside), so both hosts share settings, caches and the wrap-up
 * outbox. RINGSIDE_USER_DATA overrides it (tests, a second profile).
 */
import { join, resolve } from 'node:path';

/** Electron's folder name for the app: package.json's productName. */
export const APP_FOLDER_NAME = 'Ringside';

export function userDataDirectory(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  const override = env['RINGSIDE_USER_DATA'];
  if (override) return resolve(override);
  // Electron's `appData`, per platform.
  // i18n-exempt: a folder name.
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  if (platform === 'win32') return join(env['APPDATA'] || join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), APP_FOLDER_NAME);
}
