/**
 * A cache file is the user's alone (0600 on POSIX, as everything in the user data directory, see
 * app/privateFiles.ts). SQLite creates a new database file with the process's default mode and gives its
 * -wal, -shm and -journal the mode of the database file: so the file is created, or restricted, before
 * SQLite opens it, and the companions an older Ringside left are restricted with it.
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

const PRIVATE_FILE_MODE = 0o600;
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

export function createPrivateFile(path: string): void {
  if (path === ':memory:' || path === '' || process.platform === 'win32') return;
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const suffix of ['', ...SQLITE_COMPANIONS]) {
    if (existsSync(path + suffix)) chmodSync(path + suffix, PRIVATE_FILE_MODE);
  }
}
