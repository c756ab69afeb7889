/**
 * Sign-in of the desktop app through the system browser (OAuth 2.0 for Native Apps, RFC 8252): the app opens
 * `/auth/native` in the OS browser with a loopback `redirect_uri`, a `state` and a PKCE S256 challenge; the
 * signed-in browser confirms, and this server sends it to the loopback address with a one-time code; the app
 * exchanges the code and its PKCE verifier for a session of its own (`/auth/native/token`).
 *
 * Only a loopback IP literal over http is a redirect target (RFC 8252 §7.3, §8.3): an address elsewhere would
 * hand the code to whoever answers there. A code lives two minutes, is kept as its SHA-256 only, is bound to
 * the challenge and the redirect_uri, and works once; a code presented a second time also ends the session
 * the first use opened (RFC 6749 §4.1.2: someone else holds it).
 *
 * Requests waiting for the browser's confirmation and codes waiting for the app live in memory: both are
 * minutes long, and a restarted server simply has the app start over.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../shared/clock';
import { deviceLabel } from './deviceLabel';
import { isWellFormedToken, newSecretToken } from './secretTokens';

/** How long the browser may take from the app's request to Continue (a sign-in at the provider included). */
export const NATIVE_REQUEST_MS = 10 * 60_000;
/** How long a code waits for the app's exchange. */
export const NATIVE_CODE_MS = 2 * 60_000;
/** Requests and codes kept at most each; the oldest goes first (the routes' rate limits keep this far away). */
const MAX_PENDING = 10_000;
const MAX_REDIRECT_URI = 200;
/** The device name an app gives, when it gives none (a product name: nothing to translate). */
const DEFAULT_DEVICE = 'Ringside';
/** RFC 7636 §4.1: the verifier's alphabet and length. */
const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
/** base64url of a SHA-256: the only challenge S256 yields. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const STATE_PATTERN = /^[A-Za-z0-9._~-]{16,128}$/;

/** What the app asks for, as checked. */
export interface NativeRequest {
  redirectUri: string;
  state: string;
  challenge: string;
  device: string;
}

interface Pending extends NativeRequest {
  expiresAt: number;
}

interface Grant {
  agent: string;
  redirectUri: string;
  challenge: string;
  device: string;
  expiresAt: number;
  /** Set once redeemed: the session it opened, ended if the code comes again. */
  sessionId?: string;
}

export type NativeRedemptionRefusal = 'unknown' | 'expired' | 'reused' | 'redirect-mismatch' | 'verifier';

export type NativeRedemption =
  | { ok: true; agent: string; device: string; bind(sessionId: string): void }
  | { ok: false; reason: NativeRedemptionRefusal };

/** `http://127.0.0.1:<port>/<path>` or `http://[::1]:<port>/<path>`, exactly as written; else undefined. */
export function loopbackRedirectUri(candidate: unknown): string | undefined {
  if (typeof candidate !== 'string' || candidate.length > MAX_REDIRECT_URI) return undefined;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  // The parsed form must be the text itself: no credentials, query, fragment or encoding games.
  if (url.protocol !== 'http:' || !loopback || url.username || url.password || url.search || url.hash)
    return undefined;
  return url.href === candidate ? candidate : undefined;
}

/** The app's request checked; undefined for anything this server would not send a code for. */
export function readNativeRequest(query: Record<string, unknown>): NativeRequest | undefined {
  const redirectUri = loopbackRedirectUri(query.redirect_uri);
  const { state, code_challenge: challenge, code_challenge_method: method } = query;
  if (!redirectUri || method !== 'S256') return undefined;
  if (typeof state !== 'string' || !STATE_PATTERN.test(state)) return undefined;
  if (typeof challenge !== 'string' || !CHALLENGE_PATTERN.test(challenge)) return undefined;
  const device = query.device === undefined ? DEFAULT_DEVICE : deviceLabel(undefined, query.device);
  return { redirectUri, state, challenge, device: device === '?' ? DEFAULT_DEVICE : device };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `verifier` is the one `challenge` was made from (S256). */
function verifies(verifier: unknown, challenge: string): boolean {
  if (typeof verifier !== 'string' || !VERIFIER_PATTERN.test(verifier)) return false;
  const expected = Buffer.from(challenge, 'base64url');
  const actual = sha256(verifier);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function keepAtMost<V>(map: Map<string, V>, max: number): void {
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}

export class NativeSignIns {
  readonly #clock: Clock;
  readonly #requests = new Map<string, Pending>();
  /** By the code's SHA-256 (hex). */
  readonly #grants = new Map<string, Grant>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Keeps the app's request until the browser answers it; the id goes into the browser's address. */
  begin(request: NativeRequest): string {
    const now = this.#clock.now();
    this.#forgetExpired(now);
    const id = newSecretToken();
    this.#requests.set(id, { ...request, expiresAt: now + NATIVE_REQUEST_MS });
    keepAtMost(this.#requests, MAX_PENDING);
    return id;
  }

  /** The request waiting under `id`, if it has not expired nor been answered. */
  request(id: unknown): NativeRequest | undefined {
    const pending = isWellFormedToken(id) ? this.#requests.get(id) : undefined;
    return pending && pending.expiresAt > this.#clock.now() ? pending : undefined;
  }

  /**
   * The browser's answer, once: where to send it (the app's loopback address with a code for `agent`, or
   * with `access_denied` when the person cancelled, `agent` null). Undefined when no such request waits.
   */
  answer(id: unknown, agent: string | null): URL | undefined {
    const request = this.request(id);
    if (!request) return undefined;
    this.#requests.delete(id as string);
    const target = new URL(request.redirectUri);
    if (agent === null) {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = newSecretToken();
      this.#grants.set(sha256(code).toString('hex'), {
        agent,
        redirectUri: request.redirectUri,
        challenge: request.challenge,
        device: request.device,
        expiresAt: this.#clock.now() + NATIVE_CODE_MS,
      });
      keepAtMost(this.#grants, MAX_PENDING);
      target.searchParams.set('code', code);
    }
    target.searchParams.set('state', request.state);
    return target;
  }

  /**
   * The app's exchange. A code is spent by its first presentation, whatever comes of it; one that opened a
   * session and comes again ends that session (`onReused`) and is refused.
   */
  redeem(
    code: unknown,
    verifier: unknown,
    redirectUri: unknown,
    onReused: (sessionId: string) => void,
  ): NativeRedemption {
    if (!isWellFormedToken(code)) return { ok: false, reason: 'unknown' };
    const key = sha256(code).toString('hex');
    const grant = this.#grants.get(key);
    if (!grant) return { ok: false, reason: 'unknown' };
    const now = this.#clock.now();
    if (grant.sessionId !== undefined) {
      if (grant.sessionId) onReused(grant.sessionId);
      this.#grants.delete(key);
      return { ok: false, reason: 'reused' };
    }
    if (grant.expiresAt <= now) {
      this.#grants.delete(key);
      return { ok: false, reason: 'expired' };
    }
    // Spent now; kept (until it expires) only to notice a second use.
    grant.sessionId = '';
    if (redirectUri !== grant.redirectUri) return { ok: false, reason: 'redirect-mismatch' };
    if (!verifies(verifier, grant.challenge)) return { ok: false, reason: 'verifier' };
    return {
      ok: true,
      agent: grant.agent,
      device: grant.device,
      bind: (sessionId) => void (grant.sessionId = sessionId),
    };
  }

  #forgetExpired(now: number): void {
    for (const [id, pending] of this.#requests) if (pending.expiresAt <= now) this.#requests.delete(id);
    for (const [key, grant] of this.#grants) if (grant.expiresAt <= now) this.#grants.delete(key);
  }
}
