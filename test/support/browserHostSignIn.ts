/**
 * How a test signs in to the browser host, as a browser does by opening a link: `GET <link>` answers 200
 * with the session cookie (`Set-Cookie`) and the page carrying the page key (a meta tag). A WebSocket client
 * then sends that cookie (and the page's own Origin) on the upgrade and `{"type":"auth","key":…}` as its
 * first frame; a browser page keeps the key in its origin's localStorage. Every link works once: ask the
 * host for a fresh one (`host.issueLink()`) for each sign-in.
 */
import { PAGE_KEY_META, PAGE_KEY_STORAGE_KEY } from '../../src-main/shared/wsProtocol';

export interface ClientSession {
  /** `name=value`, for a Cookie header. */
  cookie: string;
  pageKey: string;
}

/** The page key a link's answer carries; throws when there is none (the link was spent). */
export function pageKeyOf(html: string): string {
  const key = new RegExp(`<meta name="${PAGE_KEY_META}" content="([^"]+)">`).exec(html)?.[1];
  if (!key) throw new Error('the answer to the link carries no page key: was the link used already?');
  return key;
}

/** The `name=value` of a Set-Cookie header. */
export function cookieOf(setCookie: string | undefined): string {
  const cookie = setCookie?.split(';')[0];
  if (!cookie) throw new Error('the answer to the link set no session cookie');
  return cookie;
}

/** Signs a non-browser client in with a fresh link (any fetch: the answer is not followed anywhere). */
export async function signInClient(link: string): Promise<ClientSession> {
  const response = await fetch(link, { redirect: 'manual' });
  if (response.status !== 200) throw new Error(`the link answered ${response.status}, not 200`);
  return {
    cookie: cookieOf(response.headers.get('set-cookie') ?? undefined),
    pageKey: pageKeyOf(await response.text()),
  };
}

export { PAGE_KEY_STORAGE_KEY };
