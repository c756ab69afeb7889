/**
 * The contract: the single boundary between a window and the main process, whichever host carries it
 * (Electron IPC in the desktop app, a WebSocket in the browser host).
 *
 * Each area declares its commands once, in its own table (`command(ArgsSchema).returns<Result>()`, or
 * `.changes<Result>()` for one that changes something, which the hosts log), and its
 * events (`event<Payload>()`). Everything else is derived here: the channel names, the argument and result
 * types, the handler types, `RendererApi`. Main validates every argument with the table's schema, because a
 * window is untrusted. docs/recipes/add-a-command.md walks through adding one.
 */
import { adminCommands } from './admin';
import { appCommands, appEvents } from './app';
import { callsCommands, callsEvents } from './calls';
import type { ArgsOf, HandlersFor, InputOf, PayloadOf, ResultOf } from './define';
import { directoryCommands, directoryEvents } from './directory';
import type { IpcResult } from './errors';
import { historyCommands, historyEvents } from './history';
import { presenceCommands, presenceEvents } from './presence';
import { privacyCommands } from './privacy';
import { queuesCommands, queuesEvents } from './queues';
import { reviewCommands, reviewEvents } from './review';
import { settingsCommands, settingsEvents } from './settings';
import { teamServerClientCommands, teamServerClientEvents } from './teamServerClient';
import { wrapUpCommands, wrapUpEvents } from './wrapup';

export * from './admin';
export * from './app';
export * from './calls';
export * from './define';
export * from './directory';
export * from './errors';
export * from './history';
export * from './ids';
export * from './presence';
export * from './privacy';
export * from './queues';
export * from './review';
export * from './settings';
export * from './settingsRegistry';
export * from './teamServerClient';
export * from './wrapup';

/** Every command of every area. */
export const commandTable = {
  ...appCommands,
  ...settingsCommands,
  ...callsCommands,
  ...historyCommands,
  ...reviewCommands,
  ...wrapUpCommands,
  ...directoryCommands,
  ...privacyCommands,
  ...queuesCommands,
  ...adminCommands,
  ...presenceCommands,
  ...teamServerClientCommands,
};

/** Every event of every area. */
export const eventTable = {
  ...appEvents,
  ...settingsEvents,
  ...callsEvents,
  ...historyEvents,
  ...reviewEvents,
  ...wrapUpEvents,
  ...directoryEvents,
  ...queuesEvents,
  ...presenceEvents,
  ...teamServerClientEvents,
};

export type CommandTable = typeof commandTable;
export type EventTable = typeof eventTable;
export type CommandChannel = keyof CommandTable;
export type EventChannel = keyof EventTable;

/** What a handler of `C` receives, validated and with defaults applied. */
export type CommandArgs<C extends CommandChannel> = ArgsOf<CommandTable[C]>;
/** What a caller of `C` passes. */
export type CommandInput<C extends CommandChannel> = InputOf<CommandTable[C]>;
export type CommandResult<C extends CommandChannel> = ResultOf<CommandTable[C]>;
export type Events = { [E in EventChannel]: PayloadOf<EventTable[E]> };

/** Every command's handler: what a host binds (see app/commandDispatcher.ts). */
export type CommandHandlers = HandlersFor<CommandTable>;

/** The channel names, for code that must not carry the schemas (the sandboxed preload gets them at build time). */
export interface ChannelLists {
  readonly commands: readonly string[];
  readonly events: readonly string[];
}

export function channelLists(): ChannelLists {
  return { commands: Object.keys(commandTable), events: Object.keys(eventTable) };
}

export function isCommandChannel(channel: unknown): channel is CommandChannel {
  return typeof channel === 'string' && Object.hasOwn(commandTable, channel);
}

/** Whether a command changes something (its table declares it with `.changes<…>()`): hosts log each use. */
export function changesState(channel: CommandChannel): boolean {
  return commandTable[channel].changesState;
}

export function isEventChannel(channel: unknown): channel is EventChannel {
  return typeof channel === 'string' && Object.hasOwn(eventTable, channel);
}

// ---- window.ringside --------------------------------------------------------------------------------

type ArgsTuple<C extends CommandChannel> = CommandInput<C> extends undefined ? [] : [args: CommandInput<C>];

/** The exact type of `window.ringside`, whichever host provides it (the preload, or the WebSocket client). */
export interface RendererApi {
  invoke<C extends CommandChannel>(channel: C, ...args: ArgsTuple<C>): Promise<IpcResult<CommandResult<C>>>;
  on<E extends EventChannel>(channel: E, listener: (payload: Events[E]) => void): () => void;
}
