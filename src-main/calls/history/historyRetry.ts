/** When the review fetcher and the wrap-up outbox try again: which failures pass, and how long to wait. */
import { isPbxError } from '../../api/errors';

export interface BackoffPolicy {
  /** The wait before the first retry; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** The wait is shortened by up to this fraction at random, so many clients spread out (0: exact). */
  jitter: number;
}

/** The wait before retry number `retry` (1 for the first). */
export function backoffMs(policy: BackoffPolicy, retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling * (1 - policy.jitter * random()));
}

/**
 * Failures that may pass by themselves: the network, a timeout, the PBX failing (5xx) or its login failing
 * for now. A refusal (business or validation error, no permission, no such call, a bad argument) will not.
 * Errors without a code are bugs or surprises; they are retried too, so nothing the user saved is dropped.
 */
export function isTransient(error: unknown): boolean {
  if (!isPbxError(error)) return true;
  return ['network-error', 'timeout', 'server-error', 'auth-failed'].includes(error.code);
}
