/** Temporary cache files, a logger that records what it was told, and the PBX client of a demo PBX. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { PbxClient } from '../../../src-main/api';
import { DirectoryCache, openCache, type CacheDatabase } from '../../../src-main/cache';
import type { DemoPbx } from '../../../src-main/demo-pbx';
import type { Logger } from '../../../src-main/shared/logger';
import { spyLogger } from '../../support/spyLogger';

export { spyLogger };

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()!();
});

/** A fresh directory, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ringside-cache-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Opens a cache file and closes it after the test. */
export function openTestCache(path = join(tempDir(), 'directory.sqlite'), logger: Logger = spyLogger()) {
  const database = openCache(path, { logger });
  cleanups.push(() => database.close());
  return database;
}

export function testDirectory(
  database: CacheDatabase = openTestCache(),
  defaultCountry = 'CZ',
  now: () => number = () => Date.now(),
): DirectoryCache {
  return new DirectoryCache(database, { numbering: { defaultCountry }, logger: spyLogger(), clock: { now } });
}

/** The real PBX client of a demo PBX, over HTTP with its service account, as the app's sync uses it. */
export function demoPbxClient(
  pbx: Pick<DemoPbx, 'baseUrl' | 'credentials'>,
  logger: Logger = spyLogger(),
): PbxClient {
  return new PbxClient({
    baseUrl: pbx.baseUrl,
    clientId: pbx.credentials.clientId,
    clientSecret: pbx.credentials.clientSecret,
    fetch,
    logger,
    clock: { now: () => Date.now() },
  });
}
