/**
 * The team server's HTTP side (docs/team-server.md, "How it is composed"): Fastify with the sign-in routes
 * (identity/signInRoutes.ts), the built renderer served only to a signed-in session (anyone else is sent to
 * sign in: the identity provider when there is one, else the enrollment page), and the WebSocket of the
 * browser host's protocol (shared/wsProtocol.ts) bound per session by SessionSockets. A socket needs a cookie
 * naming a live session and the server's own Origin (cross-site WebSocket hijacking); the page key it must
 * send first comes with index.html. Every response carries the browser host's security headers and CSP.
 */
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { t } from '../shared/i18n';
import { acceptedLanguages } from '../shared/i18n/acceptLanguage';
import { isLoopbackHost } from '../shared/loopback';
import { MAX_FRAME_BYTES, WS_PATH } from '../shared/wsProtocol';
import { SECURITY_HEADERS } from '../web/securityHeaders';
import { isUpgrade, pageWithKey, refuse } from '../web/signInAnswers';
import type { TabSocket } from '../web/tabSockets';
import type { SupervisorQueueBoard } from './admin/supervisorQueueBoard';
import { supervisorView } from './admin/supervisorView';
import { socketHolder, type AgentSessions, type ServedAgent } from './agents/agentSessions';
import type { AuditRecorder } from './audit/auditEvent';
import { ENROLLMENT_PATH, EnrollmentLinks } from './identity/enrollmentLinks';
import type { OidcSignIn } from './identity/oidcSignIn';
import { cookieSettingsFor, sessionReader } from './identity/sessionCookies';
import type { Session, SessionStore } from './identity/sessionStore';
import { refuse as refuseInBrowserLanguage, SIGN_IN_PATH, type Refusal } from './identity/signInAnswers';
import { signInRoutes, type SignInRateLimits } from './identity/signInRoutes';
import { DEFAULT_CRM_EDIT_POLICY, type CrmEditPolicy } from './policy';
import { UnknownAgent } from './agents/resolveAgent';
import type { PresenceSource } from './presence/presenceSource';
import { SessionSockets } from './sessionSockets';

export interface TeamServerOptions {
  agents: AgentSessions;
  sessions: SessionStore;
  /** The identity file (identity/identityDatabase.ts) the enrollment links are kept in. */
  identityDb: ConstructorParameters<typeof EnrollmentLinks>[0]['db'];
  clock: Clock;
  audit: AuditRecorder;
  logger: Logger;
  /** The built renderer (out/renderer). */
  rendererDirectory: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The origin agents reach the server at (behind a TLS proxy); default `http(s)://<host>:<port>`. */
  publicOrigin?: string;
  /** PEM certificate (chain) and key: the server speaks HTTPS itself. */
  tls?: { cert: string; key: string };
  /** Addresses or ranges of the TLS proxies whose forwarded headers are believed (Fastify's `trustProxy`). */
  trustProxy?: readonly string[];
  /** Built once the origin (and so the callback URL) is known; absent: enrollment links only. */
  oidc?: (origin: string) => OidcSignIn;
  crmEdits?: CrmEditPolicy;
  rateLimits?: Partial<SignInRateLimits>;
  /** Every queue of the PBX for the supervisor view, read at most once per 2 s for all administrators. */
  queueBoard: Pick<SupervisorQueueBoard, 'board'>;
  /** Colleagues' presence (the presence board): the supervisor view reads it beside the agents' commands. */
  presence: PresenceSource;
  /**
   * Keep an agent's session (their call monitor and history) while any of their sign-in sessions lives,
   * socket or not (default); false: only while at least one of their sockets is open.
   */
  monitorWhileSignedOut?: boolean;
}

export interface TeamServer {
  readonly origin: string;
  readonly port: number;
  readonly enrollment: EnrollmentLinks;
  /** Open WebSockets, all agents together. */
  readonly socketCount: number;
  /** Closes every socket and the server; the agents, sessions and PBX stay the caller's. */
  close(): Promise<void>;
}

/** The largest frame `ws` reads at all (as the browser host: larger ones between get an error frame). */
const WS_HARD_LIMIT_BYTES = 4 * MAX_FRAME_BYTES;
const CLOSE_GRACE_MS = 1000;
const IMMUTABLE_ASSETS = /^\/assets\//;
/** Paths anyone may reach: signing in. */
const PUBLIC_PATHS = /^\/(auth\/|enroll$)/;
const APP_PAGES = new Set(['/', '/index.html']);
// i18n-exempt: the answer to a WebSocket handshake from another origin, read by no person.
const FOREIGN_ORIGIN_TEXT = "Ringside's WebSocket accepts only its own page.\n";
// i18n-exempt: the answer to a request without a session for something other than a page (read by no person).
const SIGNED_OUT_TEXT = 'Sign in to Ringside first.\n';

/** Why a signed-in agent cannot be served: no such PBX user (any more), or the PBX is away. */
function notServed(error: unknown, username: string): Refusal {
  return error instanceof UnknownAgent
    ? { status: 403, code: 'unknown-user', key: 'signIn.unknownUser', params: { name: username } }
    : { status: 503, code: 'pbx-unavailable', key: 'signIn.pbxUnavailable' };
}

/** The origin agents reach the server at: the public one, else this listener's (`http(s)://host:port`). */
export function serverOrigin(where: {
  host: string;
  port: number;
  https: boolean;
  publicOrigin?: string;
}): string {
  const host = where.host.includes(':') ? `[${where.host}]` : where.host;
  return new URL(where.publicOrigin ?? `${where.https ? 'https' : 'http'}://${host}:${where.port}`).origin;
}

interface Signed {
  session: Session;
  /** The agent's session; absent for a page while agents are served only while a socket is open. */
  served?: ServedAgent;
  /** What holds the agent for this request: the sign-in session, or the socket about to open. */
  holder?: string;
}

export async function startTeamServer(options: TeamServerOptions): Promise<TeamServer> {
  const { agents, sessions, logger } = options;
  // Whatever started it, plain HTTP never goes out on an address other machines reach (loadServerConfig
  // words the same refusal for the configuration file).
  if (!isLoopbackHost(options.host) && !options.tls && !options.trustProxy?.length) {
    throw new Error(t('serverConfig.plainHttpExposed', { host: options.host }));
  }
  const common = {
    logger: false,
    forceCloseConnections: true,
    bodyLimit: 64 * 1024,
    trustProxy: options.trustProxy ? [...options.trustProxy] : false,
  } as const;
  // Fastify types an HTTPS instance apart; the routes use nothing that differs.
  const app = options.tls
    ? (Fastify({ ...common, https: options.tls }) as unknown as FastifyInstance)
    : Fastify(common);
  // Routes need the origin, which needs the port: listen on the plain server first.
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(options.port, options.host, () => resolve());
  });
  const port = (app.server.address() as AddressInfo).port;
  const origin = serverOrigin({ ...options, port, https: Boolean(options.tls) });
  const cookies = cookieSettingsFor(origin);
  const requireSession = sessionReader(sessions, cookies);
  const enrollment = new EnrollmentLinks({
    db: options.identityDb,
    clock: options.clock,
    sessions,
    serverOrigin: origin,
  });
  const oidc = options.oidc?.(origin);
  const sockets: SessionSockets = new SessionSockets({
    audit: options.audit,
    crmEdits: options.crmEdits ?? DEFAULT_CRM_EDIT_POLICY,
    sessions,
    enrollment,
    supervisor: () =>
      supervisorView({
        sessions,
        servedAgent: (username) => agents.servedIdentity(username),
        connected: (sessionId) => sockets.isConnected(sessionId),
        presence: options.presence,
        queueBoard: options.queueBoard,
      }),
    logger,
  });
  const stopFollowing = sessions.onEnded(({ session, reason }) => {
    sockets.ended(session.id);
    agents.close(session.id, session.agent);
    options.audit.record({ kind: 'sign-out', agent: session.agent, sessionId: session.id, method: reason });
  });
  const signedIn = new WeakMap<FastifyRequest['raw'], Signed>();
  const whileSignedIn = options.monitorWhileSignedOut ?? true;
  let socketsOpened = 0;

  /** Sends the browser to sign in: the identity provider when there is one, else the enrollment page. */
  const toSignIn = (request: FastifyRequest, reply: FastifyReply) => {
    const path = new URL(request.url, origin).pathname;
    const target = oidc ? `${SIGN_IN_PATH}?return=${encodeURIComponent(path)}` : ENROLLMENT_PATH;
    return reply.header('cache-control', 'no-store').redirect(target, 303);
  };

  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_HARD_LIMIT_BYTES, perMessageDeflate: false },
    errorHandler: (error, socket) => {
      logger.warn('team server: a WebSocket failed; it is closed', error);
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    const path = new URL(request.url, origin).pathname;
    if (PUBLIC_PATHS.test(path) && !isUpgrade(request)) return undefined;
    const session = requireSession(request);
    if (!session) {
      if (request.method === 'GET' && APP_PAGES.has(path) && !isUpgrade(request)) {
        return toSignIn(request, reply);
      }
      if (isUpgrade(request)) logger.warn('team server: refused a WebSocket without a live session');
      return refuse(reply, 401, SIGNED_OUT_TEXT);
    }
    if (isUpgrade(request) && request.headers.origin !== origin) {
      logger.warn(
        `team server: refused a WebSocket from origin ${JSON.stringify(request.headers.origin ?? '')}`,
      );
      return refuse(reply, 403, FOREIGN_ORIGIN_TEXT);
    }
    // The agent's session runs from their first page or socket on, while any of their sessions lives; or,
    // with monitorWhileSignedOut false, while any of their sockets is open (a page alone needs none).
    if (!whileSignedIn && !isUpgrade(request)) {
      signedIn.set(request.raw, { session });
      return undefined;
    }
    const holder = whileSignedIn ? session.id : socketHolder(session.id, String(++socketsOpened));
    try {
      signedIn.set(request.raw, { session, holder, served: await agents.open(holder, session.agent) });
    } catch (error) {
      logger.error(`team server: agent ${session.agent} could not be served`, error);
      if (isUpgrade(request)) reply.header('connection', 'close');
      return refuseInBrowserLanguage(request, reply, notServed(error, session.agent));
    }
    return undefined;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (reply.getHeader('cache-control') === undefined) {
      const cacheable = reply.statusCode === 200 && IMMUTABLE_ASSETS.test(request.url);
      reply.header('cache-control', cacheable ? 'private, max-age=31536000, immutable' : 'no-store');
    }
  });
  await app.register(signInRoutes, {
    sessions,
    enrollment,
    oidc,
    cookies,
    serverOrigin: origin,
    rateLimits: options.rateLimits,
    audit: options.audit,
    clock: options.clock,
    displayNameOf: (username) => agents.displayNameOf(username),
  });
  app.get(WS_PATH, { websocket: true }, (socket, request) => {
    const { session, served, holder } = signedIn.get(request.raw)!;
    const languages = acceptedLanguages(request.headers['accept-language']);
    if (languages.length > 0) served!.session.locale.useBrowserLanguages(languages);
    sockets.accept(socket as TabSocket, session, served!, origin);
    if (holder !== session.id) socket.on('close', () => agents.release(holder!, session.agent));
  });
  const indexHtml = () => readFile(join(options.rendererDirectory, 'index.html'), 'utf8');
  for (const page of APP_PAGES) {
    app.get(page, async (request, reply) => {
      const { session } = signedIn.get(request.raw)!;
      return reply
        .type('text/html; charset=utf-8')
        .send(pageWithKey(await indexHtml(), sockets.pageKeyOf(session.id), { teamServer: true }));
    });
  }
  await app.register(fastifyStatic, {
    root: options.rendererDirectory,
    index: false,
    cacheControl: false,
    list: false,
  });
  await app.ready();
  // Sessions alive from before a restart: their agents' calls are followed again before any page loads.
  for (const session of whileSignedIn ? sessions.list() : []) {
    agents.open(session.id, session.agent).catch((error: unknown) => {
      logger.warn(`team server: agent ${session.agent} could not be served yet`, error);
    });
  }
  logger.info(`team server: listening at ${origin}`);
  return {
    origin,
    port,
    enrollment,
    get socketCount() {
      return sockets.count;
    },
    async close() {
      stopFollowing();
      sockets.close();
      await app.close();
      if (app.server.listening) await new Promise((resolve) => app.server.close(resolve));
    },
  };
}
