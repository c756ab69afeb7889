/**
 * Signing this computer in to a team server, the way its enrollment page does: the link's token (in the
 * address's fragment, never sent by the browser) is POSTed to `/auth/enroll` with the server's own Origin,
 * and the session cookie the answer sets is the credential the desktop keeps (in the OS keychain; the
 * caller stores it). The page key each connection starts with is read from the app page with that cookie,
 * as the browser does (see shared/wsProtocol.ts).
 */
import { fetch, type Dispatcher } from 'undici';
import { t } from '../shared/i18n';
import { PAGE_KEY_META } from '../shared/wsProtocol';
import { RemoteError, signedOut, unreachable } from './remoteError';

/** What the desktop keeps to reconnect: the server's origin and the session cookie (`name=value`). */
export interface RemoteCredential {
  readonly origin: string;
  readonly cookie: string;
}

export interface EnrollOptions {
  /** The name this computer is listed under in the server's sessions (default: the user agent's reading). */
  deviceName?: string;
  /** For a server over HTTPS with a private CA: a dispatcher that trusts it. */
  dispatcher?: Dispatcher;
}

const ENROLL_PATH = '/auth/enroll';

/**
 * The server's origin and the link's token, or an `invalid-argument` naming the problem. Two forms: the link
 * the administrator sends (`https://host/enroll#token`) and the one the OS hands the desktop app
 * (`ringside://enroll?server=<origin>#token`).
 */
export function readEnrollmentLink(url: string): { origin: string; token: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RemoteError('invalid-argument', t('errors.teamServerLinkInvalid'));
  }
  const token = parsed.hash.slice(1);
  if (parsed.protocol === 'ringside:') return { origin: ringsideLinkOrigin(parsed), token: needed(token) };
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new RemoteError('invalid-argument', t('errors.teamServerLinkInvalid'));
  }
  return { origin: parsed.origin, token: needed(token) };
}

function needed(token: string): string {
  if (token === '') throw new RemoteError('invalid-argument', t('errors.teamServerLinkInvalid'));
  return token;
}

/** The `server` of a `ringside://enroll?server=` link: an http(s) origin and nothing else. */
function ringsideLinkOrigin(link: URL): string {
  const server = link.searchParams.get('server');
  let origin: URL | undefined;
  try {
    origin = server ? new URL(server) : undefined;
  } catch {
    origin = undefined;
  }
  const isOrigin = origin && (origin.protocol === 'https:' || origin.protocol === 'http:');
  if (link.host !== 'enroll' || !origin || !isOrigin || origin.origin !== server!.replace(/\/$/, '')) {
    throw new RemoteError('invalid-argument', t('errors.teamServerLinkInvalid'));
  }
  return origin.origin;
}

export async function enrollWithLink(url: string, options: EnrollOptions = {}): Promise<RemoteCredential> {
  const { origin, token } = readEnrollmentLink(url);
  const response = await fetch(`${origin}${ENROLL_PATH}`, {
    dispatcher: options.dispatcher,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ token, ...(options.deviceName ? { deviceName: options.deviceName } : {}) }),
  }).catch((error: unknown) => {
    throw new RemoteError('network-error', unreachable().message, undefined, { cause: error });
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
    throw new RemoteError('network-error', unreachable().message, undefined, { cause: error });
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
