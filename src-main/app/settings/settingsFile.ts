/**
 * The settings file: the app's `SettingsStore` as JSON in the user data directory (readable by the user only),
 * through `conf`, the library electron-store wraps. electron-store adds only Electron's default paths; with
 * the directory and name given it opens this very file in this very format, so the desktop app and the
 * browser host read and write one settings file. The schema and migrations are ours (settingsSchema.ts); conf
 * only reads and writes. A file that cannot be read is moved aside, so a damaged file never keeps Ringside
 * from starting and is still there to look at.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import type { Logger } from '../../shared/logger';
import { PRIVATE_FILE_MODE } from '../privateFiles';
import type { SettingsStore } from './settingsRepository';

/** electron-store's file name for `name: 'settings'`: what the desktop app has always written. */
export const SETTINGS_FILE = 'settings.json';

export interface SettingsFileOptions {
  /** The user data directory. */
  directory: string;
  logger: Logger;
  now?: () => number;
}

export function openSettingsStore({ directory, logger, now = Date.now }: SettingsFileOptions): SettingsStore {
  const open = () =>
    new Conf<Record<string, unknown>>({
      configName: 'settings',
      cwd: directory,
      configFileMode: PRIVATE_FILE_MODE,
    });
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
