/**
 * The sandboxed preload: exposes exactly `window.ringside` (the contract's RendererApi) and nothing of
 * Electron. Bundled whole as CommonJS, so it imports only the tiny bridge; the channel lists are written in
 * at build time from the contract's tables (electron.vite.config.ts), so zod stays out of the preload.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { ChannelLists } from './shared/contract';
import { createRendererApi, ipcRendererTransport } from './shared/rendererBridge';

declare const __RINGSIDE_CHANNELS__: ChannelLists;

contextBridge.exposeInMainWorld(
  'ringside',
  createRendererApi(ipcRendererTransport(ipcRenderer), __RINGSIDE_CHANNELS__),
);
