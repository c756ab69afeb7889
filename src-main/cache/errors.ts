/** Errors of the local cache, each with a message a person can act on. */
import { AppError } from '../shared/contract';
import { t } from '../shared/i18n';

/** The disk (or the database's page limit) is full. Nothing was deleted; the last write was rolled back. */
export class CacheFullError extends AppError {
  readonly code = 'cache-full';

  constructor(path: string, options?: { cause?: unknown }) {
    super(t('store.cacheFull', { path }), { path }, options);
  }
}

/** The cache file could not be opened for a reason other than corruption (permissions, a directory…). */
export class CacheOpenError extends AppError {
  readonly code = 'cache-unavailable';

  constructor(path: string, reason: string, options?: { cause?: unknown }) {
    super(t('store.openFailed', { file: 'directory', path, reason }), { path, reason }, options);
  }
}
