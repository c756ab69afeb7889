/**
 * The browser host's two per-launch secrets: the token of the URL it prints (traded once per browser for
 * the session cookie) and the session cookie's value. Both are 32 random bytes and valid until the server
 * stops; the cookie carries a different value than the URL, so a token seen in a terminal's scrollback is
 * not the cookie itself. Compared in constant time.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** Bytes of randomness in each secret (256 bits). */
export const SECRET_BYTES = 32;

export interface SessionSecrets {
  /** The `?token=` of the launch URL. */
  readonly token: string;
  /** The value of the session cookie. */
  readonly cookieValue: string;
  isToken(candidate: string | undefined): boolean;
  isCookieValue(candidate: string | undefined): boolean;
}

const newSecret = () => randomBytes(SECRET_BYTES).toString('base64url');

function sameSecret(secret: string, candidate: string | undefined): boolean {
  if (candidate === undefined) return false;
  const expected = Buffer.from(secret);
  const given = Buffer.from(candidate);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function createSessionSecrets(): SessionSecrets {
  const token = newSecret();
  const cookieValue = newSecret();
  return {
    token,
    cookieValue,
    isToken: (candidate) => sameSecret(token, candidate),
    isCookieValue: (candidate) => sameSecret(cookieValue, candidate),
  };
}

/** The values of the cookie `name` in a Cookie header (a browser may send several of one name). */
export function cookieValues(cookieHeader: string | undefined, name: string): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}
