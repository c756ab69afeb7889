/**
 * Signing this computer in to a team server with an enrollment link (either form: readEnrollmentLink), the
 * way its enrollment page does: the link's token (in the address's fragment, never sent by the browser) is
 * POSTed to `/auth/enroll` with the server's own Origin, and the session cookie the answer sets is the credential the desktop keeps (in the OS keychain; the
 * caller stores it). The page key each connection starts with is read from the app page with that cookie,
 * as the browser does (see shared/wsProtocol.ts).
 */
import { fetch, type Dispatcher } from 'undici';
import { APP_ENROLLMENT_HOST, APP_LINK_SCHEME, WEB_ENROLLMENT_PATH } from '../shared/enrollmentLink';
import { t, type MessageKey } from '../shared/i18n';
import { isLoopbackHost } from '../shared/loopback';
import { PAGE_KEY_META } from '../shared/wsProtocol';
import { connectionFailed, RemoteError, signedOut, unreachable } from './remoteError';

/** What the desktop keeps to reconnect: the server's origin and the session cookie (`name=value`). */
export interface RemoteCredential {
  readonly origin: string;
  readonly cookie: string;
}

export interface EnrollOptions {
  /** The name this computer is listed under in the server's sessions (default: the user agent's reading). */
  deviceName?: string;
  /** The connection's trust (serverTrust.ts): the OS store, and the certificate pinned for this server. */
  dispatcher?: Dispatcher;
}

const ENROLL_PATH = '/auth/enroll';
/** Longer than any link the server issues (an origin, a path or parameter, a 43-character token). */
const MAX_LINK_LENGTH = 2048;
/** A token as the server issues it: base64url (its length is the server's business, within reason). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;

const refused = (key: MessageKey) => new RemoteError('invalid-argument', t(key));

function parsed(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw refused('errors.teamServerLinkInvalid');
  }
}

/** A team server's origin as a link names it: https, or http to this computer only; no credentials. */
function serverOrigin(url: URL): string {
  if (url.username || url.password) throw refused('errors.teamServerLinkCredentials');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw refused('errors.teamServerLinkInsecure');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused('errors.teamServerLinkInvalid');
  return url.origin;
}

/**
 * The server's origin and the token of an enrollment link in either form (shared/enrollmentLink.ts):
 * `https://host/enroll#<token>` or `ringside://enroll?server=<origin>#<token>`; anything else is refused
 * with an `invalid-argument` saying what is wrong with it.
 */
export function readEnrollmentLink(link: string): { origin: string; token: string } {
  const text = link.trim();
  if (text.length > MAX_LINK_LENGTH) throw refused('errors.teamServerLinkTooLong');
  const url = parsed(text);
  let origin: string;
  if (url.protocol === APP_LINK_SCHEME) {
    const servers = url.searchParams.getAll('server');
    const path = url.pathname === '' || url.pathname === '/';
    if (url.host.toLowerCase() !== APP_ENROLLMENT_HOST || !path || servers.length !== 1)
      throw refused('errors.teamServerLinkInvalid');
    const server = parsed(servers[0]!);
    origin = serverOrigin(server);
    if (server.href !== `${origin}/` && server.href !== origin) throw refused('errors.teamServerLinkInvalid');
  } else {
    origin = serverOrigin(url);
    if (url.pathname !== WEB_ENROLLMENT_PATH || url.search) throw refused('errors.teamServerLinkInvalid');
  }
  const token = url.hash.slice(1);
  if (!TOKEN_PATTERN.test(token)) throw refused('errors.teamServerLinkNoToken');
  return { origin, token };
}

export async function enrollWithLink(url: string, options: EnrollOptions = {}): Promise<RemoteCredential> {
  const { origin, token } = readEnrollmentLink(url);
  const response = await fetch(`${origin}${ENROLL_PATH}`, {
    dispatcher: options.dispatcher,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ token, ...(options.deviceName ? { deviceName: options.deviceName } : {}) }),
  }).catch((error: unknown) => {
    throw connectionFailed(error);
  });
  await response.body?.cancel();
  if (!response.ok) {
    throw new RemoteError(
      'auth-failed',
      t('errors.teamServerEnrollmentRefused', { status: response.status }),
    );
  }
  // The session cookie is the first pair of its Set-Cookie line; the server sets no other cookie here.
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie)
    throw new RemoteError(
      'auth-failed',
      t('errors.teamServerEnrollmentRefused', { status: response.status }),
    );
  return { origin, cookie };
}

/**
 * The page key of the credential's session, read from the app page. A page without one means the server no
 * longer knows the session: signed out. A server that cannot be reached throws `network-error`.
 */
export async function readPageKey(credential: RemoteCredential, dispatcher?: Dispatcher): Promise<string> {
  const page = await fetch(`${credential.origin}/`, {
    dispatcher,
    headers: { cookie: credential.cookie },
    redirect: 'manual',
  }).catch((error: unknown) => {
    throw connectionFailed(error);
  });
  if (page.status >= 500) {
    await page.body?.cancel();
    throw unreachable();
  }
  const html = await page.text();
  const key = new RegExp(`<meta name="${PAGE_KEY_META}" content="([^"]+)">`).exec(html)?.[1];
  if (!key) throw signedOut();
  return key;
}
