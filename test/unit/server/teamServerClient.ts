/**
 * An agent's browser against a team server, as the tests act it: enrolls by link (the enrollment page's
 * POST, with the server's Origin), loads the app page for its page key, and opens WebSockets that send
 * the page key first, recording every frame. `upgradeStatus` tries a handshake with any headers and says
 * how the server answered (101 when it let the socket open).
 */
import { request } from 'node:http';
import { fetch, WebSocket, type Dispatcher } from 'undici';
import { PAGE_KEY_META, WS_PATH, type ServerFrame } from '../../../src-main/shared/wsProtocol';

export interface SignedInAgent {
  cookie: string;
  pageKey: string;
}

/** `dispatcher`: for a server over HTTPS, one that trusts its certificate. */
export async function enrollByLink(
  origin: string,
  url: string,
  cookieName: string,
  dispatcher?: Dispatcher,
): Promise<SignedInAgent> {
  const token = new URL(url).hash.slice(1);
  const response = await fetch(`${origin}/auth/enroll`, {
    dispatcher,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ token }),
  });
  if (!response.ok) throw new Error(`enrollment refused: ${response.status} ${await response.text()}`);
  const line = response.headers.getSetCookie().find((set) => set.startsWith(`${cookieName}=`));
  if (!line) throw new Error('no session cookie');
  return openAppPage(origin, line.split(';')[0]!, dispatcher);
}

/** Loads the app page with a session's `cookie` (`name=value`) and reads its page key. */
export async function openAppPage(
  origin: string,
  cookie: string,
  dispatcher?: Dispatcher,
): Promise<SignedInAgent> {
  const page = await fetch(`${origin}/`, { dispatcher, headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  const pageKey = new RegExp(`<meta name="${PAGE_KEY_META}" content="([^"]+)">`).exec(html)?.[1];
  if (!pageKey) throw new Error(`no page key in the app page (${page.status})`);
  return { cookie, pageKey };
}

export interface AgentSocket {
  socket: WebSocket;
  frames: ServerFrame[];
  closed: Promise<number>;
  /** Runs a command; resolves with its result frame's `result`. */
  invoke(
    channel: string,
    args?: unknown,
  ): Promise<{ ok: boolean; error?: { code: string }; value?: unknown }>;
}

export async function openAgentSocket(
  origin: string,
  agent: SignedInAgent,
  dispatcher?: Dispatcher,
): Promise<AgentSocket> {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}${WS_PATH}`, {
    dispatcher,
    headers: { cookie: agent.cookie, origin },
  });
  const frames: ServerFrame[] = [];
  socket.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data)) as ServerFrame));
  const closed = new Promise<number>((resolve) =>
    socket.addEventListener('close', (event) => resolve(event.code)),
  );
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('the WebSocket did not open')));
  });
  socket.send(JSON.stringify({ type: 'auth', key: agent.pageKey }));
  let nextId = 1;
  return {
    socket,
    frames,
    closed,
    async invoke(channel, args) {
      const id = nextId++;
      socket.send(JSON.stringify({ type: 'invoke', id, channel, args }));
      for (let waited = 0; waited < 8000; waited += 20) {
        const frame = frames.find((candidate) => candidate.type === 'result' && candidate.id === id);
        if (frame && frame.type === 'result') return frame.result as never;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no answer to ${channel}`);
    },
  };
}

/** The HTTP status a WebSocket handshake with `headers` gets (101: the socket opened; it is closed at once). */
export function upgradeStatus(origin: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const handshake = request(`${origin}${WS_PATH}`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    handshake.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    handshake.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    handshake.on('error', reject);
    handshake.end();
  });
}
