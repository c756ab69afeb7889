/**
 * Runs inside the page before the renderer (bundled by bridgeScript.ts into an init script). It builds
 * `window.ringside` with the preload's own `createRendererApi`, over a transport made of the Playwright
 * binding (commands) and a dispatch hook the test process calls (events), so only the transport differs.
 */
import type { ChannelLists } from '../../../src-main/shared/contract';
import { createRendererApi, type RendererTransport } from '../../../src-main/shared/rendererBridge';
import { DISPATCH_HOOK, INVOKE_BINDING } from './pageGlobals';

/** Written in at bundling time from the contract's tables, as in the preload (bridgeScript.ts). */
declare const __RINGSIDE_CHANNELS__: ChannelLists;

const listeners = new Map<string, Set<(payload: unknown) => void>>();

const transport: RendererTransport = {
  invoke(channel, args) {
    const invokeBinding = window[INVOKE_BINDING];
    if (!invokeBinding) return Promise.reject(new Error('The e2e harness binding is missing.'));
    return invokeBinding(channel, args);
  },
  on(channel, listener) {
    const forChannel = listeners.get(channel) ?? new Set();
    listeners.set(channel, forChannel);
    // Wrapped, so the same listener subscribed twice gets two independent subscriptions, as with ipcRenderer.
    const receive = (payload: unknown): void => listener(payload);
    forChannel.add(receive);
    return () => {
      forChannel.delete(receive);
    };
  },
};

Object.defineProperty(window, DISPATCH_HOOK, {
  value: (channel: string, payload: unknown): void => {
    for (const listener of [...(listeners.get(channel) ?? [])]) listener(payload);
  },
});

// contextBridge hands the page a frozen, non-replaceable object; so does the harness.
Object.defineProperty(window, 'ringside', {
  value: Object.freeze(createRendererApi(transport, __RINGSIDE_CHANNELS__)),
  enumerable: true,
});
