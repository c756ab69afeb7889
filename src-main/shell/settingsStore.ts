/**
 * The settings file: electron-store persists the app's `SettingsStore` as JSON in the user data directory
 * (readable by the user only). The schema and migrations are ours (app/settings*.ts); electron-store only
 * reads and writes. A file that cannot be read is moved aside, so a damaged file never keeps Ringside from
 * starting and is still there to look at.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Store from 'electron-store';
import type { SettingsStore } from '../app/settings';
import type { Logger } from '../shared/logger';

export const SETTINGS_FILE = 'settings.json';

export interface SettingsFileOptions {
  /** The user data directory. */
  directory: string;
  logger: Logger;
  now?: () => number;
}

export function openSettingsStore({ directory, logger, now = Date.now }: SettingsFileOptions): SettingsStore {
  const open = () =>
    new Store<Record<string, unknown>>({ name: 'settings', cwd: directory, configFileMode: 0o600 });
  try {
    return open();
  } catch (error) {
    const path = join(directory, SETTINGS_FILE);
    if (!existsSync(path)) throw error;
    const aside = `${path}.damaged-${now()}`;
    renameSync(path, aside);
    logger.error(
      `the settings file could not be read; it was moved to ${aside} and Ringside starts afresh`,
      error,
    );
    return open();
  }
}
