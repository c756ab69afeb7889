/**
 * The IPC channel names, and nothing else: the preload imports this file, so it stays free of dependencies
 * (a sandboxed preload is bundled whole). `contract.ts` checks at compile time that these lists and its
 * `Commands` / `Events` maps name exactly the same channels.
 */
export const COMMAND_CHANNELS = [
  'app:info',
  'connection:get',
  'settings:get',
  'settings:save',
  'connection:test',
  'directory:phones',
  'users:check',
  'certificate:inspect',
  'calls:dial',
  'calls:control',
  'calls:list',
  'dial:resolve',
  'dial:recent',
  'history:list',
  'history:markSeen',
  'history:search',
  'review:get',
  'review:open',
  'wrapup:get',
  'wrapup:save',
  'wrapup:pending',
  'wrapup:discard',
  'directory:search',
  'directory:person',
  'directory:company',
  'directory:createPerson',
  'directory:updateContacts',
  'sync:run',
  'sync:cancel',
  'sync:status',
] as const;
export const EVENT_CHANNELS = [
  'connection:state',
  'about:requested',
  'settings:changed',
  'calls:changed',
  'screenpop:show',
  'screenpop:updated',
  'dial:requested',
  'screenpop:focus',
  'history:changed',
  'review:updated',
  'wrapup:changed',
  'call:ended',
  'sync:progress',
] as const;

export type CommandChannel = (typeof COMMAND_CHANNELS)[number];
export type EventChannel = (typeof EVENT_CHANNELS)[number];

export function isCommandChannel(channel: unknown): channel is CommandChannel {
  return typeof channel === 'string' && (COMMAND_CHANNELS as readonly string[]).includes(channel);
}

export function isEventChannel(channel: unknown): channel is EventChannel {
  return typeof channel === 'string' && (EVENT_CHANNELS as readonly string[]).includes(channel);
}
