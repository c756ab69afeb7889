/**
 * The e2e suite's secret scan (test/e2e/secretScan.ts) finds a recorded secret in any file of any user data
 * directory, binary SQLite files included, and names the file; without a run it keeps nothing.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createUserDataDirectory, finishSecretScan, recordSecret, startSecretScan } from '../e2e/secretScan';

afterEach(() => {
  delete process.env['RINGSIDE_E2E_RUN_DIRECTORY'];
});

describe('the e2e secret scan', () => {
  it('fails naming each file that holds a recorded secret, then passes and cleans up once none does', () => {
    const run = startSecretScan();
    const cache = createUserDataDirectory('cache');
    const userData = createUserDataDirectory('userdata');
    recordSecret("customer PBX's client secret", 'Zq8-secret-value');
    recordSecret('wrong secret typed in onboarding', 'not-the-secret');
    const wal = join(cache.directory, 'directory-pbx.sqlite-wal');
    writeFileSync(
      wal,
      Buffer.concat([Buffer.from([0, 1, 2, 255]), Buffer.from('Zq8-secret-value'), Buffer.from([0])]),
    );
    mkdirSync(join(userData.directory, 'logs'));
    writeFileSync(join(userData.directory, 'logs', 'main.log'), 'settings saved (mode configured)\n');
    cache.release();
    userData.release();
    expect(existsSync(wal)).toBe(true);

    expect(() => finishSecretScan()).toThrow(
      /directory-pbx\.sqlite-wal holds the customer PBX's client secret/,
    );
    expect(existsSync(run)).toBe(true);

    writeFileSync(wal, Buffer.from([0, 1, 2]));
    finishSecretScan();
    expect(existsSync(run)).toBe(false);
  });

  it('outside a Playwright run, records nothing and removes a released directory', () => {
    const cache = createUserDataDirectory('cache');
    recordSecret('anything', 'value');
    cache.release();
    expect(existsSync(cache.directory)).toBe(false);
    expect(() => finishSecretScan()).not.toThrow();
  });
});
