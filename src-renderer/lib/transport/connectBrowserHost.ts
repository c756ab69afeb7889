/**
 * Connects a page served by the browser host (src-main/web/) to Ringside: the page key taken from the page a
 * link opened (kept in this origin's storage, where no other port can read it, and the link's token taken
 * out of the address), the WebSocket client on the page's own origin, and, once the server has said hello,
 * `window.ringside` built by the preload's own `createRendererApi` from the channel lists of that hello. Only
 * the transport differs from the desktop app. A team server's page reconnects sooner (TEAM_SERVER_RECONNECT)
 * and, when a restarted server refuses the key it kept, reads its key again with its session cookie.
 */
import { TEAM_SERVER_RECONNECT } from '../../../src-main/shared/reconnectDelay';
import { createRendererApi } from '../../../src-main/shared/rendererBridge';
import {
  HOST_KIND_META,
  PAGE_KEY_META,
  PAGE_KEY_STORAGE_KEY,
  TEAM_SERVER_HOST,
  TOKEN_QUERY_PARAMETER,
  WS_PATH,
} from '../../../src-main/shared/wsProtocol';
import { installRendererApi } from './installRendererApi';
import { LinkState } from './linkState.svelte';
import { WsTransport } from './wsTransport';

export interface BrowserHostConnection {
  transport: WsTransport;
  /** For the banner: connecting, connected, reconnecting, signed out. */
  link: LinkState;
  /** Settles once `window.ringside` is installed (the first hello); until then the app cannot start. */
  ready: Promise<void>;
}

type PageLocation = Pick<Location, 'protocol' | 'host' | 'origin'>;

export function socketUrl(location: PageLocation): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${WS_PATH}`;
}

/**
 * Whether the server still accepts this page's session cookie. A refused WebSocket upgrade shows the page
 * no status code, so the page itself is asked for: 401 without a valid cookie.
 */
export async function sessionAccepted(location: PageLocation): Promise<boolean> {
  const response = await fetch(`${location.origin}/`, { method: 'HEAD', cache: 'no-store' });
  return response.status !== 401;
}

type KeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The page key the server wrote into a page (index.html as served with the session's cookie). */
function pageKeyIn(page: Pick<Document, 'querySelector'>): Element | null {
  return page.querySelector(`meta[name="${PAGE_KEY_META}"]`);
}

/**
 * A team server's page asks for its key again: the app page as the server serves it now, with this
 * browser's session cookie (a page of another origin cannot read it). Keeps the key it carries; resolves
 * whether that key differs from the one kept before (false: no key for this session, or the same one).
 */
export async function renewPageKey(
  location: Pick<PageLocation, 'origin'>,
  storage: KeyStorage = localStorage,
  parse: (html: string) => Pick<Document, 'querySelector'> = (html) =>
    new DOMParser().parseFromString(html, 'text/html'),
): Promise<boolean> {
  const response = await fetch(`${location.origin}/`, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) {
    await response.body?.cancel();
    return false;
  }
  const key = pageKeyIn(parse(await response.text()))?.getAttribute('content');
  if (!key || key === storage.getItem(PAGE_KEY_STORAGE_KEY)) return false;
  storage.setItem(PAGE_KEY_STORAGE_KEY, key);
  return true;
}

/**
 * Keeps the page key the server wrote into this page (only when a link opened it) and takes the link's
 * spent token out of the address, so a reload or the history never carries it. Returns how to read the key.
 */
export function adoptPageKey(
  page: Pick<Document, 'querySelector'> = document,
  storage: KeyStorage = localStorage,
  address: Pick<History, 'replaceState'> & { href: string } = {
    href: location.href,
    replaceState: history.replaceState.bind(history),
  },
): () => string | null {
  const meta = pageKeyIn(page);
  const key = meta?.getAttribute('content');
  if (key) storage.setItem(PAGE_KEY_STORAGE_KEY, key);
  meta?.remove();
  const url = new URL(address.href);
  if (url.searchParams.has(TOKEN_QUERY_PARAMETER)) {
    url.searchParams.delete(TOKEN_QUERY_PARAMETER);
    address.replaceState(null, '', url.href);
  }
  return () => storage.getItem(PAGE_KEY_STORAGE_KEY);
}

/** Whether a team server served this page (it says so in a meta tag; the browser host's pages do not). */
export function servedByTeamServer(page: Pick<Document, 'querySelector'> = document): boolean {
  return page.querySelector(`meta[name="${HOST_KIND_META}"]`)?.getAttribute('content') === TEAM_SERVER_HOST;
}

export function connectBrowserHost(location: PageLocation = window.location): BrowserHostConnection {
  const teamServer = servedByTeamServer();
  const link = new LinkState(teamServer);
  const transport = new WsTransport({
    url: socketUrl(location),
    pageKey: adoptPageKey(),
    sessionAccepted: () => sessionAccepted(location),
    ...(teamServer ? { renewPageKey: () => renewPageKey(location), reconnect: TEAM_SERVER_RECONNECT } : {}),
    onStatus: (status) => (link.status = status),
  }).start();
  const ready = transport.channels.then((channels) =>
    installRendererApi(createRendererApi(transport, channels)),
  );
  return { transport, link, ready };
}
