/**
 * The IPC contract: the single boundary between the renderer and the main process.
 *
 * To add a command: add its channel to `COMMAND_CHANNELS` (channels.ts), its argument schema to
 * `commandArgs` and its types to `Commands`; the compiler then names every place to update (AppCore, the
 * renderer). Main validates every argument with `commandArgs` because the renderer is untrusted.
 */
import { z } from 'zod';
import type { CommandChannel, EventChannel } from './channels';

export { COMMAND_CHANNELS, EVENT_CHANNELS, isCommandChannel, isEventChannel } from './channels';
export type { CommandChannel, EventChannel } from './channels';

// ---- DTOs -------------------------------------------------------------------------------------------

export const AppModeSchema = z.enum(['demo', 'configured', 'unconfigured']);
export type AppMode = z.infer<typeof AppModeSchema>;

export interface AppInfo {
  name: string;
  version: string;
  platform: NodeJS.Platform | string;
  versions: { electron?: string; chrome?: string; node: string };
  mode: AppMode;
}

export const ConnectionStatusSchema = z.enum([
  'unconfigured',
  'connecting',
  'connected',
  'offline',
  'credentials-rejected',
]);
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export interface ConnectionState {
  status: ConnectionStatus;
  /** A sentence a person can act on, e.g. why the PBX is offline. */
  message: string;
  /** Epoch milliseconds of the last change. */
  since: number;
}

// ---- Commands ---------------------------------------------------------------------------------------

/** The argument schema of every command. `z.undefined()` for commands that take none. */
export const commandArgs = {
  'app:info': z.undefined(),
  'connection:get': z.undefined(),
} as const satisfies Record<CommandChannel, z.ZodType>;

export interface Commands {
  'app:info': { args: undefined; result: AppInfo };
  /** The current connection state, for a window that subscribes after it last changed. */
  'connection:get': { args: undefined; result: ConnectionState };
}

export interface Events {
  'connection:state': ConnectionState;
  /** The user chose Help → About in the application menu: show the About panel. */
  'about:requested': null;
}

export type CommandArgs<C extends CommandChannel> = Commands[C]['args'];
export type CommandResult<C extends CommandChannel> = Commands[C]['result'];

/** What AppCore implements: one async method per command, arguments already validated. */
export type CommandHandlers = {
  [C in CommandChannel]: (args: CommandArgs<C>) => Promise<CommandResult<C>>;
};

// ---- Errors and results across IPC ------------------------------------------------------------------

/** Stable error codes a renderer may branch on. Never a stack trace. */
export const ErrorCodeSchema = z.enum([
  'invalid-argument',
  'unknown-command',
  'forbidden-sender',
  'not-configured',
  'auth-failed',
  'not-found',
  'permission-denied',
  'business-error',
  'validation-failed',
  'network-error',
  'timeout',
  'server-error',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export interface IpcError {
  code: ErrorCode;
  message: string;
}

/** Every command resolves to this envelope, so errors keep their code across contextBridge. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// ---- window.ringside --------------------------------------------------------------------------------

type ArgsTuple<C extends CommandChannel> = CommandArgs<C> extends undefined ? [] : [args: CommandArgs<C>];

/** The exact type of `window.ringside`, exposed by the preload (and by the e2e harness). */
export interface RendererApi {
  invoke<C extends CommandChannel>(channel: C, ...args: ArgsTuple<C>): Promise<IpcResult<CommandResult<C>>>;
  on<E extends EventChannel>(channel: E, listener: (payload: Events[E]) => void): () => void;
}

// Compile-time check: the channel lists and the maps above name the same channels.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const commandsMatch: Exact<keyof Commands, CommandChannel> = true;
const eventsMatch: Exact<keyof Events, EventChannel> = true;
void commandsMatch;
void eventsMatch;
