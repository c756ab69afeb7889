/**
 * The team server's cookies: the session's (a random token the session store knows only by its SHA-256) and
 * the OIDC sign-in's (the id of a sign-in waiting at the provider, ten minutes at most). Both are HttpOnly
 * (no script reads them), host-only with Path=/ (no Domain: no sibling subdomain receives them), and Secure
 * with the `__Host-` prefix unless the server is plain HTTP on loopback (a developer's or a test's), where a
 * browser would drop a Secure cookie. The prefix also stops a sibling subdomain from planting a cookie of
 * that name (cookie tossing).
 *
 * SameSite: the session cookie is Strict, so no other site's page can make a request that carries it; the
 * sign-in cookie is Lax, because the provider sends the browser back with a cross-site top-level GET and the
 * callback must receive it. The callback then answers with a page that moves on from this origin, so the
 * Strict session cookie goes with the first request of the signed-in page.
 */
import type { FastifyRequest } from 'fastify';
import { cookieValues } from '../../shared/cookieHeader';
import { isLoopbackHost } from '../../shared/loopback';
import type { Session, SessionStore } from './sessionStore';

export interface CookieSettings {
  secure: boolean;
  sessionName: string;
  signInName: string;
}

/** The cookie settings for a server reached at `serverOrigin` (its public origin, as agents type it). */
export function cookieSettingsFor(serverOrigin: string): CookieSettings {
  const origin = new URL(serverOrigin);
  const secure = !(origin.protocol === 'http:' && isLoopbackHost(origin.hostname));
  const prefix = secure ? '__Host-' : '';
  return { secure, sessionName: `${prefix}ringside_session`, signInName: `${prefix}ringside_signin` };
}

/** A Set-Cookie value (our values are base64url: nothing to encode); `maxAgeMs` 0 deletes the cookie. */
export function setCookie(
  settings: CookieSettings,
  name: string,
  value: string,
  maxAgeMs: number,
  sameSite: 'Strict' | 'Lax',
): string {
  const attributes = [`Max-Age=${Math.floor(maxAgeMs / 1000)}`, 'Path=/', 'HttpOnly', `SameSite=${sameSite}`];
  if (settings.secure) attributes.push('Secure');
  return [`${name}=${value}`, ...attributes].join('; ');
}

/**
 * A cookie's value in a request. With several of one name (one planted by a sibling subdomain on plain
 * HTTP) the first wins, as browsers send the most specific first; the `__Host-` prefix rules planting out.
 */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  return cookieValues(request.headers.cookie, name)[0];
}

/** `requireSession(request)`: the live session the request's cookie opens, or undefined. */
export function sessionReader(
  sessions: SessionStore,
  settings: CookieSettings,
): (request: FastifyRequest) => Session | undefined {
  return (request) => sessions.lookup(cookieOf(request, settings.sessionName));
}
