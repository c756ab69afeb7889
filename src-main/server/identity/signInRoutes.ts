/**
 * The team server's sign-in routes, as one Fastify plugin:
 *
 * - `GET /auth/signin?return=/path` starts an OIDC sign-in (when the server has a provider configured);
 * - `GET /auth/callback` is where the provider sends the browser back; a session cookie on success;
 * - `GET /enroll` is the page an enrollment link opens; `POST /auth/enroll` redeems the link's token;
 * - `POST /auth/signout` ends the request's session;
 * - `/auth/native…` signs the desktop app in through the system browser (nativeSignInRoutes.ts).
 *
 * Sign-in attempts and redemptions are rate limited per client IP (behind a reverse proxy, the server must
 * set Fastify's `trustProxy` so the IP is the client's). POSTs must come from the server's own origin: a page
 * elsewhere cannot sign a browser out, or into an attacker's enrollment (login CSRF).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../shared/clock';
import type { AuditRecorder } from '../audit/auditEvent';
import { deviceLabel } from './deviceLabel';
import { ENROLLMENT_PATH, type EnrollmentLinks, type EnrollmentRefusal } from './enrollmentLinks';
import { registerNativeSignIn } from './nativeSignInRoutes';
import type { OidcSignIn, SignInRefusal } from './oidcSignIn';
import { cookieOf, setCookie, sessionReader, type CookieSettings } from './sessionCookies';
import type { Session, SessionStore } from './sessionStore';
import { SIGN_IN_TRANSACTION_MS } from './oidcSignIn';
import {
  continueTo,
  ENROLL_SCRIPT,
  ENROLL_SCRIPT_PATH,
  enrollmentPage,
  refuse,
  SIGN_IN_PATH,
  translatorOf,
  type Refusal,
} from './signInAnswers';

export const CALLBACK_PATH = '/auth/callback';
export const ENROLL_PATH = '/auth/enroll';
export const SIGN_OUT_PATH = '/auth/signout';

export interface RateLimit {
  /** Requests allowed per client IP within the window. */
  max: number;
  windowMs: number;
}

export interface SignInRateLimits {
  /** Each of `/auth/signin` and `/auth/callback` (the plugin's in-memory store counts per route). */
  signIn: RateLimit;
  /** `/auth/enroll` and the desktop app's code exchange: guessing a 256-bit token is hopeless, but each try costs a lookup and a log line. */
  enrollment: RateLimit;
}

export const DEFAULT_SIGN_IN_RATE_LIMITS: SignInRateLimits = {
  signIn: { max: 60, windowMs: 5 * 60_000 },
  enrollment: { max: 10, windowMs: 15 * 60_000 },
};

export interface SignInRoutesOptions {
  sessions: SessionStore;
  enrollment: EnrollmentLinks;
  /** Absent when the server has no identity provider: enrollment links only. */
  oidc?: OidcSignIn;
  cookies: CookieSettings;
  /** The origin agents reach the server at; POSTs must carry it as their Origin. */
  serverOrigin: string;
  rateLimits?: Partial<SignInRateLimits>;
  /** Records each sign-in (the server's audit log). */
  audit?: AuditRecorder;
  /** Times the desktop app's sign-in requests and codes. */
  clock: Clock;
  /** The PBX user's display name when the server knows it already (their session is served), for pages. */
  displayNameOf?: (username: string) => Promise<string | undefined>;
}

const OIDC_REFUSALS: Record<SignInRefusal, Omit<Refusal, 'params'>> = {
  'no-transaction': { status: 400, code: 'no-transaction', key: 'signIn.noTransaction', offerSignIn: true },
  state: { status: 400, code: 'state', key: 'signIn.stateMismatch', offerSignIn: true },
  nonce: { status: 400, code: 'nonce', key: 'signIn.nonceMismatch', offerSignIn: true },
  'provider-refused': {
    status: 403,
    code: 'provider-refused',
    key: 'signIn.providerRefused',
    offerSignIn: true,
  },
  'provider-unreachable': {
    status: 502,
    code: 'provider-unreachable',
    key: 'signIn.providerUnreachable',
    offerSignIn: true,
  },
  'no-claim': { status: 403, code: 'no-claim', key: 'signIn.noClaim' },
  'email-unverified': { status: 403, code: 'email-unverified', key: 'signIn.emailUnverified' },
  'unknown-user': { status: 403, code: 'unknown-user', key: 'signIn.unknownUser', offerSignIn: true },
  'ambiguous-user': { status: 403, code: 'ambiguous-user', key: 'signIn.ambiguousUser' },
  'lookup-failed': { status: 502, code: 'lookup-failed', key: 'signIn.lookupFailed', offerSignIn: true },
};

const ENROLLMENT_REFUSALS: Record<EnrollmentRefusal, Refusal> = {
  unknown: { status: 400, code: 'link-unknown', key: 'signIn.linkUnknown' },
  used: { status: 410, code: 'link-used', key: 'signIn.linkUsed' },
  expired: { status: 410, code: 'link-expired', key: 'signIn.linkExpired' },
};

/** A route's rate limit, counted per client address (IPv6 per /56, the plugin's default: one site's block). */
const rateLimitOf = (limit: RateLimit) => ({
  rateLimit: {
    max: limit.max,
    timeWindow: limit.windowMs,
    // Thrown by the plugin, answered by this plugin's error handler in the browser's language.
    errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number; ttl: number }) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode, retryAfterMs: context.ttl }),
  },
});

export const signInRoutes: FastifyPluginAsync<SignInRoutesOptions> = async (app, options) => {
  const limits = { ...DEFAULT_SIGN_IN_RATE_LIMITS, ...options.rateLimits };
  const { cookies, sessions } = options;
  const serverOrigin = new URL(options.serverOrigin).origin;
  const requireSession = sessionReader(sessions, cookies);

  // Registered once per server: another plugin may have done so already (its decorator would clash).
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });
  setErrorHandler(app);

  const sessionCookie = (token: string) =>
    setCookie(cookies, cookies.sessionName, token, sessions.lifetimes.absoluteMs, 'Strict');
  const fromOwnOrigin = (request: FastifyRequest) => request.headers.origin === serverOrigin;
  const foreignOrigin = (request: FastifyRequest, reply: FastifyReply) =>
    refuse(request, reply, { status: 403, code: 'foreign-origin', key: 'signIn.foreignOrigin' });
  const signedIn = (session: Session, request: FastifyRequest) =>
    options.audit?.record({
      kind: 'sign-in',
      agent: session.agent,
      sessionId: session.id,
      method: session.method,
      address: request.ip,
    });

  app.get<{ Querystring: { return?: string } }>(
    SIGN_IN_PATH,
    { config: rateLimitOf(limits.signIn) },
    async (request, reply) => {
      if (!options.oidc)
        return refuse(request, reply, { status: 404, code: 'not-configured', key: 'signIn.notConfigured' });
      const started = await options.oidc.begin(request.query.return ?? '/');
      if (!started.ok) return refuse(request, reply, OIDC_REFUSALS[started.reason]);
      return reply
        .header(
          'set-cookie',
          setCookie(cookies, cookies.signInName, started.transactionId, SIGN_IN_TRANSACTION_MS, 'Lax'),
        )
        .header('cache-control', 'no-store')
        .redirect(started.authorizationUrl.href, 302);
    },
  );

  app.get(CALLBACK_PATH, { config: rateLimitOf(limits.signIn) }, async (request, reply) => {
    if (!options.oidc)
      return refuse(request, reply, { status: 404, code: 'not-configured', key: 'signIn.notConfigured' });
    reply.header('set-cookie', setCookie(cookies, cookies.signInName, '', 0, 'Lax'));
    const outcome = await options.oidc.complete(
      cookieOf(request, cookies.signInName),
      new URL(request.url, serverOrigin),
    );
    if (!outcome.ok) {
      return refuse(request, reply, {
        ...OIDC_REFUSALS[outcome.reason],
        params: { name: outcome.claimValue ?? '', claim: options.oidc.claim },
      });
    }
    const { session, token } = sessions.create({
      agent: outcome.agent.username,
      device: deviceLabel(request.headers['user-agent']),
      method: 'oidc',
    });
    signedIn(session, request);
    // Added to the Set-Cookie that already deletes the sign-in cookie (Fastify appends).
    reply.header('set-cookie', sessionCookie(token));
    return continueTo(request, reply, outcome.returnPath);
  });

  app.get(ENROLLMENT_PATH, async (request, reply) => enrollmentPage(request, reply));
  app.get(ENROLL_SCRIPT_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(ENROLL_SCRIPT),
  );

  app.post<{ Body: unknown }>(
    ENROLL_PATH,
    { config: rateLimitOf(limits.enrollment) },
    async (request, reply) => {
      if (!fromOwnOrigin(request)) return foreignOrigin(request, reply);
      const body = (request.body ?? {}) as { token?: unknown; deviceName?: unknown };
      if (body.token === undefined || body.token === '') {
        return refuse(request, reply, { status: 400, code: 'link-missing', key: 'signIn.linkMissing' });
      }
      const redeemed = options.enrollment.redeem(
        body.token,
        deviceLabel(request.headers['user-agent'], body.deviceName),
      );
      if (!redeemed.ok) return refuse(request, reply, ENROLLMENT_REFUSALS[redeemed.reason]);
      signedIn(redeemed.session, request);
      return reply
        .header('set-cookie', sessionCookie(redeemed.token))
        .header('cache-control', 'no-store')
        .send({ agent: redeemed.session.agent, device: redeemed.session.device });
    },
  );

  registerNativeSignIn(app, {
    clock: options.clock,
    sessions,
    cookies,
    hasIdentityProvider: options.oidc !== undefined,
    displayNameOf: options.displayNameOf ?? (async () => undefined),
    browserLimit: rateLimitOf(limits.signIn),
    exchangeLimit: rateLimitOf(limits.enrollment),
    requireSession,
    fromOwnOrigin,
    foreignOrigin,
    signedIn,
  });

  app.post(SIGN_OUT_PATH, async (request, reply) => {
    if (!fromOwnOrigin(request)) return foreignOrigin(request, reply);
    const session = requireSession(request);
    if (session) sessions.revoke(session.id);
    return reply
      .header('set-cookie', setCookie(cookies, cookies.sessionName, '', 0, 'Strict'))
      .header('cache-control', 'no-store')
      .send({ signedOut: true, message: translatorOf(request).t('signIn.signedOut') });
  });
};

/** Rate limits and unreadable bodies answer like every other refusal: a sentence, never a stack. */
function setErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: { statusCode?: number; retryAfterMs?: number }, request, reply) => {
    if (error.statusCode === 429) {
      const minutes = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 60_000));
      return refuse(request, reply, {
        status: 429,
        code: 'too-many-attempts',
        key: 'signIn.tooManyAttempts',
        params: { minutes },
      });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return refuse(request, reply, {
        status: error.statusCode,
        code: 'bad-request',
        key: 'signIn.badRequest',
      });
    }
    request.log.error({ err: error }, 'sign-in route failed');
    return refuse(request, reply, { status: 500, code: 'unexpected', key: 'errors.unexpected' });
  });
}
