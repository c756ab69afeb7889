/**
 * A WebSocket stand-in for the browser host's client (src-renderer/lib/transport/wsTransport.ts): the test
 * plays the server, opening, greeting, answering and dropping each connection the client makes.
 */
import { channelLists, type ChannelLists } from '../../src-main/shared/contract';
import { CLOSE_SIGNED_OUT, type ServerFrame } from '../../src-main/shared/wsProtocol';
import type { SocketLike } from '../../src-renderer/lib/transport/wsTransport';

type Listener = (event: { data: unknown; code: number }) => void;

export class FakeSocket implements SocketLike {
  /** The invokes the client sent, parsed. */
  readonly sent: { type: string; id: number; channel: string; args?: unknown }[] = [];
  /** The page keys the client sent (its `auth` frames, one per connection when it behaves). */
  readonly keys: string[] = [];
  closed = false;
  readonly #listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {}

  send(text: string): void {
    if (this.closed) throw new Error('send on a closed socket');
    const frame = JSON.parse(text);
    if (frame.type === 'auth') this.keys.push(frame.key);
    else this.sent.push(frame);
  }

  close(code = 1005): void {
    if (this.closed) return;
    this.closed = true;
    this.#fire('close', undefined, code);
  }

  addEventListener(type: string, listener: Listener): void {
    const listeners = this.#listeners.get(type) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(type, listeners);
  }

  // ---- the server's side ----

  /** The upgrade succeeded and the server said hello. */
  accept(channels: ChannelLists = channelLists()): this {
    this.#fire('open');
    return this.receive({ type: 'hello', channels, host: 'browser' });
  }

  receive(frame: ServerFrame | Record<string, unknown>): this {
    return this.receiveText(JSON.stringify(frame));
  }

  receiveText(data: unknown): this {
    this.#fire('message', data);
    return this;
  }

  /** The server went away (or refused the upgrade, when it never accepted). */
  drop(): void {
    this.close(1006);
  }

  /** The server opened the connection, then refused the page key it was sent. */
  refuseKey(): void {
    this.#fire('open');
    this.close(CLOSE_SIGNED_OUT);
  }

  /** Answers the invoke sent `index`-th (default: the last) with `value`. */
  answer(value: unknown, index = this.sent.length - 1): void {
    this.receive({ type: 'result', id: this.sent[index]!.id, result: { ok: true, value } });
  }

  #fire(type: string, data?: unknown, code = 1005): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) listener({ data, code });
  }
}

/** Every socket a client made, newest last. */
export function socketFactory(): { sockets: FakeSocket[]; create: (url: string) => FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    create(url) {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  };
}
