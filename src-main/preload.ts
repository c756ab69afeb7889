/**
 * The sandboxed preload: exposes exactly `window.ringside` (the contract's RendererApi) and nothing of
 * Electron. Bundled whole as CommonJS, so it imports only the tiny bridge and the channel lists.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createRendererApi, ipcRendererTransport } from './shared/rendererBridge';

contextBridge.exposeInMainWorld('ringside', createRendererApi(ipcRendererTransport(ipcRenderer)));
