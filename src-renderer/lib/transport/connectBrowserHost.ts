/**
 * Connects a page served by the browser host (src-main/web/) to Ringside: the WebSocket client on the page's
 * own origin, and, once the server has said hello, `window.ringside` built by the preload's own
 * `createRendererApi` from the channel lists of that hello. Only the transport differs from the desktop app.
 */
import { createRendererApi } from '../../../src-main/shared/rendererBridge';
import { WS_PATH } from '../../../src-main/shared/wsProtocol';
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

export function connectBrowserHost(location: PageLocation = window.location): BrowserHostConnection {
  const link = new LinkState();
  const transport = new WsTransport({
    url: socketUrl(location),
    sessionAccepted: () => sessionAccepted(location),
    onStatus: (status) => (link.status = status),
  }).start();
  const ready = transport.channels.then((channels) =>
    installRendererApi(createRendererApi(transport, channels)),
  );
  return { transport, link, ready };
}
