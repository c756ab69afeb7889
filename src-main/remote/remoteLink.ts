/**
 * The desktop's one WebSocket to a team server (shared/wsProtocol.ts): before each connection it reads the
 * page key with the stored session cookie (enrollment.ts), sends it first, waits for the hello, matches each
 * result to its invoke by id and hands every event on. When the server is unreachable or restarts it
 * reconnects by itself (doubling, jittered waits: shared/reconnectDelay.ts). When the session is gone (the
 * server closes with CLOSE_SIGNED_OUT, or the app page has no key for the cookie, which is what a 401 on the
 * upgrade means) it stops: a revoked device must not knock forever.
 *
 * Unlike a browser tab, nothing waits for a connection: an invoke while disconnected fails at once (a dial
 * queued until the server is back would ring someone minutes later), and one already sent when the
 * connection dropped fails as "unknown whether it was done", never sent twice.
 */
import { WebSocket, type Dispatcher } from 'undici';
import type { IpcResult } from '../shared/contract';
import type { Logger } from '../shared/logger';
import { PendingInvokes } from '../shared/pendingInvokes';
import { readServerFrame } from '../shared/readServerFrame';
import { reconnectDelay, TEAM_SERVER_RECONNECT, type ReconnectPolicy } from '../shared/reconnectDelay';
import {
  CLOSE_SIGNED_OUT,
  WS_PATH,
  type AuthFrame,
  type ClientSocket,
  type InvokeFrame,
} from '../shared/wsProtocol';
import { readPageKey, type RemoteCredential } from './enrollment';
import { failed, lostDuringCommand, RemoteError, signedOut, unreachable } from './remoteError';

/** What the link is doing, for the window's "team server unreachable" / "signed out" notice. */
export type RemoteLinkStatus = 'connecting' | 'connected' | 'reconnecting' | 'signed-out' | 'closed';

/** The part of a WebSocket the link uses. */
export type RemoteSocket = ClientSocket;

export type CreateSocket = (url: string, headers: Record<string, string>) => RemoteSocket;

export interface RemoteLinkDeps {
  credential: RemoteCredential;
  logger: Logger;
  /** How long to wait between attempts (default: REMOTE_RECONNECT). */
  reconnect?: ReconnectPolicy;
  dispatcher?: Dispatcher;
  createSocket?: CreateSocket;
  random?: () => number;
  onStatus(status: RemoteLinkStatus): void;
  /** An attempt failed for a reason other than the last one's (see `failure`). */
  onFailure?(failure: RemoteError): void;
  onEvent(channel: string, payload: unknown): void;
  /** A hello arrived; `again` after the first: events sent meanwhile were lost. */
  onConnected(again: boolean): void;
}

/** Capped lower than a browser host's tab: a restarted server is noticed within about two seconds. */
export const REMOTE_RECONNECT: ReconnectPolicy = TEAM_SERVER_RECONNECT;

/** An invoke whose connection dropped before its answer: whether it ran is unknown. */
const lost = () => failed(lostDuringCommand());

export class RemoteLink {
  #status: RemoteLinkStatus = 'connecting';
  #socket: RemoteSocket | null = null;
  #ready: RemoteSocket | null = null;
  #hellos = 0;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #nextId = 0;
  #failure: RemoteError | null = null;
  readonly #pending = new PendingInvokes<RemoteSocket>();

  constructor(private readonly deps: RemoteLinkDeps) {}

  get status(): RemoteLinkStatus {
    return this.#status;
  }

  /** Why the last attempt failed (an untrusted certificate, unreachable); null once connected. */
  get failure(): RemoteError | null {
    return this.#failure;
  }

  start(): void {
    void this.#connect();
  }

  /** The server's result as it is; a failure of the link itself when there is no connection to send it on. */
  invoke(channel: string, args: unknown): Promise<IpcResult<unknown>> {
    const socket = this.#ready;
    if (!socket) {
      return Promise.resolve(
        failed(this.#status === 'signed-out' ? signedOut() : (this.#failure ?? unreachable())),
      );
    }
    const id = ++this.#nextId;
    const text = JSON.stringify({ type: 'invoke', id, channel, args } satisfies InvokeFrame);
    return new Promise((resolve) => {
      this.#pending.add(id, { text, sentOn: socket, resolve });
      socket.send(text);
    });
  }

  dispose(): void {
    this.#stop('closed');
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    let key: string;
    try {
      key = await readPageKey(this.deps.credential, this.deps.dispatcher);
    } catch (error) {
      if (error instanceof RemoteError && error.code === 'auth-failed') this.#stop('signed-out');
      else {
        this.#noteFailure(error instanceof RemoteError ? error : unreachable());
        this.#retry();
      }
      return;
    }
    if (this.#stopped) return;
    const { origin, cookie } = this.deps.credential;
    const socket = (this.deps.createSocket ?? undiciSocket(this.deps.dispatcher))(
      `${origin.replace(/^http/, 'ws')}${WS_PATH}`,
      { cookie, origin },
    );
    this.#socket = socket;
    socket.addEventListener('open', () =>
      socket.send(JSON.stringify({ type: 'auth', key } satisfies AuthFrame)),
    );
    socket.addEventListener('message', (event) => {
      if (this.#socket === socket) this.#receive(socket, event.data);
    });
    socket.addEventListener('close', (event) => this.#closed(socket, event.code));
  }

  /** The server closed the connection (or it broke): signed out for good, else try again. */
  #closed(socket: RemoteSocket, code: number): void {
    if (this.#socket !== socket) return;
    this.#socket = this.#ready = null;
    this.#pending.failSentOn(socket, lost);
    if (code === CLOSE_SIGNED_OUT) this.#stop('signed-out');
    else this.#retry();
  }

  #receive(socket: RemoteSocket, data: unknown): void {
    const frame = readServerFrame(data);
    if (!frame) {
      this.deps.logger.warn('team server: a frame that is not of the protocol was ignored');
      return;
    }
    if (frame.type === 'hello') {
      this.#ready = socket;
      this.#failure = null;
      this.#attempt = 0;
      this.#setStatus('connected');
      this.deps.onConnected(this.#hellos++ > 0);
    } else if (frame.type === 'event') {
      this.deps.onEvent(frame.channel, frame.payload);
    } else {
      this.#pending.settle(frame);
    }
  }

  /** Kept for the commands refused meanwhile; logged once per new reason, not at every attempt. */
  #noteFailure(failure: RemoteError): void {
    if (failure.message === this.#failure?.message) return;
    this.deps.logger.warn(`team server not connected: ${failure.message}`);
    this.#failure = failure;
    this.deps.onFailure?.(failure);
  }

  #retry(): void {
    if (this.#stopped) return;
    this.#setStatus(this.#hellos > 0 ? 'reconnecting' : 'connecting');
    const delay = reconnectDelay(++this.#attempt, this.deps.random, this.deps.reconnect ?? REMOTE_RECONNECT);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.#connect();
    }, delay);
  }

  get #stopped(): boolean {
    return this.#status === 'signed-out' || this.#status === 'closed';
  }

  /** No more attempts: signed out (the session is gone) or closed by the host. */
  #stop(status: 'signed-out' | 'closed'): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    const socket = this.#socket;
    this.#socket = this.#ready = null;
    this.#setStatus(status);
    if (socket) {
      this.#pending.failSentOn(socket, lost);
      socket.close();
    }
  }

  #setStatus(status: RemoteLinkStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.deps.onStatus(status);
  }
}

function undiciSocket(dispatcher: Dispatcher | undefined): CreateSocket {
  return (url, headers) => new WebSocket(url, { dispatcher, headers });
}
