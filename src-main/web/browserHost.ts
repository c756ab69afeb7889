/**
 * The browser host's server: Fastify on 127.0.0.1 serving the built renderer and carrying the whole
 * command/event contract over one WebSocket per tab (shared/wsProtocol.ts). It takes any core with
 * `commands` and `subscribe`, so the composition root, the tests and the e2e suite give it the core they built.
 *
 * Security (docs/browser-host.md): a link's token works once, for minutes, and opens a session: an HttpOnly
 * SameSite=Strict cookie named per launch, plus a page key that only the page gets (in the one answer to the
 * link) and must send as its WebSocket's first frame, so a cookie sent to another port of 127.0.0.1 opens
 * nothing; nothing without the cookie (401, not even index.html); Host headers must name this machine (DNS
 * rebinding); WebSocket upgrades only from the page's own origin (cross-site WebSocket hijacking); no CORS;
 * the desktop window's CSP and anti-framing headers on every response; loopback only unless `allowRemote`.
 */
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../shared/logger';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MAX_FRAME_BYTES,
  SAME_SITE_RELOAD_PARAMETER,
  TOKEN_QUERY_PARAMETER,
  WS_PATH,
} from '../shared/wsProtocol';
import { createBrowserSessions, type BrowserSession, type BrowserSessions } from './browserSessions';
import { isLinkRequestAuthorized, LINK_REQUEST_PATH, newLinkSecret, type LinkRequest } from './freshLink';
import { isAddressHostHeader, isLoopbackAddress, isLoopbackHostHeader } from './loopback';
import { acceptedLanguages } from '../shared/i18n/acceptLanguage';
import { SECURITY_HEADERS } from './securityHeaders';
import { isUpgrade, pageWithKey, refuse, refuseInBrowserLanguage } from './signInAnswers';
import { TabSockets, type BrowserHostCore, type TabSocket } from './tabSockets';

export type { BrowserHostCore } from './tabSockets';

export interface BrowserHostOptions {
  core: BrowserHostCore;
  logger: Logger;
  /** The built renderer (out/renderer), served at `/`. */
  rendererDirectory: string;
  /** 0 picks a free port. */
  port: number;
  /** The address to listen on; loopback unless `allowRemote`. Default 127.0.0.1. */
  host?: string;
  /** Permits a non-loopback `host` (`--allow-remote`); a warning is logged. */
  allowRemote?: boolean;
  /** When `port` is taken, listen on a free port instead of failing (`portWasTaken` then says so). */
  fallbackToFreePort?: boolean;
  /** The clock tokens expire by (tests). */
  now?: () => number;
  /** Opens a fresh link in the browser when a local link request asks for it (freshLink.ts). */
  openLink?: (url: string) => void;
}

export interface BrowserHost {
  /** The first link to open, `http://127.0.0.1:<port>/?token=<token>`: it works once, for minutes. */
  readonly url: string;
  /** The page's origin, `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  /** The first link's token. */
  readonly token: string;
  /** A fresh link (a new single-use token). */
  issueLink(): string;
  /** The secret a local `POST LINK_REQUEST_PATH` must carry to get a fresh link (freshLink.ts). */
  readonly linkSecret: string;
  /** The requested port was taken and a free one was chosen. */
  readonly portWasTaken: boolean;
  /** Open tabs' WebSockets. */
  readonly tabCount: number;
  /** Closes every tab's socket and the server; links and sessions die with it. The core stays the caller's. */
  close(): Promise<void>;
}

export const DEFAULT_BIND_ADDRESS = '127.0.0.1';

/** How long a failed WebSocket's close frame has to reach the page before the connection is cut. */
const CLOSE_GRACE_MS = 1000;

/** The largest frame `ws` reads at all: frames between this and MAX_FRAME_BYTES get an error frame. */
const WS_HARD_LIMIT_BYTES = 4 * MAX_FRAME_BYTES;

// i18n-exempt: the answer to a WebSocket handshake from another origin, read by no person.
const FOREIGN_ORIGIN_TEXT = "Ringside's WebSocket accepts only its own page.\n";

/** Vite's content-hashed bundles never change under one name; everything else is never cached. */
const IMMUTABLE_ASSETS = /^\/assets\//;

/** The host part of the URL to print: a wildcard address is reached through loopback. */
function urlHostOf(bindAddress: string): string {
  if (bindAddress === '0.0.0.0') return '127.0.0.1';
  if (bindAddress === '::' || bindAddress === '[::]') return '[::1]';
  return bindAddress.includes(':') && !bindAddress.startsWith('[') ? `[${bindAddress}]` : bindAddress;
}

/**
 * A top-level navigation from another site (a `tel:` link handed over by the browser, a link in a web CRM)
 * arrives without the SameSite=Strict cookie. Such a request gets a page with no app data that reloads the
 * same URL from this origin, once: that navigation is same-site, so the browser sends the cookie, and a
 * browser that has none gets the 401.
 */
function isCrossSiteNavigation(request: FastifyRequest): boolean {
  // A typed URL or a bookmark (`none`) carries the cookie already; only another site's link does not.
  const site = request.headers['sec-fetch-site'];
  return (
    request.method === 'GET' && request.headers['sec-fetch-mode'] === 'navigate' && site === 'cross-site'
  );
}

function sameSiteBounce(reply: FastifyReply, url: URL): FastifyReply {
  url.searchParams.set(SAME_SITE_RELOAD_PARAMETER, '1');
  const target = `/${url.pathname.replace(/^\/+/, '')}${url.search}`.replace(
    /[&<>"']/g,
    (character) => `&#${character.charCodeAt(0)};`,
  );
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><meta http-equiv="refresh" content="0; url=${target}"><title>Ringside</title>\n`);
}

interface GuardOptions {
  sessions: BrowserSessions;
  hostAllowed: (hostHeader: string | undefined) => boolean;
  logger: Logger;
  rendererDirectory: string;
  /** Where the guard leaves the session of an authenticated request, for the WebSocket route. */
  sessionOfRequest: WeakMap<FastifyRequest['raw'], BrowserSession>;
}

/** A link's first use: the session's cookie, and the page with its key (the only answer that carries it). */
async function signIn(reply: FastifyReply, session: BrowserSession, options: GuardOptions) {
  const indexHtml = await readFile(join(options.rendererDirectory, 'index.html'), 'utf8');
  return reply
    .code(200)
    .header(
      'set-cookie',
      `${options.sessions.cookieName}=${session.cookieValue}; HttpOnly; SameSite=Strict; Path=/`,
    )
    .type('text/html; charset=utf-8')
    .send(pageWithKey(indexHtml, session.pageKey));
}

/** Runs before routing on every request, WebSocket upgrades included. */
function guard(options: GuardOptions) {
  const { sessions, hostAllowed, logger } = options;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const host = request.headers.host;
    if (!hostAllowed(host)) {
      logger.warn(`browser host: refused a request for host ${JSON.stringify(host ?? '')}`);
      return refuseInBrowserLanguage(reply, 403, 'foreign-host');
    }
    const url = new URL(request.url, 'http://placeholder.invalid');
    // Authenticated by its own secret (the route checks it), never by a cookie.
    if (url.pathname === LINK_REQUEST_PATH && request.method === 'POST') return undefined;
    const token = url.searchParams.get(TOKEN_QUERY_PARAMETER);
    if (token !== null && !isUpgrade(request)) {
      const session = request.method === 'GET' ? sessions.redeem(token) : null;
      if (!session) {
        logger.info('browser host: a used, expired or unknown link was opened');
        return refuseInBrowserLanguage(reply, 401, 'link-spent');
      }
      logger.info('browser host: a link was used; a new browser session is signed in');
      return signIn(reply, session, options);
    }
    const session = sessions.sessionOf(request.headers.cookie);
    if (!session) {
      if (isCrossSiteNavigation(request) && !url.searchParams.has(SAME_SITE_RELOAD_PARAMETER)) {
        return sameSiteBounce(reply, url);
      }
      return refuseInBrowserLanguage(reply, 401, 'needs-link');
    }
    if (isUpgrade(request) && request.headers.origin?.toLowerCase() !== `http://${host!.toLowerCase()}`) {
      logger.warn(
        `browser host: refused a WebSocket from origin ${JSON.stringify(request.headers.origin ?? '')}`,
      );
      return refuse(reply, 403, FOREIGN_ORIGIN_TEXT);
    }
    options.sessionOfRequest.set(request.raw, session);
    return undefined;
  };
}

interface ServerParts {
  sessions: BrowserSessions;
  tabs: TabSockets;
  linkSecret: string;
  /** The link a local link request is answered with. */
  issueLink: () => string;
}

async function buildServer(options: BrowserHostOptions, parts: ServerParts): Promise<FastifyInstance> {
  const { logger } = options;
  const { sessions, tabs } = parts;
  const sessionOfRequest = new WeakMap<FastifyRequest['raw'], BrowserSession>();
  const hostAllowed = options.allowRemote ? isAddressHostHeader : isLoopbackHostHeader;
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 1024 });
  // First: its own onRequest hook marks upgrade requests, so that a refused upgrade's socket is closed after
  // the refusal (a guard registered before it would leave that socket open and unparsed).
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_HARD_LIMIT_BYTES, perMessageDeflate: false },
    errorHandler: (error, socket) => {
      logger.warn('browser host: a WebSocket failed; it is closed', error);
      // `ws` has sent a close frame with the reason's code (1009 for an oversized frame): give it time to
      // reach the page before the connection goes, or the page sees only 1006.
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    },
  });
  app.addHook(
    'onRequest',
    guard({ sessions, hostAllowed, logger, rendererDirectory: options.rendererDirectory, sessionOfRequest }),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    const cacheable = reply.statusCode === 200 && IMMUTABLE_ASSETS.test(request.url);
    reply.header('cache-control', cacheable ? 'private, max-age=31536000, immutable' : 'no-store');
  });
  app.addHook('onError', async (request, _reply, error) => {
    logger.error(`browser host: ${request.method} ${request.url.split('?')[0]} failed`, error);
  });
  app.get(WS_PATH, { websocket: true }, (socket, request) => {
    const session = sessionOfRequest.get(request.raw);
    // A signed-in page (the guard checked its cookie): Automatic speaks its browser's language.
    const languages = acceptedLanguages(request.headers['accept-language']);
    if (languages.length > 0) options.core.locale?.useBrowserLanguages(languages);
    tabs.accept(socket as TabSocket, request.headers.origin ?? '(no origin)', (key) =>
      session ? sessions.isPageKey(session, key) : false,
    );
  });
  app.post(LINK_REQUEST_PATH, async (request, reply) => {
    // A browser sends an Origin; the launcher asking for a link does not (and no page can read the secret).
    if (
      request.headers.origin !== undefined ||
      !isLinkRequestAuthorized(request.headers.authorization, parts.linkSecret)
    ) {
      logger.warn('browser host: refused a request for a fresh link');
      return refuse(reply, 403, FOREIGN_ORIGIN_TEXT);
    }
    logger.info('browser host: a fresh link was issued to a local request');
    const url = parts.issueLink();
    const body = request.body as Partial<LinkRequest> | undefined;
    if (body?.open === true) options.openLink?.(url);
    return reply.code(200).send({ url });
  });
  await app.register(fastifyStatic, {
    root: options.rendererDirectory,
    index: 'index.html',
    cacheControl: false,
    // The renderer is a single page; a listing of its folder is nobody's business.
    list: false,
  });
  return app;
}

const isAddressInUse = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'EADDRINUSE';

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const bindAddress = options.host ?? DEFAULT_BIND_ADDRESS;
  if (!isLoopbackAddress(bindAddress)) {
    if (!options.allowRemote) {
      throw new Error(
        `Ringside listens on this machine only; binding to ${bindAddress} needs --allow-remote ` +
          '(for another machine, use SSH port forwarding instead: docs/browser-host.md).',
      );
    }
    options.logger.warn(
      `browser host: listening on ${bindAddress}, reachable from other machines; anyone with the printed link can use Ringside as you`,
    );
  }
  const sessions = createBrowserSessions(options.now);
  const tabs = new TabSockets(options.core, options.logger);
  let origin = '';
  const issueLink = () => `${origin}/?${TOKEN_QUERY_PARAMETER}=${sessions.issueToken()}`;
  const parts: ServerParts = { sessions, tabs, linkSecret: newLinkSecret(), issueLink };
  let portWasTaken = false;
  let app = await buildServer(options, parts);
  try {
    try {
      await app.listen({ port: options.port, host: bindAddress });
    } catch (error) {
      if (!options.fallbackToFreePort || !isAddressInUse(error) || options.port === 0) throw error;
      portWasTaken = true;
      await app.close();
      app = await buildServer(options, parts);
      await app.listen({ port: 0, host: bindAddress });
    }
  } catch (error) {
    tabs.close();
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  origin = `http://${urlHostOf(bindAddress)}:${port}`;
  const url = issueLink();
  return {
    url,
    origin,
    port,
    token: new URL(url).searchParams.get(TOKEN_QUERY_PARAMETER)!,
    issueLink,
    linkSecret: parts.linkSecret,
    portWasTaken,
    get tabCount() {
      return tabs.count;
    },
    async close() {
      tabs.close();
      await app.close();
    },
  };
}
