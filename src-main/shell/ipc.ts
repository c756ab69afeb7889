/**
 * Binds the command table to Electron IPC: one `ipcMain.handle` per command. This file decides who the
 * sender is (the main frame of one of the app's own windows, showing the app's own page); the shared
 * CommandDispatcher does the rest (allow-list, argument validation, the handler, the IpcResult envelope).
 * AppCore's events go to the app's own window. Electron objects are described structurally, so tests drive
 * it with plain fakes.
 */
import { CommandDispatcher, type CommandAllowList, type SenderPermissions } from '../app/commandDispatcher';
import type { EventListener } from '../app/eventHub';
import { commandTable, type CommandHandlers, type EventChannel, type Events } from '../shared/contract';
import type { Logger } from '../shared/logger';

export type { CommandAllowList } from '../app/commandDispatcher';

/** The part of a WebFrameMain the sender check reads. */
export interface FrameLike {
  readonly url: string;
  /** Set by Electron when the frame was replaced (e.g. an IPC sent from a page that is unloading). */
  readonly detached?: boolean;
}

/** The part of an IpcMainInvokeEvent the sender check reads. */
export interface InvokeEventLike {
  readonly sender: unknown;
  readonly senderFrame: FrameLike | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, args: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The part of a BrowserWindow the binding uses. */
export interface WindowLike {
  isDestroyed(): boolean;
  readonly webContents: {
    readonly mainFrame: FrameLike;
    send(channel: string, payload: unknown): void;
  };
}

/** Another window showing the app's page (the small dial confirmation), limited to what it needs. */
export interface ScopedWindow {
  readonly window: WindowLike;
  readonly allowed: CommandAllowList;
}

/** What a host binds: the command table and the events. */
export interface CoreLike {
  readonly commands: CommandHandlers;
  subscribe(listener: EventListener): () => void;
}

export interface IpcBindingDeps {
  ipcMain: IpcMainLike;
  /** The app's main window, or undefined while there is none (it may be recreated, e.g. on macOS). */
  getMainWindow: () => WindowLike | undefined;
  /** Other windows showing the app's page, each allowed only its own few commands (the dial confirmation). */
  getOtherWindows?: () => readonly ScopedWindow[];
  core: CoreLike;
  logger: Logger;
  /** Whether a URL is the app's own renderer (see rendererEntry.ts). */
  isAppUrl: (url: string) => boolean;
}

export type EventSender = <E extends EventChannel>(channel: E, payload: Events[E]) => void;

function openWindow(getMainWindow: () => WindowLike | undefined): WindowLike | undefined {
  const window = getMainWindow();
  return window && !window.isDestroyed() ? window : undefined;
}

/**
 * Only the main frame of one of the app's own windows, showing the app's own page, may call a command: the
 * main window every command, another window those on its allow-list; undefined for any other sender.
 */
function senderPermissions(event: InvokeEventLike, deps: IpcBindingDeps): SenderPermissions | undefined {
  const frame = event.senderFrame;
  if (!frame || frame.detached || !deps.isAppUrl(frame.url)) return undefined;
  const isMainFrameOf = (window: WindowLike | undefined) =>
    window !== undefined &&
    !window.isDestroyed() &&
    event.sender === window.webContents &&
    frame === window.webContents.mainFrame;
  if (isMainFrameOf(openWindow(deps.getMainWindow))) return 'all';
  return deps.getOtherWindows?.().find((other) => isMainFrameOf(other.window))?.allowed;
}

/** Sends an event to the app's main window only, and only while it shows the app's own page. */
export function createEventSender(deps: Pick<IpcBindingDeps, 'getMainWindow' | 'isAppUrl' | 'logger'>) {
  const send: EventSender = (channel, payload) => {
    const window = openWindow(deps.getMainWindow);
    if (!window) return;
    if (!deps.isAppUrl(window.webContents.mainFrame.url)) {
      deps.logger.warn(`event ${channel} not sent: the window is not showing Ringside`);
      return;
    }
    window.webContents.send(channel, payload);
  };
  return send;
}

/** Registers every command and forwards AppCore's events; returns the function that undoes both. */
export function bindIpc(deps: IpcBindingDeps): () => void {
  const dispatcher = new CommandDispatcher({ handlers: deps.core.commands, logger: deps.logger });
  const channels = Object.keys(commandTable);
  for (const channel of channels) {
    deps.ipcMain.handle(channel, (event, args) =>
      dispatcher.dispatch(
        channel,
        args,
        senderPermissions(event, deps),
        event.senderFrame?.url ?? '(no frame)',
      ),
    );
  }
  const unsubscribe = deps.core.subscribe(createEventSender(deps));
  return () => {
    unsubscribe();
    for (const channel of channels) deps.ipcMain.removeHandler(channel);
  };
}
