/**
 * The WebSocket side of the browser host (protocol: shared/wsProtocol.ts): a tab's socket must first send
 * its session's page key (else it is closed, signed out); then it gets the hello frame, its invokes go
 * through the one shared CommandDispatcher with the permissions of the app's own window, every
 * state-changing command leaves a line in the log, and every core event goes to every signed-in tab. A frame
 * that cannot be used gets an error frame; the connection stays open and nothing a tab sends can stop the
 * server.
 */
import { CommandDispatcher } from '../app/commandDispatcher';
import type { EventListener } from '../app/eventHub';
import { describeCommandUse } from '../app/commandTrace';
import { changesState, channelLists, isCommandChannel, type CommandHandlers } from '../shared/contract';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import {
  CLOSE_SIGNED_OUT,
  MAX_FRAME_BYTES,
  type ErrorFrame,
  type EventFrame,
  type HelloFrame,
  type ResultFrame,
  type WsErrorCode,
} from '../shared/wsProtocol';
import { AuthFrameSchema, InvokeFrameSchema } from './invokeFrame';

/** What the browser host binds, exactly as the desktop host does: the command table and the events. */
export interface BrowserHostCore {
  readonly commands: CommandHandlers;
  subscribe(listener: EventListener): () => void;
  /** Told the signed-in page's browser languages (Accept-Language), for Settings ▸ Language ▸ Automatic. */
  readonly locale?: { useBrowserLanguages(languages: readonly string[]): void };
}

/** The part of a `ws` WebSocket used here (structural, so tests can pass fakes). */
export interface TabSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

const OPEN = 1;
/** WebSocket close codes: the tab stopped reading (its queue is full), the server is stopping. */
const CLOSE_TRY_AGAIN_LATER = 1013;
const CLOSE_GOING_AWAY = 1001;
/** A tab that leaves this much unread (a frozen or throttled tab) is closed; it reconnects and starts afresh. */
const MAX_UNREAD_BYTES = 16 * 1024 * 1024;
/** How long a new connection may take to send its page key. */
const AUTH_TIMEOUT_MS = 10_000;
/** Whether a page key is the one of the session the connection's cookie named. */
export type PageKeyCheck = (key: string) => boolean;

function byteLength(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((total, part) => total + part.length, 0);
  return data.byteLength;
}

function textOf(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  // A Buffer (what ws hands over for text frames) is read in place; Buffer.from would copy it first.
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** The id of a frame that failed validation, when it has a usable one, so the client can settle that invoke. */
function idOf(frame: unknown): number | null {
  if (typeof frame !== 'object' || frame === null || !('id' in frame)) return null;
  const id = frame.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export class TabSockets {
  private readonly dispatcher: CommandDispatcher;
  private readonly open = new Set<TabSocket>();
  private readonly hello: string;
  private readonly unsubscribe: () => void;
  private nextTab = 1;

  constructor(
    core: BrowserHostCore,
    private readonly logger: Logger,
  ) {
    this.dispatcher = new CommandDispatcher({ handlers: core.commands, logger });
    const hello: HelloFrame = { type: 'hello', channels: channelLists(), host: 'browser' };
    this.hello = JSON.stringify(hello);
    this.unsubscribe = core.subscribe((channel, payload) => {
      const frame: EventFrame = { type: 'event', channel, payload };
      this.broadcast(JSON.stringify(frame));
    });
  }

  get count(): number {
    return this.open.size;
  }

  /**
   * Takes over a tab's socket whose cookie named a session; `origin` names it in the log. Its first frame
   * must be that session's page key (`isPageKey`), within AUTH_TIMEOUT_MS; otherwise it is closed with
   * CLOSE_SIGNED_OUT and never hears an event.
   */
  accept(socket: TabSocket, origin: string, isPageKey: PageKeyCheck): void {
    const sender = `browser tab ${this.nextTab++} (${origin})`;
    let signedIn = false;
    const signOut = (why: string) => {
      this.logger.warn(`${sender}: refused, ${why}`);
      // i18n-exempt: the WebSocket close reason, protocol text the page never shows.
      socket.close(CLOSE_SIGNED_OUT, 'signed out: open a new link');
    };
    const timer = setTimeout(() => signOut('no page key in time'), AUTH_TIMEOUT_MS);
    timer.unref?.();
    socket.on('close', () => {
      clearTimeout(timer);
      this.open.delete(socket);
    });
    socket.on('error', (error) => this.logger.warn(`${sender}: WebSocket error`, error));
    socket.on('message', (data, isBinary) => {
      if (!signedIn) {
        clearTimeout(timer);
        if (!this.isAuthFrame(data, isBinary, isPageKey))
          return signOut('its first frame was not its page key');
        signedIn = true;
        this.open.add(socket);
        return socket.send(this.hello);
      }
      this.receive(socket, data, isBinary, sender).catch((error: unknown) =>
        this.logger.error(`${sender}: a frame could not be answered`, error),
      );
    });
  }

  private isAuthFrame(
    data: Buffer | ArrayBuffer | Buffer[],
    isBinary: boolean,
    isPageKey: PageKeyCheck,
  ): boolean {
    if (isBinary || byteLength(data) > MAX_FRAME_BYTES) return false;
    try {
      const frame = AuthFrameSchema.safeParse(JSON.parse(textOf(data)));
      return frame.success && isPageKey(frame.data.key);
    } catch {
      return false;
    }
  }

  /** Closes every tab's socket and stops forwarding events. */
  close(): void {
    this.unsubscribe();
    // i18n-exempt: the WebSocket close reason, protocol text the page never shows.
    for (const socket of this.open) socket.close(CLOSE_GOING_AWAY, 'Ringside is stopping');
    this.open.clear();
  }

  private async receive(
    socket: TabSocket,
    data: Buffer | ArrayBuffer | Buffer[],
    isBinary: boolean,
    sender: string,
  ): Promise<void> {
    // i18n-exempt: malformed frames come from no page of Ringside's; these answers are for the developer.
    if (isBinary) return this.refuse(socket, null, 'invalid-argument', 'Frames are JSON text, not binary.');
    if (byteLength(data) > MAX_FRAME_BYTES) {
      // i18n-exempt: protocol text (see above).
      return this.refuse(socket, null, 'invalid-argument', `Frames are at most ${MAX_FRAME_BYTES} bytes.`);
    }
    let frame: unknown;
    try {
      frame = JSON.parse(textOf(data));
    } catch {
      // i18n-exempt: protocol text (see above).
      return this.refuse(socket, null, 'invalid-argument', 'The frame is not valid JSON.');
    }
    const invoke = InvokeFrameSchema.safeParse(frame);
    if (!invoke.success) {
      // i18n-exempt: protocol text (see above).
      const message = 'The frame is not an invoke: {"type":"invoke","id":<positive integer>,"channel":"…"}.';
      return this.refuse(socket, idOf(frame), 'invalid-argument', message);
    }
    const { id, channel, args } = invoke.data;
    if (!isCommandChannel(channel)) {
      this.logger.warn(`command refused: ${JSON.stringify(channel)} is not a Ringside command (${sender})`);
      return this.refuse(
        socket,
        id,
        'unknown-command',
        t('validation.unknownCommand', { channel: JSON.stringify(channel) }),
      );
    }
    // An authenticated tab is the app's own page: every command, as the desktop's main window.
    const result = await this.dispatcher.dispatch(channel, args, 'all', sender);
    if (changesState(channel)) this.logger.info(describeCommandUse(sender, channel, args, result));
    const reply: ResultFrame = { type: 'result', id, result };
    this.send(socket, JSON.stringify(reply));
  }

  private refuse(socket: TabSocket, id: number | null, code: WsErrorCode, message: string): void {
    const frame: ErrorFrame = { type: 'error', id, error: { code, message } };
    this.send(socket, JSON.stringify(frame));
  }

  private broadcast(text: string): void {
    for (const socket of this.open) this.send(socket, text);
  }

  private send(socket: TabSocket, text: string): void {
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > MAX_UNREAD_BYTES) {
      this.logger.warn('a browser tab stopped reading; its WebSocket is closed (it reconnects)');
      this.open.delete(socket);
      socket.close(CLOSE_TRY_AGAIN_LATER, 'too much unread');
      return;
    }
    socket.send(text);
  }
}
