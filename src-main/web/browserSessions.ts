/**
 * The browser host's sign-ins. A link's token works once, for a few minutes; using it opens a session: a
 * cookie (HttpOnly, SameSite=Strict, named per launch) and a page key the page keeps in its own origin's
 * storage and sends as its WebSocket's first frame. Cookies ignore ports, so any other server on this
 * machine that the browser is sent to receives the cookie; it never receives the page key (storage is per
 * origin, port included), and without the key the cookie opens no WebSocket: it reaches nothing but the
 * static page. Every secret is 32 random bytes, compared in constant time, and dies with the server.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieValues } from '../shared/cookieHeader';

/** Bytes of randomness in each secret (256 bits). */
export const SECRET_BYTES = 32;
/** How long a link's token may wait to be used. */
export const TOKEN_LIFETIME_MS = 5 * 60_000;
/** Sessions kept at most (one per sign-in: a browser, a private window); the oldest goes first. */
const MAX_SESSIONS = 32;
/** Unused tokens kept at most (each `issueToken` adds one); the oldest goes first. */
const MAX_TOKENS = 32;

export interface BrowserSession {
  readonly cookieValue: string;
  readonly pageKey: string;
}

export type TokenState = 'live' | 'spent';

export interface BrowserSessions {
  /** The session cookie's name for this launch: `ringside_session_<random>`. */
  readonly cookieName: string;
  /** A fresh single-use token for a link. */
  issueToken(): string;
  /** Whether a token can still be used; an unknown, used or expired one is `spent`. */
  tokenState(candidate: string): TokenState;
  /** Uses the token up and opens a session; null when it was not live. */
  redeem(candidate: string): BrowserSession | null;
  /** The session a Cookie header carries, if any. */
  sessionOf(cookieHeader: string | undefined): BrowserSession | null;
  /** Whether `candidate` is that session's page key. */
  isPageKey(session: BrowserSession, candidate: unknown): boolean;
}

const newSecret = () => randomBytes(SECRET_BYTES).toString('base64url');

function sameSecret(secret: string, candidate: unknown): boolean {
  if (typeof candidate !== 'string') return false;
  const expected = Buffer.from(secret);
  const given = Buffer.from(candidate);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Drops the oldest entries (a Map keeps insertion order) beyond `limit`. */
function trim<K, V>(map: Map<K, V>, limit: number): void {
  for (const key of map.keys()) {
    if (map.size <= limit) return;
    map.delete(key);
  }
}

export function createBrowserSessions(now: () => number = Date.now): BrowserSessions {
  const cookieName = `ringside_session_${randomBytes(6).toString('hex')}`;
  /** Unused tokens and when each expires. */
  const tokens = new Map<string, number>();
  const sessions: BrowserSession[] = [];
  const liveToken = (candidate: string) => {
    for (const [token, expiresAt] of tokens) {
      if (sameSecret(token, candidate)) return expiresAt > now() ? token : undefined;
    }
    return undefined;
  };
  return {
    cookieName,
    issueToken() {
      const token = newSecret();
      tokens.set(token, now() + TOKEN_LIFETIME_MS);
      trim(tokens, MAX_TOKENS);
      return token;
    },
    tokenState: (candidate) => (liveToken(candidate) ? 'live' : 'spent'),
    redeem(candidate) {
      const token = liveToken(candidate);
      if (!token) return null;
      tokens.delete(token);
      const session = { cookieValue: newSecret(), pageKey: newSecret() };
      sessions.push(session);
      if (sessions.length > MAX_SESSIONS) sessions.shift();
      return session;
    },
    sessionOf(cookieHeader) {
      const values = cookieValues(cookieHeader, cookieName);
      return (
        sessions.find((session) => values.some((value) => sameSecret(session.cookieValue, value))) ?? null
      );
    },
    isPageKey: (session, candidate) => sameSecret(session.pageKey, candidate),
  };
}
