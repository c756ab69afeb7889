/**
 * Every file and folder Ringside keeps in the user data directory is the user's alone (POSIX: files 0600,
 * folders 0700): what a core writes while it runs and syncs (caches with their -wal and -shm, settings,
 * logs, recent numbers, the profile lock), and what an older Ringside left readable by everyone.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import electronLog from 'electron-log/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src-main/app/logging';
import {
  keepNewFilesPrivate,
  makeUserDataPrivate,
  PRIVATE_FILE_MODE,
  PRIVATE_FOLDER_MODE,
} from '../../../src-main/app/privateFiles';
import { claimProfileLock } from '../../../src-main/app/profileLock';
import { openSettingsStore } from '../../../src-main/app/settings/settingsFile';
import { openCache } from '../../../src-main/cache';
import { JsonFileRecentNumbersStore } from '../../../src-main/calls';
import { sourceDetailWriter } from '../../support/detailWriter';
import { testAppCore } from '../../support/testAppCore';
import { countingLauncher, FAST_HEALTH } from './pbx';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

function temporaryUserData(): string {
  const directory = mkdtempSync(join(tmpdir(), 'ringside-modes-'));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

/** "logs/main.log 644", for every file and folder under `directory` whose mode is not the private one. */
function notPrivate(directory: string): string[] {
  const found: string[] = [];
  const modeOf = (path: string) => statSync(path).mode & 0o777;
  if (modeOf(directory) !== PRIVATE_FOLDER_MODE) found.push(`. ${modeOf(directory).toString(8)}`);
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const wanted = entry.isDirectory() ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE;
    if (modeOf(path) !== wanted) found.push(`${relative(directory, path)} ${modeOf(path).toString(8)}`);
  }
  return found;
}

/** What an older Ringside left: the folder, settings, a cache, recent numbers and a log, readable by all. */
function filesOfAnOlderRingside(userData: string): void {
  chmodSync(userData, 0o755);
  const everyoneReads = (path: string, text: string) => {
    writeFileSync(path, text);
    chmodSync(path, 0o644);
  };
  everyoneReads(join(userData, 'settings.json'), '{"version": 2, "mode": "demo"}');
  everyoneReads(join(userData, 'recent-numbers.json'), '[]');
  mkdirSync(join(userData, 'logs'));
  chmodSync(join(userData, 'logs'), 0o755);
  everyoneReads(join(userData, 'logs', 'main.log'), 'started\n');
  openCache(join(userData, 'directory-demo.sqlite'), { logger: electronLog }).close();
  chmodSync(join(userData, 'directory-demo.sqlite'), 0o644);
  expect(notPrivate(userData)).toHaveLength(6);
}

describe.skipIf(process.platform === 'win32')('private files', { timeout: 60_000 }, () => {
  it('what an older Ringside left readable by everyone is made private at start', () => {
    const userData = temporaryUserData();
    filesOfAnOlderRingside(userData);

    makeUserDataPrivate(userData);

    expect(notPrivate(userData)).toEqual([]);
  });

  it('everything in the user data directory is private after a core has run and synced', async () => {
    const userData = join(temporaryUserData(), 'Ringside');
    // What both composition roots do first. The test leaves the process umask as it is, so that every
    // file shows the mode Ringside gives it itself.
    makeUserDataPrivate(userData);

    const lock = claimProfileLock({ directory: userData, host: 'browser' });
    if (!lock.claimed) throw new Error('the profile lock of a fresh directory was taken');
    const logger = createLogger(electronLog.create({ logId: 'private-files-test' }), {
      directory: join(userData, 'logs'),
      fileLevel: 'info',
      consoleLevel: false,
    });
    const launcher = countingLauncher();
    const core = testAppCore({
      logger,
      osRegion: 'CZ',
      health: FAST_HEALTH,
      settingsStore: openSettingsStore({ directory: userData, logger }),
      openCacheFile: (fileName) => openCache(join(userData, fileName), { logger }),
      recentNumbers: new JsonFileRecentNumbersStore(join(userData, 'recent-numbers.json'), logger),
      demoPbx: launcher,
      directorySync: { syncOptions: { detailWriter: sourceDetailWriter } },
    });
    cleanups.push(async () => {
      await core.dispose();
      await launcher.closeAll();
    });

    await core.start();
    await vi.waitFor(() => expect(core.directorySync.status().lastCompletedAt).not.toBeNull(), {
      timeout: 30_000,
    });
    await core.directorySync.idle();
    const dialled = await core.commands['calls:dial']({ number: '602 111 222', source: 'dialpad' });
    expect(dialled).toBeDefined();
    const saved = await core.commands['settings:save']({
      settings: { ...core.settings.current, pollIntervalMs: 2_000 },
    });
    expect(saved.saved).toBe(true);
    logger.info('ran and synced');

    const written = readdirSync(userData, { recursive: true }).map(String).sort();
    for (const expected of [
      'directory-demo.sqlite-wal',
      'logs/main.log',
      'recent-numbers.json',
      'ringside-host.lock',
      'settings.json',
    ]) {
      expect(written).toContain(expected);
    }
    expect(notPrivate(userData)).toEqual([]);

    await core.dispose();
    lock.release();
    expect(notPrivate(userData)).toEqual([]);
  });

  it('new files and folders are private whatever a library asks for', () => {
    const before = process.umask();
    try {
      keepNewFilesPrivate();
      const folder = temporaryUserData();
      mkdirSync(join(folder, 'made-by-a-library'), { mode: 0o777 });
      writeFileSync(join(folder, 'made-by-a-library', 'state.json'), '{}', { mode: 0o666 });
      chmodSync(folder, PRIVATE_FOLDER_MODE);
      expect(notPrivate(folder)).toEqual([]);
    } finally {
      process.umask(before);
    }
  });
});
