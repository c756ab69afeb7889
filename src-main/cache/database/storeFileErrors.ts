/**
 * The errors of a Ringside SQLite file that is not the directory cache's own business: both are
 * CacheOpenError (`cache-unavailable`), which the window words as a local store it cannot use; their
 * sentences name the file for what it holds.
 */
import { CacheOpenError } from '../errors';

/** The file could not be opened for a reason other than damage (permissions, a folder in the way…). */
export class StoreOpenError extends CacheOpenError {
  constructor(path: string, what: string, reason: string, options?: { cause?: unknown }) {
    super(path, reason, options);
    this.message = `Ringside could not open its ${what} at ${path}: ${reason}`;
  }
}

/**
 * A statement, or the integrity check, found the file damaged while it was in use. It is being replaced (a
 * directory cache set aside and rebuilt from the PBX, the history salvaged): the caller may try again soon.
 */
export class CacheDamagedError extends CacheOpenError {
  constructor(path: string, what: string, recovery: string, options?: { cause?: unknown }) {
    super(path, 'the file is damaged', options);
    this.message = `Ringside found its ${what} (${path}) damaged. ${recovery}`;
  }
}
