/**
 * When and how long to wait before retrying a request.
 *
 * Only GET is ever retried. POST and PATCH create or change things; DELETE /call hangs up "the active call"
 * of a phone, so a repeated DELETE after a lost answer could hang up the next call that was answered in the
 * meantime: it is not safely idempotent for a phone, and the same reasoning keeps the other DELETEs simple.
 */
import type { NetworkErrorKind } from '../errors';

export interface RetryPolicy {
  /** Attempts in total for a GET, the first one included; 1 disables retries. */
  maxAttempts: number;
  /** The backoff cap for the first retry; it doubles for each further retry. */
  baseDelayMs: number;
  /** The cap of the exponential backoff. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error goes to the caller at once. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 30_000,
};

/** Statuses that mean "try again shortly": rate limited, bad gateway, unavailable, gateway timeout. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Network failures worth a retry. A name that does not resolve or a certificate that is not trusted will
 * not fix itself in a second, so those fail fast with their clear message.
 */
export const RETRYABLE_NETWORK_KINDS: ReadonlySet<NetworkErrorKind> = new Set(['refused', 'reset', 'other']);

/** "Full jitter": a uniformly random wait up to the capped exponential backoff of this retry (0-based). */
export function backoffDelayMs(policy: RetryPolicy, retryIndex: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/** `Retry-After` in milliseconds from now: delta-seconds or an HTTP date; undefined when absent or invalid. */
export function parseRetryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its month; anything else (e.g. "-3", which Date.parse reads as a year) is invalid.
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
