/**
 * Both hosts must give the page exactly the same `window.ringside`: the preload's (the desktop app) and the
 * browser host's WebSocket client (which the end-to-end suite and the page benchmarks drive), or what those
 * exercise would prove nothing about the desktop app. This drives each bridge the same way and compares what
 * each accepts, refuses and delivers.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { channelLists } from '../../src-main/shared/contract';
import { createRendererApi } from '../../src-main/shared/rendererBridge';
import { installRendererApi } from '../../src-renderer/lib/transport/installRendererApi';
import { WsTransport } from '../../src-renderer/lib/transport/wsTransport';
import { socketFactory } from '../components/fakeSocket';

const { commands: COMMAND_CHANNELS, events: EVENT_CHANNELS } = channelLists();

/** What a bridge did with the calls made through it, in transport terms. */
interface Recorder {
  invoked: { channel: string; args: unknown }[];
  emit(channel: string, payload: unknown): void;
}

interface LooseApi {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (payload: unknown) => void): () => void;
}

// vi.mock is hoisted above the imports; the fake ipcRenderer it returns must exist by then.
const electronFake = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const handlers = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const invoked: { channel: string; args: unknown }[] = [];
  const ipcRenderer = {
    invoke: async (channel: string, ...args: unknown[]) => {
      invoked.push({ channel, args: args[0] });
      return { ok: true, value: channel };
    },
    on(channel: string, handler: (event: unknown, ...args: unknown[]) => void) {
      const set = handlers.get(channel) ?? new Set();
      set.add(handler);
      handlers.set(channel, set);
      return ipcRenderer;
    },
    removeListener(channel: string, handler: (event: unknown, ...args: unknown[]) => void) {
      handlers.get(channel)?.delete(handler);
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api),
  };
  const recorder = {
    invoked,
    emit(channel: string, payload: unknown) {
      // Electron passes the IpcRendererEvent first; the bridge must not hand it to the page.
      for (const handler of handlers.get(channel) ?? []) handler({ sender: 'ipc-event' }, payload);
    },
  };
  return { exposed, ipcRenderer, contextBridge, recorder };
});

vi.mock('electron', () => ({
  contextBridge: electronFake.contextBridge,
  ipcRenderer: electronFake.ipcRenderer,
}));

async function loadPreloadBridge(): Promise<{ api: LooseApi; keys: string[]; recorder: Recorder }> {
  await import('../../src-main/preload');
  const api = electronFake.exposed.get('ringside') as LooseApi;
  return { api, keys: [...electronFake.exposed.keys()], recorder: electronFake.recorder };
}

/** The browser host's client, over a fake socket whose server answers every invoke with its channel. */
async function loadBrowserHostBridge(): Promise<{ api: LooseApi; keys: string[]; recorder: Recorder }> {
  const { sockets, create } = socketFactory();
  const transport = new WsTransport({ url: 'ws://127.0.0.1:4321/ws', createSocket: create }).start();
  const server = sockets[0]!;
  const invoked: Recorder['invoked'] = [];
  const receive = server.send.bind(server);
  server.send = (text: string) => {
    receive(text);
    const { id, channel, args } = JSON.parse(text) as { id: number; channel: string; args?: unknown };
    invoked.push({ channel, args });
    server.receive({ type: 'result', id, result: { ok: true, value: channel } });
  };
  server.accept();
  const page = {};
  installRendererApi(createRendererApi(transport, await transport.channels), page);
  return {
    api: (page as { ringside: LooseApi }).ringside,
    keys: Object.keys(page),
    recorder: {
      invoked,
      emit: (channel, payload) => server.receive({ type: 'event', channel, payload }),
    },
  };
}

/** The channel names a bridge lets through, probed with real channels and plausible impostors. */
const candidates = [
  ...COMMAND_CHANNELS,
  ...EVENT_CHANNELS,
  'app:quit',
  'shell:openExternal',
  'APP:INFO',
  'app:info ',
  '',
  '__proto__',
  'constructor',
  'toString',
];

async function acceptedCommands(api: LooseApi): Promise<string[]> {
  const accepted: string[] = [];
  for (const channel of candidates) {
    const outcome = await api.invoke(channel).then(
      () => 'accepted',
      () => 'refused',
    );
    if (outcome === 'accepted') accepted.push(channel);
  }
  return accepted;
}

function acceptedEvents(api: LooseApi): string[] {
  return candidates.filter((channel) => {
    try {
      api.on(channel, () => {})();
      return true;
    } catch {
      return false;
    }
  });
}

describe.each([
  ['preload', loadPreloadBridge],
  ['browser host', loadBrowserHostBridge],
])('window.ringside from the %s', (_name, load) => {
  let bridge: Awaited<ReturnType<typeof load>>;
  beforeAll(async () => {
    bridge = await load();
  });

  it('exposes only `ringside`, with exactly invoke and on', () => {
    expect(bridge.keys).toEqual(['ringside']);
    expect(Object.keys(bridge.api).sort()).toEqual(['invoke', 'on']);
  });

  it('lets through exactly the contract commands, with their argument', async () => {
    expect(await acceptedCommands(bridge.api)).toEqual([...COMMAND_CHANNELS]);
    bridge.recorder.invoked.length = 0;
    await expect(bridge.api.invoke('app:info', { probe: 1 })).resolves.toEqual({
      ok: true,
      value: 'app:info',
    });
    expect(bridge.recorder.invoked).toEqual([{ channel: 'app:info', args: { probe: 1 } }]);
  });

  it('subscribes to exactly the contract events', () => {
    expect(acceptedEvents(bridge.api)).toEqual([...EVENT_CHANNELS]);
  });

  it('delivers event payloads alone until unsubscribed', () => {
    const received: unknown[] = [];
    const unsubscribe = bridge.api.on('connection:state', (...args: unknown[]) => received.push(args));
    bridge.recorder.emit('connection:state', { status: 'connected' });
    unsubscribe();
    bridge.recorder.emit('connection:state', { status: 'offline' });
    expect(received).toEqual([[{ status: 'connected' }]]);
  });
});
