/**
 * Signing this computer in to a team server through the system browser (OAuth 2.0 for Native Apps,
 * RFC 8252): the agent signs in to the server in their own browser (the company's identity provider, its
 * single sign-on), confirms "sign in the desktop app on this computer", and the browser is sent back to a
 * one-shot HTTP listener on 127.0.0.1 with a code; this computer exchanges the code and its PKCE verifier
 * (S256) for a session of its own, kept as a `RemoteCredential` like an enrollment link's.
 *
 * The listener answers one path with a random segment, and only an answer with this sign-in's `state`; any
 * other request gets a 400 and is ignored. The page it shows is text only (no script, a CSP allowing
 * nothing). The code, the verifier and the cookie are never logged.
 *
 * The listener's port is chosen here at random among the dynamic ports rather than by the system (port 0),
 * because `url` must be known when this returns and Node binds a listener only asynchronously; should that
 * port be taken, the sign-in fails at once with a sentence and the agent starts again.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fetch, type Dispatcher } from 'undici';
import { systemClock, type Clock } from '../shared/clock';
import { escapeHtml } from '../shared/escapeHtml';
import { t } from '../shared/i18n';
import type { RemoteCredential } from './enrollment';
import { connectionFailed, RemoteError } from './remoteError';

export interface BrowserSignInOptions {
  /** The team server's origin (`https://ringside.example.com`). */
  serverUrl: string;
  /** Opens a URL in the system browser (the shell hands in its checked opener). */
  openExternal: (url: string) => Promise<void>;
  /** For a server over HTTPS with a private CA: a dispatcher that trusts it. */
  dispatcher?: Dispatcher;
  /** The name this computer is listed under in the server's sessions. */
  deviceName?: string;
  /** How long the agent has to finish in the browser (default ten minutes). */
  timeoutMs?: number;
  clock?: Clock;
}

export interface BrowserSignIn {
  /** The address opened in the system browser; shown, so the agent can open it by hand. */
  url: string;
  /** Epoch milliseconds after which the sign-in is given up. */
  expiresAt: number;
  /** This computer's session; rejects with a RemoteError saying why not. */
  result: Promise<RemoteCredential>;
  /** Gives up waiting (the listener closes; `result` rejects). */
  cancel(): void;
}

export const DEFAULT_BROWSER_SIGN_IN_MS = 10 * 60_000;
const NATIVE_PATH = '/auth/native';
const STATUS_PATH = '/auth/native/status';
const TOKEN_PATH = '/auth/native/token';
/** IANA's dynamic ports. */
const PORT_RANGE = [49_152, 65_536] as const;
/** What a session cookie the server hands back looks like (`name=<base64url token>`). */
const COOKIE_PATTERN = /^[\w-]{1,64}=[A-Za-z0-9_-]{20,200}$/;
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  // The address holds the code: no Referer anywhere, nothing cached.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  connection: 'close',
} as const;

const randomText = (bytes: number) => randomBytes(bytes).toString('base64url');

function answerPage(response: ServerResponse, status: number, text: string, then?: () => void): void {
  const title = escapeHtml(t('browserSignIn.pageTitle'));
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><p>${escapeHtml(text)}</p></body></html>`;
  response.writeHead(status, PAGE_HEADERS).end(body, then);
}

export function startBrowserSignIn(options: BrowserSignInOptions): BrowserSignIn {
  const origin = new URL(options.serverUrl).origin;
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? DEFAULT_BROWSER_SIGN_IN_MS;
  const verifier = randomText(32);
  const state = randomText(24);
  const port = randomInt(...PORT_RANGE);
  const redirectUri = `http://127.0.0.1:${port}/ringside/${randomText(16)}`;
  const query = new URLSearchParams({
    redirect_uri: redirectUri,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(options.deviceName ? { device: options.deviceName } : {}),
  });
  const url = `${origin}${NATIVE_PATH}?${query}`;

  let settle: { resolve(credential: RemoteCredential): void; reject(error: RemoteError): void };
  const result = new Promise<RemoteCredential>((resolve, reject) => (settle = { resolve, reject }));
  // The caller may look at `result` only later (after the page it shows): no unhandled rejection meanwhile.
  result.catch(() => {});
  let answered = false;
  let finished = false;
  const listener = createServer((request, response) => void receive(request, response));
  const timer = setTimeout(() => {
    const minutes = Math.max(1, Math.round(timeoutMs / 60_000));
    finish(new RemoteError('timeout', t('errors.teamServerBrowserSignInTimedOut', { minutes })));
  }, timeoutMs);

  function finish(outcome: RemoteCredential | RemoteError): void {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    listener.close();
    listener.closeAllConnections();
    if (outcome instanceof RemoteError) settle.reject(outcome);
    else settle.resolve(outcome);
  }

  async function receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = new URL(request.url ?? '/', redirectUri);
    if (request.method !== 'GET' || target.origin + target.pathname !== redirectUri) {
      response.writeHead(404, PAGE_HEADERS).end();
      return;
    }
    const code = target.searchParams.get('code');
    const error = target.searchParams.get('error');
    if (answered || finished || target.searchParams.get('state') !== state || (!code && !error)) {
      answerPage(response, 400, t('browserSignIn.notThisSignIn'));
      return;
    }
    answered = true;
    const outcome = code
      ? await exchange(code).catch((failure: RemoteError) => failure)
      : new RemoteError('auth-failed', t('errors.teamServerBrowserSignInDenied'));
    answerPage(
      response,
      200,
      outcome instanceof RemoteError
        ? t('browserSignIn.failed', { reason: outcome.message })
        : t('browserSignIn.done'),
      () => finish(outcome),
    );
  }

  async function exchange(code: string): Promise<RemoteCredential> {
    const response = await fetch(`${origin}${TOKEN_PATH}`, {
      dispatcher: options.dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, code_verifier: verifier, redirect_uri: redirectUri }),
    }).catch((cause: unknown) => {
      throw connectionFailed(cause);
    });
    const answer = (await response.json().catch(() => ({}))) as { cookie?: unknown };
    if (!response.ok || typeof answer.cookie !== 'string' || !COOKIE_PATTERN.test(answer.cookie)) {
      throw new RemoteError(
        'auth-failed',
        t('errors.teamServerBrowserSignInRefused', { status: response.status }),
      );
    }
    return { origin, cookie: answer.cookie };
  }

  async function begin(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => resolve());
    }).catch((cause: unknown) => {
      throw new RemoteError('network-error', t('errors.teamServerBrowserSignInNoListener'), undefined, {
        cause,
      });
    });
    // Cancelled while the port was opening: finish() could not close what was not listening yet.
    if (finished) return void listener.close();
    const status = await fetch(`${origin}${STATUS_PATH}`, { dispatcher: options.dispatcher }).catch(
      (cause: unknown) => {
        throw connectionFailed(cause);
      },
    );
    const offered = (await status.json().catch(() => ({}))) as { browserSignIn?: unknown };
    if (!status.ok || offered.browserSignIn !== true) {
      throw new RemoteError('auth-failed', t('errors.teamServerBrowserSignInUnavailable'));
    }
    if (finished) return;
    // A browser that cannot be opened is no failure: the address is shown, to be opened by hand.
    await options.openExternal(url).catch(() => {});
  }

  begin().catch((error: RemoteError) => finish(error));
  return {
    url,
    expiresAt: clock.now() + timeoutMs,
    result,
    cancel: () => finish(new RemoteError('invalid-argument', t('errors.teamServerBrowserSignInStopped'))),
  };
}
