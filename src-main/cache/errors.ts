/** Errors of the local cache, each with a message a person can act on. */
import { AppError } from '../shared/contract';

/** The disk (or the database's page limit) is full. Nothing was deleted; the last write was rolled back. */
export class CacheFullError extends AppError {
  readonly code = 'cache-full';

  constructor(path: string, options?: { cause?: unknown }) {
    super(
      `The disk holding Ringside's directory cache (${path}) is full, so the cache cannot be updated. ` +
        'Free some disk space; the cached directory stays usable meanwhile.',
      { path },
      options,
    );
  }
}

/** The cache file could not be opened for a reason other than corruption (permissions, a directory…). */
export class CacheOpenError extends AppError {
  readonly code = 'cache-unavailable';

  constructor(path: string, reason: string, options?: { cause?: unknown }) {
    super(`Ringside could not open its directory cache at ${path}: ${reason}`, { path, reason }, options);
  }
}
