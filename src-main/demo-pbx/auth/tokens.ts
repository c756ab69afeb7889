/**
 * Access tokens of the client-credentials flow (see docs/pbx-api.md (Authentication)). Tokens are random and
 * unguessable; their expiry runs on the simulated clock, so a test can age a token with `POST /_sim/clock`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../shared/clock';

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export class TokenStore {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {}

  issue(): IssuedToken {
    this.dropExpired();
    const accessToken = randomBytes(32).toString('base64url');
    this.expiries.set(accessToken, this.clock.now() + this.ttlSeconds * 1000);
    return { accessToken, expiresInSeconds: this.ttlSeconds };
  }

  /** 'valid', or why not: unknown (never issued, or forgotten) or expired. */
  check(accessToken: string): 'valid' | 'unknown' | 'expired' {
    const expiry = this.expiries.get(accessToken);
    if (expiry === undefined) return 'unknown';
    return this.clock.now() < expiry ? 'valid' : 'expired';
  }

  private dropExpired(): void {
    const now = this.clock.now();
    for (const [token, expiry] of this.expiries) if (expiry <= now) this.expiries.delete(token);
  }
}

/** Compares secrets in constant time, so response timing does not reveal how much of a guess was right. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
