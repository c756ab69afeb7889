/**
 * The browser host's server: Fastify on 127.0.0.1 serving the built renderer and carrying the whole
 * command/event contract over one WebSocket per tab (shared/wsProtocol.ts). It takes any core with
 * `commands` and `subscribe`, so the composition root, the tests and the e2e suite give it the core they built.
 *
 * Security (docs/browser-host.md): a per-launch token, traded on first use for an HttpOnly SameSite=Strict
 * cookie; nothing without that cookie (401, not even index.html); Host headers must name this machine (DNS
 * rebinding); WebSocket upgrades only from the page's own origin (cross-site WebSocket hijacking); no CORS;
 * the desktop window's CSP and anti-framing headers on every response; loopback only unless `allowRemote`.
 */
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import {
  MAX_FRAME_BYTES,
  SAME_SITE_RELOAD_PARAMETER,
  SESSION_COOKIE,
  TOKEN_QUERY_PARAMETER,
  WS_PATH,
} from '../shared/wsProtocol';
import { isAddressHostHeader, isLoopbackAddress, isLoopbackHostHeader } from './loopback';
import { SECURITY_HEADERS } from './securityHeaders';
import { cookieValues, createSessionSecrets, type SessionSecrets } from './sessionSecrets';
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
}

export interface BrowserHost {
  /** The URL to open: `http://127.0.0.1:<port>/?token=<token>`. */
  readonly url: string;
  /** The page's origin, `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  /** The requested port was taken and a free one was chosen. */
  readonly portWasTaken: boolean;
  /** Open tabs' WebSockets. */
  readonly tabCount: number;
  /** Closes every tab's socket and the server; the token stops being valid. The core stays the caller's. */
  close(): Promise<void>;
}

export const DEFAULT_BIND_ADDRESS = '127.0.0.1';

/** The largest frame `ws` reads at all: frames between this and MAX_FRAME_BYTES get an error frame. */
const WS_HARD_LIMIT_BYTES = 4 * MAX_FRAME_BYTES;

// What a person who opened the page without its link (or at another address) reads in the browser.
const unauthorizedText = () => `${t('connection.pageNeedsLink')}\n`;
const foreignHostText = () => `${t('connection.loopbackOnly')}\n`;
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

const isUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

const refuse = (reply: FastifyReply, status: number, text: string) => {
  // A refused upgrade's connection cannot carry another request.
  if (isUpgrade(reply.request)) reply.header('connection', 'close');
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
};

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
  secrets: SessionSecrets;
  hostAllowed: (hostHeader: string | undefined) => boolean;
  logger: Logger;
}

/** Runs before routing on every request, WebSocket upgrades included. */
function guard({ secrets, hostAllowed, logger }: GuardOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const host = request.headers.host;
    if (!hostAllowed(host)) {
      logger.warn(`browser host: refused a request for host ${JSON.stringify(host ?? '')}`);
      return refuse(reply, 403, foreignHostText());
    }
    const url = new URL(request.url, 'http://placeholder.invalid');
    const token = url.searchParams.get(TOKEN_QUERY_PARAMETER);
    if (token !== null && !isUpgrade(request)) {
      if (!secrets.isToken(token)) return refuse(reply, 401, unauthorizedText());
      url.searchParams.delete(TOKEN_QUERY_PARAMETER);
      // One leading slash: `//evil.example/?token=…` must not become a redirect to another site.
      const location = `/${url.pathname.replace(/^\/+/, '')}${url.search}`;
      return reply
        .code(303)
        .header('set-cookie', `${SESSION_COOKIE}=${secrets.cookieValue}; HttpOnly; SameSite=Strict; Path=/`)
        .header('location', location)
        .send();
    }
    if (!cookieValues(request.headers.cookie, SESSION_COOKIE).some((value) => secrets.isCookieValue(value))) {
      if (isCrossSiteNavigation(request) && !url.searchParams.has(SAME_SITE_RELOAD_PARAMETER)) {
        return sameSiteBounce(reply, url);
      }
      return refuse(reply, 401, unauthorizedText());
    }
    if (isUpgrade(request) && request.headers.origin?.toLowerCase() !== `http://${host!.toLowerCase()}`) {
      logger.warn(
        `browser host: refused a WebSocket from origin ${JSON.stringify(request.headers.origin ?? '')}`,
      );
      return refuse(reply, 403, FOREIGN_ORIGIN_TEXT);
    }
    return undefined;
  };
}

async function buildServer(
  options: BrowserHostOptions,
  secrets: SessionSecrets,
  tabs: TabSockets,
): Promise<FastifyInstance> {
  const { logger } = options;
  const hostAllowed = options.allowRemote ? isAddressHostHeader : isLoopbackHostHeader;
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 1024 });
  // First: its own onRequest hook marks upgrade requests, so that a refused upgrade's socket is closed after
  // the refusal (a guard registered before it would leave that socket open and unparsed).
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_HARD_LIMIT_BYTES, perMessageDeflate: false },
  });
  app.addHook('onRequest', guard({ secrets, hostAllowed, logger }));
  app.addHook('onSend', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    const cacheable = reply.statusCode === 200 && IMMUTABLE_ASSETS.test(request.url);
    reply.header('cache-control', cacheable ? 'private, max-age=31536000, immutable' : 'no-store');
  });
  app.addHook('onError', async (request, _reply, error) => {
    logger.error(`browser host: ${request.method} ${request.url.split('?')[0]} failed`, error);
  });
  app.get(WS_PATH, { websocket: true }, (socket, request) => {
    tabs.accept(socket as TabSocket, request.headers.origin ?? '(no origin)');
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
  const secrets = createSessionSecrets();
  const tabs = new TabSockets(options.core, options.logger);
  let portWasTaken = false;
  let app = await buildServer(options, secrets, tabs);
  try {
    try {
      await app.listen({ port: options.port, host: bindAddress });
    } catch (error) {
      if (!options.fallbackToFreePort || !isAddressInUse(error) || options.port === 0) throw error;
      portWasTaken = true;
      await app.close();
      app = await buildServer(options, secrets, tabs);
      await app.listen({ port: 0, host: bindAddress });
    }
  } catch (error) {
    tabs.close();
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const origin = `http://${urlHostOf(bindAddress)}:${port}`;
  return {
    url: `${origin}/?${TOKEN_QUERY_PARAMETER}=${secrets.token}`,
    origin,
    port,
    token: secrets.token,
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
