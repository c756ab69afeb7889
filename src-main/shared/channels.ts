/**
 * The IPC channel names, and nothing else: the preload imports this file, so it stays free of dependencies
 * (a sandboxed preload is bundled whole). `contract.ts` checks at compile time that these lists and its
 * `Commands` / `Events` maps name exactly the same channels.
 */
export const COMMAND_CHANNELS = ['app:info', 'connection:get'] as const;
export const EVENT_CHANNELS = ['connection:state', 'about:requested'] as const;

export type CommandChannel = (typeof COMMAND_CHANNELS)[number];
export type EventChannel = (typeof EVENT_CHANNELS)[number];

export function isCommandChannel(channel: unknown): channel is CommandChannel {
  return typeof channel === 'string' && (COMMAND_CHANNELS as readonly string[]).includes(channel);
}

export function isEventChannel(channel: unknown): channel is EventChannel {
  return typeof channel === 'string' && (EVENT_CHANNELS as readonly string[]).includes(channel);
}
