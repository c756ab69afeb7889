/**
 * The errors of a Ringside SQLite file that is not the directory cache's own business: both are
 * CacheOpenError (`cache-unavailable`), which the window words as a local store it cannot use; their
 * sentences name the file for what it holds.
 */
import { t, type MessageKey } from '../../shared/i18n';
import { CacheOpenError } from '../errors';

/** `what` is the file's log name (StoreFileKind.name); the sentence names it in the language in use. */
function fileOf(what: string): 'history' | 'directory' {
  return what === 'local history' ? 'history' : 'directory';
}

/** The file could not be opened for a reason other than damage (permissions, a folder in the way…). */
export class StoreOpenError extends CacheOpenError {
  constructor(path: string, what: string, reason: string, options?: { cause?: unknown }) {
    super(path, reason, options);
    this.message = t('store.openFailed', { file: fileOf(what), path, reason });
  }
}

/**
 * A statement, or the integrity check, found the file damaged while it was in use. It is being replaced (a
 * directory cache set aside and rebuilt from the PBX, the history salvaged): the caller may try again soon.
 * `recovery` is the message key of what happens next (StoreFileKind.recovery).
 */
export class CacheDamagedError extends CacheOpenError {
  constructor(path: string, what: string, recovery: string, options?: { cause?: unknown }) {
    super(path, t('store.fileDamagedReason'), options);
    this.message = t('store.damaged', { file: fileOf(what), path, recovery: t(recovery as MessageKey) });
  }
}
