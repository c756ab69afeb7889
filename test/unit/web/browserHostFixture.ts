/**
 * Shared by the browser host tests: a real server on port 0 serving a small stand-in renderer, a fake core
 * whose events the test emits, and clients that set exactly the headers a test is about (Host, Origin,
 * Cookie): node:http for plain requests and refused upgrades, undici's WebSocket for open sockets.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'undici';
import type { EventListener } from '../../../src-main/app/eventHub';
import type { CommandHandlers, EventChannel, Events } from '../../../src-main/shared/contract';
import type { Logger } from '../../../src-main/shared/logger';
import { silentLogger } from '../../../src-main/shared/logger';
import { WS_PATH, type ServerFrame } from '../../../src-main/shared/wsProtocol';
import {
  startBrowserHost,
  type BrowserHost,
  type BrowserHostCore,
  type BrowserHostOptions,
} from '../../../src-main/web/browserHost';
import { signInClient, type ClientSession } from '../../support/browserHostSignIn';

export type { ClientSession } from '../../support/browserHostSignIn';

/** The stand-in renderer's page: a test that sees this text got app data. */
export const PAGE_MARKER = 'ringside-test-page';

export function makeRendererDirectory(): { directory: string; remove(): void } {
  const directory = mkdtempSync(join(tmpdir(), 'ringside-renderer-'));
  mkdirSync(join(directory, 'assets'));
  writeFileSync(join(directory, 'index.html'), `<!doctype html><title>${PAGE_MARKER}</title>`);
  writeFileSync(join(directory, 'assets', 'app-1234.js'), `console.log('${PAGE_MARKER}');`);
  return { directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** A core with one command (`app:info`) and events the test emits. */
export function fakeCore(): BrowserHostCore & {
  emit<E extends EventChannel>(channel: E, payload: Events[E]): void;
} {
  const listeners = new Set<EventListener>();
  const commands = {
    'app:info': async () => ({
      name: 'Fake',
      version: '1.0.0',
      platform: 'test',
      versions: { node: '24' },
      mode: 'demo',
    }),
  } as unknown as CommandHandlers;
  return {
    commands,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(channel, payload) {
      for (const listener of listeners) listener(channel, payload);
    },
  };
}

export interface TestHost {
  host: BrowserHost;
  /** `127.0.0.1:<port>`, the Host header a browser sends. */
  authority: string;
  close(): Promise<void>;
}

export async function startTestHost(
  options: Partial<BrowserHostOptions> & { core: BrowserHostCore; logger?: Logger },
): Promise<TestHost> {
  const renderer = makeRendererDirectory();
  const host = await startBrowserHost({
    logger: silentLogger,
    rendererDirectory: renderer.directory,
    port: 0,
    ...options,
  });
  return {
    host,
    authority: `127.0.0.1:${host.port}`,
    async close() {
      await host.close();
      renderer.remove();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** True when the server switched protocols (a WebSocket upgrade was accepted). */
  upgraded: boolean;
}

/** One request to the host's port with exactly these headers (Host included); upgrades are reported, not kept. */
export function rawRequest(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time: what one test does to a connection must not reach the next.
    const outgoing = request({
      host: '127.0.0.1',
      port,
      path,
      method,
      headers,
      setHost: false,
      agent: false,
    });
    outgoing.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, upgraded: false }),
      );
    });
    outgoing.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 101, headers: response.headers, body: '', upgraded: true });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The headers of a WebSocket upgrade request (the key is any 16 bytes, base64). */
export const UPGRADE_HEADERS = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
};

/** Signs in with a fresh link, as a browser opening it does: the session cookie and the page key. */
export function signIn(test: TestHost): Promise<ClientSession> {
  return signInClient(test.host.issueLink());
}

/** The value of a `name=value` cookie. */
export function cookieValue(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1);
}

/** A tab's socket: every frame it received, in order, and a way to wait for one not waited for yet. */
export interface TestTab {
  socket: WebSocket;
  frames: ServerFrame[];
  next(predicate: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  send(data: string | Uint8Array): void;
  close(): void;
}

/**
 * A signed-in tab's socket: the session's cookie and Origin on the upgrade (and any `headers` a browser would
 * add, such as Accept-Language), its page key as the first frame.
 */
export async function openTab(
  test: TestHost,
  session: ClientSession,
  headers: Record<string, string> = {},
): Promise<TestTab> {
  const socket = new WebSocket(`ws://${test.authority}${WS_PATH}`, {
    headers: { ...headers, cookie: session.cookie, origin: `http://${test.authority}` },
  });
  const frames: ServerFrame[] = [];
  /** Frames a `next` already returned: each is returned once, whatever order they arrived in. */
  const taken = new Set<ServerFrame>();
  const waiters: { predicate: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void }[] = [];
  const take = (predicate: (frame: ServerFrame) => boolean) => {
    const frame = frames.find((candidate) => !taken.has(candidate) && predicate(candidate));
    if (frame) taken.add(frame);
    return frame;
  };
  socket.addEventListener('message', (event) => {
    frames.push(JSON.parse(String(event.data)) as ServerFrame);
    for (const waiter of [...waiters]) {
      const frame = take(waiter.predicate);
      if (!frame) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('the WebSocket did not open')));
  });
  socket.send(JSON.stringify({ type: 'auth', key: session.pageKey }));
  return {
    socket,
    frames,
    next(predicate, timeoutMs = 5000) {
      const already = take(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such frame arrived')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        });
      });
    },
    send: (data) => socket.send(data),
    close: () => socket.close(),
  };
}
