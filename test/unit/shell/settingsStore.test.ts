/**
 * The settings file as the shell opens it, with electron-store's own base (`conf`) standing in for
 * electron-store, which adds only Electron's default paths: a real JSON file, readable by the user only,
 * and a damaged file moved aside instead of keeping Ringside from starting.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyLogger } from '../../support/spyLogger';

vi.mock('electron-store', () => ({
  default: class extends Conf {
    /** electron-store's `name` is conf's `configName`. */
    constructor({
      name,
      ...options
    }: NonNullable<ConstructorParameters<typeof Conf>[0]> & { name?: string }) {
      super({ projectName: 'ringside-test', configName: name, ...options });
    }
  },
}));

const { openSettingsStore, SETTINGS_FILE } = await import('../../../src-main/app/settings/settingsFile');

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'ringside-settings-file-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe('the settings file', () => {
  it('is JSON in the user data directory, readable by the user only', () => {
    const store = openSettingsStore({ directory, logger: spyLogger() });
    store.set('settings', { version: 2, mode: 'demo' });
    const path = join(directory, SETTINGS_FILE);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ settings: { version: 2, mode: 'demo' } });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(openSettingsStore({ directory, logger: spyLogger() }).get('settings')).toEqual({
      version: 2,
      mode: 'demo',
    });
  });

  it('moves a damaged file aside and starts afresh', () => {
    writeFileSync(join(directory, SETTINGS_FILE), '{"settings": {"version": 2,');
    const logger = spyLogger();
    const store = openSettingsStore({ directory, logger, now: () => 42 });
    expect(store.get('settings')).toBeUndefined();
    expect(readdirSync(directory)).toContain(`${SETTINGS_FILE}.damaged-42`);
    expect(readFileSync(join(directory, `${SETTINGS_FILE}.damaged-42`), 'utf8')).toBe(
      '{"settings": {"version": 2,',
    );
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('moved to'), expect.any(Error));
  });
});
