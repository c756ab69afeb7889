/**
 * Ends this computer's session on the team server, as the browser page's "Sign out" does: a POST to
 * `/auth/signout` with the session cookie and the server's own Origin. Best effort: a server that cannot be
 * reached leaves its session to expire, and this computer forgets it anyway (the caller does).
 */
import { fetch, type Dispatcher } from 'undici';
import type { Logger } from '../shared/logger';
import type { RemoteCredential } from './enrollment';

const SIGN_OUT_PATH = '/auth/signout';
/** How long sign-out waits for the server before forgetting the session here regardless. */
const SIGN_OUT_WAIT_MS = 5000;

export async function signOutOnServer(
  credential: RemoteCredential,
  options: { dispatcher?: Dispatcher | undefined; logger: Logger },
): Promise<boolean> {
  try {
    const response = await fetch(`${credential.origin}${SIGN_OUT_PATH}`, {
      dispatcher: options.dispatcher,
      method: 'POST',
      headers: { origin: credential.origin, cookie: credential.cookie },
      signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) options.logger.warn(`the team server answered sign-out with HTTP ${response.status}`);
    return response.ok;
  } catch (error) {
    options.logger.warn('the team server could not be told of the sign-out; its session will expire', error);
    return false;
  }
}
