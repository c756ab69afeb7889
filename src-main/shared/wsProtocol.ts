/**
 * The browser host's WebSocket protocol, shared by the server (src-main/web/) and the renderer's client.
 * One WebSocket per tab at `WS_PATH` on the page's own origin. Loading the page with a link's `?token=…`
 * signs it in: the server sets its session cookie and writes the page key into that one answer's
 * `PAGE_KEY_META` tag; the page keeps the key in its origin's storage (`PAGE_KEY_STORAGE_KEY`) and sends it
 * as each connection's first frame (`auth`). A connection whose first frame is not the key of the session
 * its cookie names is closed with `CLOSE_SIGNED_OUT`. Frames are JSON text of at most
 * `MAX_FRAME_BYTES`. After the key, the server greets the connection with one `hello` frame (the channel lists the client
 * passes to `createRendererApi`), answers every `invoke` with a `result` carrying the same `IpcResult` as
 * Electron IPC, pushes every core event to every tab as an `event` frame, and answers a frame it cannot use
 * with an `error` frame (the connection stays open).
 * Types and constants only, nothing that runs when it loads: the page imports it under a CSP that refuses
 * `new Function` (which zod's schemas try), so the server's own check of incoming frames lives in
 * web/invokeFrame.ts.
 */
import type { ChannelLists, IpcError, IpcResult } from './contract';

/** The WebSocket's path on the page's own origin. */
export const WS_PATH = '/ws';

/** The query parameter a link carries its single-use token in (traded for a session, then dropped). */
export const TOKEN_QUERY_PARAMETER = 'token';

/** The `<meta name>` of the page key, present only in the answer to a link's first use. */
export const PAGE_KEY_META = 'ringside-page-key';

/** The `<meta name>` a team server's page carries (content `TEAM_SERVER_HOST`): how the page knows its host. */
export const HOST_KIND_META = 'ringside-host';
export const TEAM_SERVER_HOST = 'team-server';

/** Where the page keeps its key: its own origin's localStorage, which no other port can read. */
export const PAGE_KEY_STORAGE_KEY = 'ringside.pageKey';

/** The close code of a connection whose first frame was not its session's page key (or came too late). */
export const CLOSE_SIGNED_OUT = 4401;

/**
 * Marks the one same-site reload the server answers a cross-site navigation with (a `tel:` link handed over by
 * the browser arrives without the SameSite=Strict cookie); the page drops it from the address.
 */
export const SAME_SITE_RELOAD_PARAMETER = 'same-site';

/**
 * The largest client frame the server accepts, in bytes (UTF-8): a larger one is answered with an `error`
 * frame (and one beyond four times this closes that connection, code 1009; the server stays up).
 */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** The part of a WebSocket a client of this protocol uses (the browser's, or undici's in Node). */
export interface ClientSocket {
  send(text: string): void;
  close(): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'close', listener: (event: { code: number }) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

// ---- client → server --------------------------------------------------------------------------------

/** The first frame of every connection: the page key of the session the connection's cookie names. */
export interface AuthFrame {
  type: 'auth';
  key: string;
}

/** Runs one command; `id` is a positive integer unique per connection, echoed by its `result`. */
export interface InvokeFrame {
  type: 'invoke';
  id: number;
  /** At most 128 characters. */
  channel: string;
  args?: unknown;
}

export type ClientFrame = AuthFrame | InvokeFrame;

// ---- server → client --------------------------------------------------------------------------------

/** Who serves the page: the browser host is the only WebSocket host. */
export type WsHostKind = 'browser';

/** The server's first frame, sent once the connection's page key was accepted. */
export interface HelloFrame {
  type: 'hello';
  channels: ChannelLists;
  host: WsHostKind;
}

/** The outcome of one `invoke`, whatever it was: the dispatcher's envelope, never a thrown error. */
export interface ResultFrame {
  type: 'result';
  id: number;
  result: IpcResult<unknown>;
}

/** One core event, sent to every connected tab. */
export interface EventFrame {
  type: 'event';
  channel: string;
  payload: unknown;
}

/** The codes a protocol-level error carries: a frame the server could not use as an invoke. */
export type WsErrorCode = Extract<IpcError['code'], 'invalid-argument' | 'unknown-command'>;

/**
 * A frame the server could not use: malformed JSON, oversized, not an invoke (`invalid-argument`), or an
 * invoke of a channel that is not a command (`unknown-command`). `id` is the frame's id when one could be
 * read, else null; a client settles that pending invoke with `{ ok: false, error }`, as a `result` would.
 */
export interface ErrorFrame {
  type: 'error';
  id: number | null;
  error: { code: WsErrorCode; message: string };
}

export type ServerFrame = HelloFrame | ResultFrame | EventFrame | ErrorFrame;
