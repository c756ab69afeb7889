/**
 * Binds the IPC contract to AppCore: one `ipcMain.handle` per command, each call checked (sender, then
 * arguments) before AppCore sees it, every outcome wrapped as `IpcResult`; and AppCore's events forwarded to
 * the app's own window. Electron objects are described structurally, so tests drive it with plain fakes.
 */
import {
  COMMAND_CHANNELS,
  commandArgs,
  ErrorCodeSchema,
  type CommandArgs,
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

/**
 * The commands a window other than the main one may call: per command `true`, or a further check of its
 * (validated) arguments that returns why they are refused, or null. Any command not listed is refused.
 */
export type CommandAllowList = {
  readonly [C in CommandChannel]?: true | ((args: CommandArgs<C>) => string | null);
};

/** Another window showing the app's page (the small dial confirmation), limited to what it needs. */
export interface ScopedWindow {
  readonly window: WindowLike;
  readonly allowed: CommandAllowList;
}

export interface CoreLike extends CommandHandlers {
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

/**
 * Only the main frame of one of the app's own windows, showing the app's own page, may call a command: the
 * main window every command, another window those on its allow-list; undefined for any other sender.
 */
function senderPermissions(
  event: InvokeEventLike,
  deps: IpcBindingDeps,
): CommandAllowList | 'all' | undefined {
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

/** This channel's rule in an allow-list, widened as the handlers are (see runCommand). */
type ArgumentCheck = (args: unknown) => string | null;
const ruleFor = (permissions: CommandAllowList | 'all', channel: CommandChannel) =>
  permissions === 'all' ? true : (permissions[channel] as true | ArgumentCheck | undefined);

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
  const permissions = senderPermissions(event, deps);
  if (!permissions) {
    deps.logger.warn(`IPC ${channel} refused: sender is not the app's main frame`, {
      url: event.senderFrame?.url ?? '(no frame)',
    });
    return fail('forbidden-sender', `${channel} may only be called by Ringside's own window.`);
  }
  const rule = ruleFor(permissions, channel);
  if (!rule) {
    deps.logger.warn(`IPC ${channel} refused: not on the allow-list of the window that sent it`);
    return fail('forbidden-sender', `${channel} may not be called from this window.`);
  }
  try {
    // Inside the try: hostile input (say, JSON nested 20,000 deep) can make the parser itself throw.
    const parsed = commandArgs[channel].safeParse(rawArgs);
    if (!parsed.success) {
      return fail('invalid-argument', describeInvalidArguments(channel, parsed.error.issues));
    }
    const refusal = rule === true ? null : rule(parsed.data);
    if (refusal !== null) {
      deps.logger.warn(`IPC ${channel} refused: ${refusal}`);
      return fail('forbidden-sender', refusal);
    }
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
