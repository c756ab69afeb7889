/**
 * Binds the IPC contract to AppCore: one `ipcMain.handle` per command, each call checked (sender, then
 * arguments) before AppCore sees it, every outcome wrapped as `IpcResult`; and AppCore's events forwarded to
 * the app's own window. Electron objects are described structurally, so tests drive it with plain fakes.
 */
import {
  COMMAND_CHANNELS,
  commandArgs,
  ErrorCodeSchema,
  type CommandChannel,
  type CommandHandlers,
  type EventChannel,
  type Events,
  type IpcError,
  type IpcResult,
} from '../shared/contract';
import type { Logger } from '../shared/logger';
import { redact } from '../shared/redact';
import type { EventListener } from '../app/events';

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

export interface CoreLike extends CommandHandlers {
  subscribe(listener: EventListener): () => void;
}

export interface IpcBindingDeps {
  ipcMain: IpcMainLike;
  /** The app's main window, or undefined while there is none (it may be recreated, e.g. on macOS). */
  getMainWindow: () => WindowLike | undefined;
  /** Other windows showing the app's page that may call commands too (the small dial confirmation). */
  getOtherWindows?: () => readonly WindowLike[];
  core: CoreLike;
  logger: Logger;
  /** Whether a URL is the app's own renderer (see rendererEntry.ts). */
  isAppUrl: (url: string) => boolean;
}

export type EventSender = <E extends EventChannel>(channel: E, payload: Events[E]) => void;

/** A message shown for failures that are not the caller's business; the details go to the log. */
const INTERNAL_ERROR_MESSAGE = 'Something went wrong inside Ringside. The details are in the log file.';

const fail = (code: IpcError['code'], message: string): IpcResult<never> => ({
  ok: false,
  error: { code, message },
});

function openWindow(getMainWindow: () => WindowLike | undefined): WindowLike | undefined {
  const window = getMainWindow();
  return window && !window.isDestroyed() ? window : undefined;
}

/** Only the main frame of one of the app's own windows, showing the app's own page, may call a command. */
function isTrustedSender(event: InvokeEventLike, deps: IpcBindingDeps): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.detached || !deps.isAppUrl(frame.url)) return false;
  const windows = [openWindow(deps.getMainWindow), ...(deps.getOtherWindows?.() ?? [])];
  return windows.some(
    (window) =>
      window !== undefined &&
      !window.isDestroyed() &&
      event.sender === window.webContents &&
      frame === window.webContents.mainFrame,
  );
}

/** "Invalid arguments for settings:save: phone: expected string, received number", naming each bad field. */
export function describeInvalidArguments(
  channel: CommandChannel,
  issues: { path: PropertyKey[]; message: string }[],
) {
  const problems = issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
  return `Invalid arguments for ${channel}: ${problems}`;
}

/** An error that carries one of the contract's codes is meant for the caller; anything else is internal. */
function toIpcError(error: unknown): IpcError | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = ErrorCodeSchema.safeParse(error.code);
  if (!code.success) return undefined;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : code.data;
  // Coded messages are written for users, but may quote a server response: never let a secret through.
  return { code: code.data, message: redact(message) };
}

async function runCommand(
  deps: IpcBindingDeps,
  channel: CommandChannel,
  event: InvokeEventLike,
  rawArgs: unknown,
): Promise<IpcResult<unknown>> {
  if (!isTrustedSender(event, deps)) {
    deps.logger.warn(`IPC ${channel} refused: sender is not the app's main frame`, {
      url: event.senderFrame?.url ?? '(no frame)',
    });
    return fail('forbidden-sender', `${channel} may only be called by Ringside's own window.`);
  }
  const parsed = commandArgs[channel].safeParse(rawArgs);
  if (!parsed.success) {
    return fail('invalid-argument', describeInvalidArguments(channel, parsed.error.issues));
  }
  try {
    // Each channel's handler takes that channel's arguments, which `commandArgs[channel]` just validated;
    // TypeScript cannot correlate the two through the union of channels, hence the widening.
    const handler = deps.core[channel] as (args: unknown) => Promise<unknown>;
    return { ok: true, value: await handler.call(deps.core, parsed.data) };
  } catch (error) {
    const known = toIpcError(error);
    if (known) {
      deps.logger.warn(`IPC ${channel} failed: ${known.code}`, error);
      return { ok: false, error: known };
    }
    deps.logger.error(`IPC ${channel} failed unexpectedly`, error);
    return fail('internal', INTERNAL_ERROR_MESSAGE);
  }
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
  for (const channel of COMMAND_CHANNELS) {
    deps.ipcMain.handle(channel, (event, args) => runCommand(deps, channel, event, args));
  }
  const unsubscribe = deps.core.subscribe(createEventSender(deps));
  return () => {
    unsubscribe();
    for (const channel of COMMAND_CHANNELS) deps.ipcMain.removeHandler(channel);
  };
}
