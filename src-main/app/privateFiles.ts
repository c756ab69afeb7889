/**
 * The user data directory holds call history, notes, the directory of customers and the logs: on POSIX it
 * is the user's alone, files 0600 and folders 0700. Each place that creates a file asks for that mode
 * itself; the composition roots also set the process umask at start (for files libraries create, e.g.
 * Chromium's or a log rotation's) and take group and other access off what an older Ringside left.
 * Windows keeps the user profile private by its ACLs: nothing to do there.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** The folder of the log files, inside the user data directory. */
export const LOG_FOLDER = 'logs';

const GROUP_AND_OTHER = 0o077;

const isPosix = () => process.platform !== 'win32';

/** From now on this process creates nothing that group or others may read. */
export function keepNewFilesPrivate(): void {
  if (isPosix()) process.umask(GROUP_AND_OTHER);
}

/**
 * Creates the user data directory if need be, and takes group and other access off it, off the files in
 * it and off its logs folder and their files. The owner's own bits stay as they are, so a file of someone
 * else's in a directory chosen by mistake (RINGSIDE_USER_DATA) loses nothing but its audience. Symbolic
 * links are left alone (Chromium's SingletonLock points elsewhere).
 */
export function makeUserDataPrivate(userData: string): void {
  mkdirSync(userData, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (!isPosix()) return;
  restrict(userData);
  for (const name of readdirSync(userData)) {
    const path = join(userData, name);
    const kind = restrict(path);
    if (kind === 'folder' && name === LOG_FOLDER) {
      for (const logName of readdirSync(path)) restrict(join(path, logName));
    }
  }
}

/** Takes group and other access off a file or folder; says which it was (links and the rest untouched). */
function restrict(path: string): 'file' | 'folder' | 'other' {
  try {
    const stats = lstatSync(path);
    const kind = stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : 'other';
    if (kind !== 'other' && (stats.mode & GROUP_AND_OTHER) !== 0) {
      chmodSync(path, stats.mode & 0o777 & ~GROUP_AND_OTHER);
    }
    return kind;
  } catch {
    // Gone meanwhile (a lock released, a temporary file renamed), or another user's: Ringside still starts.
    return 'other';
  }
}
