/**
 * One host per profile: the lock file both hosts take in the user data directory (app/profileLock.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimProfileLock, describeLockHolder, PROFILE_LOCK_FILE } from '../../../src-main/app/profileLock';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'ringside-lock-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const lockPath = () => join(directory, PROFILE_LOCK_FILE);
/** A pid that certainly ran and is certainly gone: a child that has exited. */
const goneProcessId = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('the profile lock', () => {
  it('records the pid and the kind of host, readable by the user only', () => {
    const claim = claimProfileLock({ directory, host: 'browser' });
    expect(claim.claimed).toBe(true);
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toEqual({ pid: process.pid, host: 'browser' });
    expect(statSync(lockPath()).mode & 0o777).toBe(0o600);
  });

  it('refuses a second host while the first runs, and says which one runs', () => {
    const first = claimProfileLock({ directory, host: 'desktop', pid: 1111, isRunning: () => true });
    expect(first.claimed).toBe(true);
    const second = claimProfileLock({ directory, host: 'browser', pid: 2222, isRunning: () => true });
    expect(second).toEqual({ claimed: false, holder: { pid: 1111, host: 'desktop' }, path: lockPath() });
    if (second.claimed) throw new Error('unreachable');
    expect(describeLockHolder(second.holder, second.path)).toBe(
      `The Ringside desktop app (pid 1111) is already running on this profile; quit it first, or delete ${lockPath()} if you are sure it is not running.`,
    );
  });

  it('is free again once released, and a release never removes another host lock', () => {
    const first = claimProfileLock({ directory, host: 'browser', pid: 1111, isRunning: () => true });
    if (!first.claimed) throw new Error('not claimed');
    first.release();
    expect(existsSync(lockPath())).toBe(false);
    const second = claimProfileLock({ directory, host: 'desktop', pid: 2222, isRunning: () => true });
    expect(second.claimed).toBe(true);
    first.release();
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toEqual({ pid: 2222, host: 'desktop' });
  });

  it('takes over a stale lock whose process is gone (a real exited process)', () => {
    const gone = goneProcessId();
    writeFileSync(lockPath(), JSON.stringify({ pid: gone, host: 'desktop' }));
    const claim = claimProfileLock({ directory, host: 'browser' });
    expect(claim.claimed).toBe(true);
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toEqual({ pid: process.pid, host: 'browser' });
  });

  it('sees a running process (this test runner) through the default check', () => {
    writeFileSync(lockPath(), JSON.stringify({ pid: process.ppid, host: 'desktop' }));
    const claim = claimProfileLock({ directory, host: 'browser' });
    expect(claim).toMatchObject({ claimed: false, holder: { pid: process.ppid, host: 'desktop' } });
  });

  it.each(['', '{"pid":', '{"pid":"12","host":"desktop"}', '{"pid":12,"host":"toaster"}'])(
    'treats an unreadable lock %j as stale',
    (text) => {
      writeFileSync(lockPath(), text);
      expect(claimProfileLock({ directory, host: 'browser', isRunning: () => true }).claimed).toBe(true);
    },
  );

  it('creates the user data directory when it does not exist yet', () => {
    const fresh = join(directory, 'new', 'Ringside');
    expect(claimProfileLock({ directory: fresh, host: 'browser' }).claimed).toBe(true);
    expect(existsSync(join(fresh, PROFILE_LOCK_FILE))).toBe(true);
  });
});
