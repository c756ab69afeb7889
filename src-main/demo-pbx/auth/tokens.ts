/**
 * Access tokens of the client-credentials flow (see docs/pbx-api.md (Authentication)). Tokens are random and
 * unguessable; their expiry runs on the simulated clock, so a test can age a token with `POST /_sim/clock`.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../shared/clock';

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export class TokenStore {
  private readonly expiries = new Map<string, number>();
  /** The latest token as its `Authorization` value and its expiry: what nearly every request carries. */
  private latestAuthorization = '';
  private latestExpiry = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {}

  issue(): IssuedToken {
    this.dropExpired();
    const accessToken = randomBytes(32).toString('base64url');
    const expiry = this.clock.now() + this.ttlSeconds * 1000;
    this.expiries.set(accessToken, expiry);
    this.latestAuthorization = `Bearer ${accessToken}`;
    this.latestExpiry = expiry;
    return { accessToken, expiresInSeconds: this.ttlSeconds };
  }

  /** 'valid', or why not: unknown (never issued, or forgotten) or expired. */
  check(accessToken: string): 'valid' | 'unknown' | 'expired' {
    const expiry = this.expiries.get(accessToken);
    if (expiry === undefined) return 'unknown';
    return this.clock.now() < expiry ? 'valid' : 'expired';
  }

  /**
   * Whether `authorization` is exactly `Bearer <the latest token>` and that token is still valid: compared in
   * constant time and without parsing or allocating, for the request path (`check` covers every other form).
   */
  isLatestValid(authorization: string): boolean {
    return (
      this.latestAuthorization !== '' &&
      secretsEqual(authorization, this.latestAuthorization) &&
      this.clock.now() < this.latestExpiry
    );
  }

  private dropExpired(): void {
    const now = this.clock.now();
    for (const [token, expiry] of this.expiries) if (expiry <= now) this.expiries.delete(token);
  }
}

/**
 * Compares secrets in constant time, so response timing does not reveal how much of a guess was right (only
 * whether the length was). Character by character rather than crypto's timingSafeEqual, which needs two
 * Buffers per call: this runs on every request.
 */
export function secretsEqual(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < given.length; index++) {
    difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}
