/**
 * One host per profile: the desktop app and the browser host share the user data directory (settings,
 * caches, the wrap-up outbox) and must never run on it at once. The one that starts writes a lock file there
 * with its pid and kind; the next finds it and says which host is running. A lock whose pid is gone (a
 * crash, a power cut) is stale and taken over. Electron's own single-instance lock still keeps a second
 * desktop app away; this one is about the two kinds of host. A team server takes the same lock on its data
 * directory, so a second server started by mistake never opens the same identity file, caches and histories.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppHost } from '../shared/contract';
import { t } from '../shared/i18n';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './privateFiles';

export const PROFILE_LOCK_FILE = 'ringside-host.lock';

/** Who may hold the lock: the two hosts of one agent's profile, or a team server on its data directory. */
export type LockHost = AppHost | 'server';
const LOCK_HOSTS: readonly unknown[] = ['desktop', 'browser', 'server'] satisfies LockHost[];

export interface ProfileLockHolder {
  pid: number;
  host: LockHost;
}

export type ProfileLockClaim =
  { claimed: true; release(): void } | { claimed: false; holder: ProfileLockHolder; path: string };

export interface ProfileLockOptions {
  directory: string;
  host: LockHost;
  pid?: number;
  /** Whether a process runs; default: `process.kill(pid, 0)`. */
  isRunning?: (pid: number) => boolean;
}

/** "The Ringside browser host (pid 4242) is already running on this profile (…)." */
export function describeLockHolder(holder: ProfileLockHolder, path: string): string {
  return t('connection.profileLocked', { host: holder.host, pid: holder.pid, path });
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): ProfileLockHolder | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { pid, host } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
    if (!LOCK_HOSTS.includes(host)) return undefined;
    return { pid, host: host as LockHost };
  } catch {
    return undefined;
  }
}

/**
 * Creates the lock file only if there is none, whole: written beside it first and then linked into place,
 * so a second host never reads a half-written lock and two hosts starting together cannot both win.
 */
function tryCreate(path: string, holder: ProfileLockHolder): boolean {
  const draft = `${path}.${holder.pid}.tmp`;
  writeFileSync(draft, `${JSON.stringify(holder)}\n`, { mode: PRIVATE_FILE_MODE });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

export function claimProfileLock({
  directory,
  host,
  pid = process.pid,
  isRunning = processRuns,
}: ProfileLockOptions): ProfileLockClaim {
  const path = join(directory, PROFILE_LOCK_FILE);
  const holder: ProfileLockHolder = { pid, host };
  mkdirSync(directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // Twice at most: once as it is, once more after removing a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(path, holder)) {
      let released = false;
      return {
        claimed: true,
        release() {
          if (released) return;
          released = true;
          // Only our own lock: a host that took over a lock we left behind keeps its own.
          if (readHolder(path)?.pid === pid) rmSync(path, { force: true });
        },
      };
    }
    const current = readHolder(path);
    // Unreadable, or left by a process that is gone (or by this very process, in a former life): stale.
    if (current && current.pid !== pid && isRunning(current.pid)) {
      return { claimed: false, holder: current, path };
    }
    rmSync(path, { force: true });
  }
  throw new Error(`the profile lock ${path} could not be created`);
}
