/** Temporary cache files and a logger that records what it was told. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, vi } from 'vitest';
import { DirectoryCache, openCache, type CacheDatabase } from '../../../src-main/cache';
import type { Logger } from '../../../src-main/shared/logger';

export function spyLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

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
