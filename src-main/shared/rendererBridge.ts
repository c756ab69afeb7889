/**
 * Builds `window.ringside` (the contract's `RendererApi`) over any transport: Electron's ipcRenderer in the
 * preload, the browser host's WebSocket in a browser. Both therefore refuse the same channels.
 * The preload bundles this file, so it imports nothing but types: the channel lists are passed in (the
 * preload gets them at build time, derived from the contract's tables).
 */
import type { ChannelLists, RendererApi } from './contract';

/** What the bridge needs from the process boundary; payloads only, never transport event objects. */
export interface RendererTransport {
  invoke(channel: string, args: unknown): Promise<unknown>;
  /** Subscribes to one channel; returns the unsubscribe. */
  on(channel: string, listener: (payload: unknown) => void): () => void;
}

/** The part of Electron's ipcRenderer the preload uses (structural, so tests need no Electron). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** Adapts ipcRenderer: sends the arguments as one value, and drops the IpcRendererEvent (it holds `sender`). */
export function ipcRendererTransport(ipcRenderer: IpcRendererLike): RendererTransport {
  return {
    invoke: (channel, args) => ipcRenderer.invoke(channel, args),
    on(channel, listener) {
      const receive = (_event: unknown, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, receive);
      return () => {
        ipcRenderer.removeListener(channel, receive);
      };
    },
  };
}

export function createRendererApi(transport: RendererTransport, channels: ChannelLists): RendererApi {
  const commands = new Set(channels.commands);
  const events = new Set(channels.events);
  // The channel, arguments and result types are checked at compile time by RendererApi; at run time the
  // renderer is untrusted anyway (main validates every argument), so the implementation works on unknowns.
  const invoke = (channel: unknown, ...args: unknown[]): Promise<unknown> => {
    if (typeof channel !== 'string' || !commands.has(channel)) {
      return Promise.reject(
        new Error(`ringside.invoke: ${JSON.stringify(channel)} is not a Ringside command.`),
      );
    }
    return transport.invoke(channel, args[0]);
  };

  const on = (channel: unknown, listener: unknown): (() => void) => {
    if (typeof channel !== 'string' || !events.has(channel)) {
      throw new Error(`ringside.on: ${JSON.stringify(channel)} is not a Ringside event.`);
    }
    if (typeof listener !== 'function') {
      throw new TypeError(`ringside.on(${JSON.stringify(channel)}): the listener must be a function.`);
    }
    let subscribed = true;
    const unsubscribe = transport.on(channel, (payload) => listener(payload));
    return () => {
      if (!subscribed) return;
      subscribed = false;
      unsubscribe();
    };
  };

  return { invoke, on } as RendererApi;
}
