/**
 * The browser host's side of `window.ringside`: a `RendererTransport` over one WebSocket to the page's own
 * origin (src-main/shared/wsProtocol.ts). It waits for the server's hello, matches each result to its invoke
 * by id, hands every event to the listeners of its channel, and when the connection drops it reconnects by
 * itself (capped, jittered backoff), so the page and everything typed in it stays.
 *
 * Invokes across a reconnect: an invoke made while the tab is disconnected waits and is sent after the next
 * hello, except one that acts on a call (a dial, answer, hang up): it is refused at once, since a dial queued
 * until the server is back would ring someone minutes later. An invoke already sent when the connection
 * dropped is answered with a `network-error` result and never sent again: the server may have run it (a
 * dial, a save), and running it twice is worse than asking the agent to try again.
 */
import type { ChannelLists, IpcResult } from '../../../src-main/shared/contract';
import { t } from '../../../src-main/shared/i18n';
import type { RendererTransport } from '../../../src-main/shared/rendererBridge';
import {
  CLOSE_SIGNED_OUT,
  MAX_FRAME_BYTES,
  type AuthFrame,
  type ClientSocket,
  type InvokeFrame,
} from '../../../src-main/shared/wsProtocol';
import { PendingInvokes, type PendingInvoke } from '../../../src-main/shared/pendingInvokes';
import { readServerFrame } from '../../../src-main/shared/readServerFrame';
import { reconnectDelay, type ReconnectPolicy } from '../../../src-main/shared/reconnectDelay';
import { RESYNC_READS } from '../../../src-main/shared/resyncReads';

/** What the tab's link to the browser host is doing, for the banner that says so. */
export type LinkStatus =
  /** The first connection is being made. */
  | 'connecting'
  | 'connected'
  /** The connection dropped; retrying. */
  | 'reconnecting'
  /** The server refuses this tab: its session (cookie or page key) is missing or expired (retrying, slowly). */
  | 'signed-out';

/** The part of the browser's WebSocket the transport uses. */
export type SocketLike = ClientSocket;

export interface TimersLike {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface WsTransportOptions {
  /** `ws://127.0.0.1:…/ws`. */
  url: string;
  /** The page key sent as each connection's first frame (null: none kept, the server will refuse). */
  pageKey?: () => string | null;
  createSocket?: (url: string) => SocketLike;
  /**
   * Asked after a connection failed before its hello: whether the server still accepts this tab's session.
   * False means the cookie is missing or expired, which the WebSocket API itself does not reveal.
   */
  sessionAccepted?: () => Promise<boolean>;
  /**
   * Asked when the server refused the page key: fetch this page's key again and keep it; resolves whether a
   * key other than the refused one is kept now (false: the session itself is gone). A team server's page key
   * is derived from a secret of the server process, so a restarted server refuses the key the page kept.
   */
  renewPageKey?: () => Promise<boolean>;
  onStatus?: (status: LinkStatus) => void;
  /** How long to wait between attempts (default: RECONNECT_DELAY). */
  reconnect?: ReconnectPolicy;
  timers?: TimersLike;
  random?: () => number;
}

/**
 * The params of a `network-error` this transport reports itself: the link between the page and Ringside
 * failed, not Ringside's link to the PBX (describeError words the two differently).
 */
export const HOST_LINK_PARAMS = { transport: 'host' } as const;

/** The connection was lost with this invoke on its way: whether it ran is unknown. */
export function lostInvokeMessage(): string {
  return t('errors.hostLinkLostDuringCommand');
}

/** Commands that act on a call: refused while the tab is not connected, never queued for later. */
const NEVER_QUEUED: ReadonlySet<string> = new Set(['calls:dial', 'calls:control']);

const failure = (code: 'invalid-argument', message: string): IpcResult<never> => ({
  ok: false,
  error: { code, message },
});

const hostLinkLost = (message: string): IpcResult<never> => ({
  ok: false,
  error: { code: 'network-error', message, params: HOST_LINK_PARAMS },
});

const browserTimers: TimersLike = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class WsTransport implements RendererTransport {
  #status: LinkStatus = 'connecting';
  #socket: SocketLike | null = null;
  /** The socket whose hello has arrived: invokes are sent on it. */
  #ready: SocketLike | null = null;
  #helloCount = 0;
  #attempt = 0;
  #retryTimer: unknown = null;
  #disposed = false;
  #nextId = 0;
  readonly #pending = new PendingInvokes<SocketLike>();
  readonly #listeners = new Map<string, Set<(payload: unknown) => void>>();
  readonly #options: WsTransportOptions;
  readonly #timers: TimersLike;
  #firstHello!: (channels: ChannelLists) => void;
  /**
   * The channel lists of the first hello: what `createRendererApi` is built with, once (a later hello is
   * the same server again; a newer Ringside would need the page reloaded anyway).
   */
  readonly channels: Promise<ChannelLists>;

  constructor(options: WsTransportOptions) {
    this.#options = options;
    this.#timers = options.timers ?? browserTimers;
    this.channels = new Promise((resolve) => (this.#firstHello = resolve));
  }

  get status(): LinkStatus {
    return this.#status;
  }

  /** Opens the first connection; `channels` resolves once the server has said hello. */
  start(): this {
    this.#connect();
    return this;
  }

  invoke(channel: string, args: unknown): Promise<IpcResult<unknown>> {
    const id = ++this.#nextId;
    let text: string;
    try {
      text = JSON.stringify({ type: 'invoke', id, channel, args } satisfies InvokeFrame);
    } catch {
      return Promise.resolve(failure('invalid-argument', t('errors.argumentsUnsendable', { channel })));
    }
    if (new TextEncoder().encode(text).length > MAX_FRAME_BYTES) {
      return Promise.resolve(failure('invalid-argument', t('errors.argumentsTooLarge', { channel })));
    }
    if (!this.#ready && NEVER_QUEUED.has(channel)) {
      return Promise.resolve(hostLinkLost(t('errors.hostOfflineNotDone')));
    }
    return new Promise((resolve) => {
      const pending: PendingInvoke<SocketLike> = { text, sentOn: null, resolve };
      this.#pending.add(id, pending);
      if (this.#ready) this.#send(pending, this.#ready);
    });
  }

  on(channel: string, listener: (payload: unknown) => void): () => void {
    const listeners = this.#listeners.get(channel) ?? new Set();
    this.#listeners.set(channel, listeners);
    // Wrapped, so the same listener subscribed twice gets two independent subscriptions, as with ipcRenderer.
    const receive = (payload: unknown): void => listener(payload);
    listeners.add(receive);
    return () => {
      listeners.delete(receive);
    };
  }

  /**
   * Hands an event to the listeners of its channel: one from the server, or one this tab raises for
   * itself as the desktop shell would send it (the click on a notification the page showed).
   */
  dispatch(channel: string, payload: unknown): void {
    for (const listener of [...(this.#listeners.get(channel) ?? [])]) deliver(listener, payload);
  }

  /** Closes the connection for good; waiting invokes are answered with a network error. */
  dispose(): void {
    this.#disposed = true;
    this.#timers.clearTimeout(this.#retryTimer);
    const socket = this.#socket;
    this.#socket = this.#ready = null;
    socket?.close();
    this.#pending.failAll(() => hostLinkLost(t('errors.hostDisconnected')));
  }

  #connect(): void {
    const create = this.#options.createSocket ?? ((url: string) => new WebSocket(url));
    let socket: SocketLike;
    try {
      socket = create(this.#options.url);
    } catch {
      this.#retry(false);
      return;
    }
    this.#socket = socket;
    let opened = false;
    socket.addEventListener('open', () => {
      opened = true;
      const auth: AuthFrame = { type: 'auth', key: this.#options.pageKey?.() ?? '' };
      socket.send(JSON.stringify(auth));
    });
    socket.addEventListener('message', (event) => {
      if (this.#socket === socket) this.#receive(socket, event.data);
    });
    socket.addEventListener('close', (event) => {
      if (this.#socket !== socket) return;
      this.#socket = this.#ready = null;
      this.#failSentOn(socket);
      if (event?.code === CLOSE_SIGNED_OUT) this.#keyRefused();
      else this.#retry(opened);
    });
  }

  /**
   * The server refused this page's key. Where the key can be read again (a team server's page), a new one
   * is tried at once; else, or when the server has no other key for this page, the tab is signed out.
   */
  #keyRefused(): void {
    const renew = this.#options.renewPageKey;
    if (!renew) {
      this.#setStatus('signed-out');
      this.#retry(true);
      return;
    }
    renew().then(
      (renewed) => {
        if (this.#disposed || this.#socket) return;
        if (renewed) {
          this.#connect();
          return;
        }
        this.#setStatus('signed-out');
        this.#retry(true);
      },
      // The server could not be asked (it went away again): keep trying as after any drop.
      () => {
        if (!this.#disposed && !this.#socket) this.#retry(true);
      },
    );
  }

  #receive(socket: SocketLike, data: unknown): void {
    const frame = readServerFrame(data);
    if (!frame) return;
    if (frame.type === 'hello') {
      if (this.#ready === socket) return;
      this.#ready = socket;
      this.#attempt = 0;
      this.#setStatus('connected');
      const reconnected = this.#helloCount++ > 0;
      for (const pending of this.#pending.unsent()) this.#send(pending, socket);
      if (reconnected) this.#resync();
      else this.#firstHello(frame.channels);
      return;
    }
    if (this.#ready !== socket) return;
    if (frame.type === 'event') {
      this.dispatch(frame.channel, frame.payload);
    } else {
      this.#pending.settle(frame);
    }
  }

  #send(pending: PendingInvoke<SocketLike>, socket: SocketLike): void {
    pending.sentOn = socket;
    socket.send(pending.text);
  }

  #failSentOn(socket: SocketLike): void {
    this.#pending.failSentOn(socket, () => hostLinkLost(lostInvokeMessage()));
  }

  /** Schedules the next attempt; a connection that never opened may have been refused for its session. */
  #retry(opened: boolean): void {
    if (this.#disposed) return;
    // Signed out stays said until a hello proves otherwise (another tab may open the printed address).
    if (this.#status !== 'signed-out') this.#setStatus(this.#helloCount > 0 ? 'reconnecting' : 'connecting');
    const delay = reconnectDelay(++this.#attempt, this.#options.random, this.#options.reconnect);
    this.#retryTimer = this.#timers.setTimeout(() => {
      this.#retryTimer = null;
      if (!this.#disposed) this.#connect();
    }, delay);
    if (!opened && this.#options.sessionAccepted) {
      const attempt = this.#attempt;
      this.#options.sessionAccepted().then(
        (accepted) => {
          if (!accepted && this.#attempt === attempt && !this.#disposed && !this.#ready) {
            this.#setStatus('signed-out');
          }
        },
        () => {},
      );
    }
  }

  /** After a reconnect: the values the tab follows, read again (see resyncReads.ts). */
  #resync(): void {
    for (const [event, command] of Object.entries(RESYNC_READS)) {
      if (!this.#listeners.get(event)?.size || !command) continue;
      void this.invoke(command, undefined).then((result) => {
        if (result.ok) this.dispatch(event, result.value);
      });
    }
  }

  #setStatus(status: LinkStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#options.onStatus?.(status);
  }
}

/** One listener's failure must not keep the others from the event: it is reported as the page's error. */
function deliver(listener: (payload: unknown) => void, payload: unknown): void {
  try {
    listener(payload);
  } catch (error) {
    reportError(error);
  }
}
