/**
 * The routes of the desktop app's sign-in through the system browser (nativeSignIn.ts), part of the sign-in
 * routes (signInRoutes.ts registers them with its rate limits, Origin check and audit):
 *
 * - `GET /auth/native/status`: whether this server offers it (it needs an identity provider);
 * - `GET /auth/native?redirect_uri=…&state=…&code_challenge=…&code_challenge_method=S256&device=…`: the
 *   app's request, opened in the OS browser; a browser without a session signs in first and comes back;
 * - `POST /auth/native/answer`: the confirmation page's Continue / Cancel (the server's Origin only);
 * - `POST /auth/native/token`: the app exchanges the code and its verifier for a session (`name=value`).
 *
 * A request this server would not send a code for is answered with a page, never a redirect.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../shared/clock';
import { NativeSignIns, readNativeRequest, type NativeRedemptionRefusal } from './nativeSignIn';
import {
  NATIVE_ANSWER_PATH,
  NATIVE_SCRIPT,
  NATIVE_SCRIPT_PATH,
  nativeConfirmationPage,
} from './nativeSignInPage';
import type { CookieSettings } from './sessionCookies';
import type { Session, SessionStore } from './sessionStore';
import { refuse, SIGN_IN_PATH, translatorOf } from './signInAnswers';

export const NATIVE_PATH = '/auth/native';
export const NATIVE_STATUS_PATH = '/auth/native/status';
export const NATIVE_TOKEN_PATH = '/auth/native/token';

export interface NativeSignInDeps {
  clock: Clock;
  sessions: SessionStore;
  cookies: CookieSettings;
  /** Whether the server has an identity provider to sign a browser in with. */
  hasIdentityProvider: boolean;
  displayNameOf(username: string): Promise<string | undefined>;
  /** Route options limiting the browser's requests, and the app's exchanges. */
  browserLimit: object;
  exchangeLimit: object;
  requireSession(request: FastifyRequest): Session | undefined;
  fromOwnOrigin(request: FastifyRequest): boolean;
  foreignOrigin(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  signedIn(session: Session, request: FastifyRequest): void;
}

/** Every refusal of an exchange says the same to the app (`invalid_grant`, RFC 6749 §5.2); tests tell them apart. */
const EXCHANGE_REFUSED = { status: 400, key: 'signIn.nativeCodeRefused' } as const;

export function registerNativeSignIn(app: FastifyInstance, deps: NativeSignInDeps): void {
  const requests = new NativeSignIns(deps.clock);
  const { sessions } = deps;
  const notConfigured = (request: FastifyRequest, reply: FastifyReply) =>
    refuse(request, reply, { status: 404, code: 'not-configured', key: 'signIn.nativeNotConfigured' });

  app.get(NATIVE_STATUS_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ browserSignIn: deps.hasIdentityProvider }),
  );
  app.get(NATIVE_SCRIPT_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(NATIVE_SCRIPT),
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    NATIVE_PATH,
    { config: deps.browserLimit },
    async (request, reply) => {
      if (!deps.hasIdentityProvider) return notConfigured(request, reply);
      let requestId = request.query.request;
      if (requestId !== undefined) {
        if (!requests.request(requestId))
          return refuse(request, reply, { status: 400, code: 'native-expired', key: 'signIn.nativeExpired' });
      } else {
        const asked = readNativeRequest(request.query);
        if (!asked)
          return refuse(request, reply, { status: 400, code: 'native-invalid', key: 'signIn.nativeInvalid' });
        requestId = requests.begin(asked);
      }
      const session = deps.requireSession(request);
      const here = `${NATIVE_PATH}?request=${requestId as string}`;
      if (!session) {
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${SIGN_IN_PATH}?return=${encodeURIComponent(here)}`, 303);
      }
      const name = await deps.displayNameOf(session.agent);
      const agent = name && name !== session.agent ? `${name} (${session.agent})` : session.agent;
      return nativeConfirmationPage(request, reply, requestId as string, agent);
    },
  );

  app.post<{ Body: unknown }>(NATIVE_ANSWER_PATH, { config: deps.browserLimit }, async (request, reply) => {
    if (!deps.fromOwnOrigin(request)) return deps.foreignOrigin(request, reply);
    const session = deps.requireSession(request);
    if (!session)
      return refuse(request, reply, { status: 401, code: 'signed-out', key: 'signIn.nativeSignedOut' });
    const body = (request.body ?? {}) as { request?: unknown; answer?: unknown };
    if (body.answer !== 'continue' && body.answer !== 'cancel')
      return refuse(request, reply, { status: 400, code: 'bad-request', key: 'signIn.badRequest' });
    const target = requests.answer(body.request, body.answer === 'continue' ? session.agent : null);
    if (!target)
      return refuse(request, reply, { status: 400, code: 'native-expired', key: 'signIn.nativeExpired' });
    return reply.header('cache-control', 'no-store').send({ location: target.href });
  });

  app.post<{ Body: unknown }>(NATIVE_TOKEN_PATH, { config: deps.exchangeLimit }, async (request, reply) => {
    const body = (request.body ?? {}) as { code?: unknown; code_verifier?: unknown; redirect_uri?: unknown };
    const redeemed = requests.redeem(body.code, body.code_verifier, body.redirect_uri, (sessionId) =>
      sessions.revoke(sessionId),
    );
    if (!redeemed.ok) return refuseExchange(request, reply, redeemed.reason);
    const { session, token } = sessions.create({
      agent: redeemed.agent,
      device: redeemed.device,
      method: 'native',
    });
    redeemed.bind(session.id);
    deps.signedIn(session, request);
    return reply.header('cache-control', 'no-store').send({
      cookie: `${deps.cookies.sessionName}=${token}`,
      agent: session.agent,
      device: session.device,
    });
  });
}

function refuseExchange(request: FastifyRequest, reply: FastifyReply, reason: NativeRedemptionRefusal) {
  const message = translatorOf(request).t(EXCHANGE_REFUSED.key);
  return reply
    .code(EXCHANGE_REFUSED.status)
    .header('cache-control', 'no-store')
    .send({ error: 'invalid_grant', reason, message });
}
