/**
 * The real preload, loaded with a fake Electron: what the page gets as `window.ringside`, and what it sends
 * over ipcRenderer. (test/unit/rendererBridges.test.ts compares it with the browser host's bridge.)
 */
import type { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConnectionState, RendererApi } from '../../../src-main/shared/contract';

const fake = vi.hoisted(() => ({ exposed: new Map<string, unknown>(), invoke: vi.fn() }));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const ipcRenderer = Object.assign(new Emitter(), { invoke: fake.invoke });
  return {
    ipcRenderer,
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => fake.exposed.set(key, api) },
  };
});

/** The page's view: the exposed api, called with anything (the page is untrusted). */
type UntypedApi = {
  invoke(channel: unknown, ...args: unknown[]): Promise<unknown>;
  on(channel: unknown, listener: unknown): () => void;
};

let api: RendererApi;
let untyped: UntypedApi;
let ipcRenderer: EventEmitter;

beforeAll(async () => {
  await import('../../../src-main/preload');
  ipcRenderer = (await import('electron')).ipcRenderer as unknown as EventEmitter;
  api = fake.exposed.get('ringside') as RendererApi;
  untyped = api as unknown as UntypedApi;
});

const state: ConnectionState = { status: 'connected', message: 'Connected to pbx.example', since: 1 };

describe('preload window.ringside', () => {
  it('exposes only ringside', () => {
    expect([...fake.exposed.keys()]).toEqual(['ringside']);
  });

  it('invokes a contract command over ipcRenderer with its argument and returns the result', async () => {
    fake.invoke.mockResolvedValueOnce({ ok: true, value: 'info' });
    await expect(api.invoke('app:info')).resolves.toEqual({ ok: true, value: 'info' });
    expect(fake.invoke).toHaveBeenLastCalledWith('app:info', undefined);
  });

  it.each(['shell:openExternal', 'connection:state', '__proto__', 42, undefined])(
    'refuses to invoke %j, without touching ipcRenderer',
    async (channel) => {
      fake.invoke.mockClear();
      await expect(untyped.invoke(channel)).rejects.toThrow(/is not a Ringside command/);
      expect(fake.invoke).not.toHaveBeenCalled();
    },
  );

  it.each(['app:info', 'ELECTRON_BROWSER_WINDOW_ALERT', '__ELECTRON_LOG_IPC__', null])(
    'refuses to subscribe to %j',
    (channel) => {
      expect(() => untyped.on(channel, () => {})).toThrow(/is not a Ringside event/);
      expect(ipcRenderer.eventNames()).toEqual([]);
    },
  );

  it('refuses a listener that is not a function', () => {
    expect(() => untyped.on('connection:state', 'alert(1)')).toThrow(/listener must be a function/);
  });

  it('passes the payload alone, never the IpcRendererEvent', () => {
    const listener = vi.fn();
    const unsubscribe = api.on('connection:state', listener);
    ipcRenderer.emit('connection:state', { sender: 'ipc-renderer-event' }, state);
    unsubscribe();
    expect(listener).toHaveBeenCalledExactlyOnceWith(state);
  });

  it('unsubscribes for good, removing its ipcRenderer listener, and tolerates a second call', () => {
    const kept = vi.fn();
    const dropped = vi.fn();
    const keep = api.on('connection:state', kept);
    const drop = api.on('connection:state', dropped);
    drop();
    drop();
    ipcRenderer.emit('connection:state', {}, state);
    expect(dropped).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledOnce();
    expect(ipcRenderer.listenerCount('connection:state')).toBe(1);
    keep();
    expect(ipcRenderer.listenerCount('connection:state')).toBe(0);
  });
});
