/**
 * The browser host's WebSocket client against a fake socket: hello first, results matched by id, events to
 * their listeners, and a dropped connection survived: invokes on their way fail as network errors, invokes
 * made meanwhile wait for the next hello (a dial or call action is refused instead), the followed values are
 * read again, a refused key is read again where the page can, and a refused session says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FRAME_BYTES } from '../../src-main/shared/wsProtocol';
import { t } from '../../src-main/shared/i18n';
import { RECONNECT_DELAY, reconnectDelay, TEAM_SERVER_RECONNECT } from '../../src-main/shared/reconnectDelay';
import {
  HOST_LINK_PARAMS,
  lostInvokeMessage,
  WsTransport,
  type LinkStatus,
  type WsTransportOptions,
} from '../../src-renderer/lib/transport/wsTransport';
import { socketFactory } from './fakeSocket';

const URL = 'ws://127.0.0.1:4321/ws';

type ConnectOptions = Pick<WsTransportOptions, 'sessionAccepted' | 'pageKey' | 'renewPageKey' | 'reconnect'>;

function connect(options: ConnectOptions = {}) {
  const factory = socketFactory();
  const statuses: LinkStatus[] = [];
  const transport = new WsTransport({
    url: URL,
    createSocket: factory.create,
    onStatus: (status) => statuses.push(status),
    random: () => 0,
    ...options,
  }).start();
  const socket = (index = factory.sockets.length - 1) => factory.sockets[index]!;
  return { transport, sockets: factory.sockets, socket, statuses };
}

/** Runs the reconnect timer. */
const waitOut = (ms: number = RECONNECT_DELAY.maxMs) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the WebSocket transport', () => {
  it('opens one socket at the URL and gives the channel lists of the hello', async () => {
    const { transport, sockets, socket, statuses } = connect();
    expect(sockets.map((made) => made.url)).toEqual([URL]);
    expect(transport.status).toBe('connecting');
    const lists = { commands: ['app:info'], events: ['connection:state'] };
    socket().accept(lists);
    await expect(transport.channels).resolves.toEqual(lists);
    expect(statuses).toEqual(['connected']);
  });

  it('sends nothing before the hello, then matches each result to its invoke by id', async () => {
    const { transport, socket } = connect();
    const info = transport.invoke('app:info', undefined);
    const search = transport.invoke('directory:search', { query: 'Jana' });
    expect(socket().sent).toEqual([]);

    socket().accept();
    expect(socket().sent).toEqual([
      { type: 'invoke', id: 1, channel: 'app:info' },
      { type: 'invoke', id: 2, channel: 'directory:search', args: { query: 'Jana' } },
    ]);
    // Answered out of order.
    socket().answer({ persons: [] }, 1);
    socket().receive({
      type: 'result',
      id: 1,
      result: { ok: false, error: { code: 'internal', message: 'no' } },
    });
    await expect(search).resolves.toEqual({ ok: true, value: { persons: [] } });
    await expect(info).resolves.toEqual({ ok: false, error: { code: 'internal', message: 'no' } });
  });

  it('settles an invoke the server refused as a frame, and ignores frames it cannot read', async () => {
    const { transport, socket } = connect();
    socket().accept();
    const refused = transport.invoke('app:info', undefined);
    const error = { code: 'unknown-command', message: '"app:info" is not a Ringside command.' } as const;
    for (const junk of ['not json', '[]', '{"type":"result","id":1}', 42, '{"type":"hello"}']) {
      socket().receiveText(junk);
    }
    socket().receive({ type: 'error', id: null, error: { code: 'invalid-argument', message: 'bad' } });
    socket().receive({ type: 'error', id: 1, error });
    await expect(refused).resolves.toEqual({ ok: false, error });
  });

  it('refuses arguments it cannot send, without sending them', async () => {
    const { transport, socket } = connect();
    socket().accept();
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    await expect(transport.invoke('settings:save', cyclic)).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    const huge = 'x'.repeat(MAX_FRAME_BYTES);
    await expect(transport.invoke('directory:search', { query: huge })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', message: expect.stringContaining('larger than') },
    });
    expect(socket().sent).toEqual([]);
  });

  it('hands each event to the listeners of its channel until they unsubscribe', () => {
    const { transport, socket } = connect();
    const heard: unknown[] = [];
    const listener = (payload: unknown) => heard.push(payload);
    const first = transport.on('calls:changed', listener);
    transport.on('calls:changed', listener);
    transport.on('sync:progress', () => heard.push('wrong channel'));
    // Nothing is read before the hello.
    socket().receive({ type: 'event', channel: 'calls:changed', payload: 'early' });
    socket().accept();
    socket().receive({ type: 'event', channel: 'calls:changed', payload: [1] });
    first();
    socket().receive({ type: 'event', channel: 'calls:changed', payload: [2] });
    expect(heard).toEqual([[1], [1], [2]]);
  });

  it('keeps delivering an event to the other listeners when one throws', () => {
    const { transport, socket } = connect();
    const heard: unknown[] = [];
    transport.on('calls:changed', () => {
      throw new Error('listener failed');
    });
    transport.on('calls:changed', (payload) => heard.push(payload));
    const reported = vi.spyOn(globalThis, 'reportError').mockImplementation(() => {});
    socket().accept();
    socket().receive({ type: 'event', channel: 'calls:changed', payload: [] });
    expect(heard).toEqual([[]]);
    expect(reported).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'listener failed' }));
    reported.mockRestore();
  });
});

describe('when the connection drops', () => {
  it('reconnects, fails what was on its way, sends what waited, and follows events again', async () => {
    const { transport, sockets, socket, statuses } = connect();
    socket().accept();
    const heard: unknown[] = [];
    transport.on('history:changed', (payload) => heard.push(payload));
    const lost = transport.invoke('calls:dial', { number: '201', source: 'dialpad' });

    socket().drop();
    expect(transport.status).toBe('reconnecting');
    // Said as the page's own link to Ringside failing, not as the PBX being unreachable.
    await expect(lost).resolves.toEqual({
      ok: false,
      error: { code: 'network-error', message: lostInvokeMessage(), params: HOST_LINK_PARAMS },
    });
    const waiting = transport.invoke('app:info', undefined);

    await waitOut();
    expect(sockets).toHaveLength(2);
    expect(socket().sent).toEqual([]);
    socket().accept();
    expect(statuses).toEqual(['connected', 'reconnecting', 'connected']);
    // Only the waiting invoke is sent; the dial that may have run is never sent again.
    expect(socket().sent).toEqual([{ type: 'invoke', id: 2, channel: 'app:info' }]);
    socket().answer({ name: 'Ringside' });
    await expect(waiting).resolves.toEqual({ ok: true, value: { name: 'Ringside' } });

    socket().receive({ type: 'event', channel: 'history:changed', payload: { uniqueids: [] } });
    expect(heard).toEqual([{ uniqueids: [] }]);
    // The old socket is not listened to any more.
    socket(0).receiveText(JSON.stringify({ type: 'event', channel: 'history:changed', payload: 'old' }));
    expect(heard).toHaveLength(1);
  });

  it('reads the followed values again and gives them to their listeners', async () => {
    const { transport, socket } = connect();
    socket().accept();
    const states: unknown[] = [];
    transport.on('connection:state', (state) => states.push(state));
    socket().drop();
    await waitOut();
    socket().accept();
    // Only values someone follows are read.
    expect(socket().sent).toEqual([{ type: 'invoke', id: 1, channel: 'connection:get' }]);
    socket().answer({ status: 'connected', message: 'Connected to the demo PBX.', since: 1 });
    await vi.waitFor(() =>
      expect(states).toEqual([{ status: 'connected', message: 'Connected to the demo PBX.', since: 1 }]),
    );
  });

  it('waits longer after each failed attempt, up to a cap, with jitter', async () => {
    expect([1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000,
    ]);
    expect(reconnectDelay(1, () => 0.999)).toBe(125);
    expect(reconnectDelay(10, () => 0.5)).toBe(3750);

    const { sockets, socket } = connect();
    socket().accept();
    socket().drop();
    await waitOut(249);
    expect(sockets).toHaveLength(1);
    await waitOut(1);
    expect(sockets).toHaveLength(2);
    socket().drop(); // refused again: the next wait is longer
    await waitOut(499);
    expect(sockets).toHaveLength(2);
    await waitOut(1);
    expect(sockets).toHaveLength(3);
    socket().accept(); // a hello starts the waits afresh
    socket().drop();
    await waitOut(250);
    expect(sockets).toHaveLength(4);
  });

  it('says so when the server refuses the session, until a connection is accepted again', async () => {
    let accepted = false;
    const { transport, sockets, socket, statuses } = connect({ sessionAccepted: async () => accepted });
    socket().drop(); // the upgrade was refused
    await vi.waitFor(() => expect(transport.status).toBe('signed-out'));
    await waitOut();
    expect(sockets).toHaveLength(2);
    socket().drop();
    await waitOut();
    expect(statuses).toEqual(['signed-out']);

    accepted = true; // the agent opened the printed link in another tab
    socket().accept();
    expect(transport.status).toBe('connected');
  });

  it('sends the page key first on every connection, and a refused key signs the tab out', async () => {
    let key: string | null = 'key-of-this-page';
    const { transport, sockets, socket, statuses } = connect({ pageKey: () => key });
    socket().accept();
    expect(socket().keys).toEqual(['key-of-this-page']);
    socket().drop();
    await waitOut();
    key = null; // the storage was cleared
    socket().refuseKey();
    expect(sockets[1]!.keys).toEqual(['']);
    expect(transport.status).toBe('signed-out');
    expect(statuses.at(-1)).toBe('signed-out');
  });

  it('stays reconnecting while the session cannot be checked (the server is down)', async () => {
    const { transport, socket } = connect({ sessionAccepted: () => Promise.reject(new Error('down')) });
    socket().accept();
    socket().drop();
    await waitOut();
    socket().drop();
    await Promise.resolve();
    expect(transport.status).toBe('reconnecting');
  });

  it('refuses a dial or a call action while disconnected, and never sends it after the reconnect', async () => {
    const { transport, socket } = connect();
    socket().accept();
    socket().drop();
    const offline = {
      code: 'network-error',
      message: t('errors.hostOfflineNotDone'),
      params: HOST_LINK_PARAMS,
    };
    await expect(transport.invoke('calls:dial', { number: '201', source: 'dialpad' })).resolves.toEqual({
      ok: false,
      error: offline,
    });
    await expect(transport.invoke('calls:control', { uniqueid: '1.1', action: 'answer' })).resolves.toEqual({
      ok: false,
      error: offline,
    });
    const read = transport.invoke('app:info', undefined);
    await waitOut();
    socket().accept();
    // Only the read waited for the connection.
    expect(socket().sent.map((frame) => frame.channel)).toEqual(['app:info']);
    socket().answer({ name: 'Ringside' });
    await expect(read).resolves.toEqual({ ok: true, value: { name: 'Ringside' } });
  });

  it('reads its key again when a restarted server refuses it, and reconnects at once with the new one', async () => {
    let key = 'key-before-the-restart';
    const renewals: string[] = [];
    const { transport, sockets, socket, statuses } = connect({
      pageKey: () => key,
      renewPageKey: async () => {
        renewals.push(key);
        if (key === 'key-after-the-restart') return false;
        key = 'key-after-the-restart';
        return true;
      },
    });
    socket().accept();
    socket().drop();
    await waitOut();
    socket().refuseKey();
    // No wait: the new key is tried as soon as it is kept.
    await vi.waitFor(() => expect(sockets).toHaveLength(3));
    socket().accept();
    expect(sockets.map((made) => made.keys)).toEqual([
      ['key-before-the-restart'],
      ['key-before-the-restart'],
      ['key-after-the-restart'],
    ]);
    expect(statuses).toEqual(['connected', 'reconnecting', 'connected']);

    // Refused again while the server has no other key for the page (revoked): signed out.
    socket().refuseKey();
    await vi.waitFor(() => expect(transport.status).toBe('signed-out'));
    expect(renewals).toEqual(['key-before-the-restart', 'key-after-the-restart']);
  });

  it("keeps reconnecting when its key cannot be read again (the server went away), within the policy's cap", async () => {
    const { transport, sockets, socket } = connect({
      renewPageKey: () => Promise.reject(new Error('down')),
      reconnect: TEAM_SERVER_RECONNECT,
    });
    socket().accept();
    socket().refuseKey();
    await vi.waitFor(() => expect(transport.status).toBe('reconnecting'));
    for (let attempt = 2; attempt <= 6; attempt++) {
      await waitOut(TEAM_SERVER_RECONNECT.maxMs);
      expect(sockets).toHaveLength(attempt);
      socket().drop();
    }
    expect(transport.status).toBe('reconnecting');
  });

  it('stops for good when disposed, answering what waits', async () => {
    const { transport, sockets, socket } = connect();
    socket().accept();
    socket().drop();
    const waiting = transport.invoke('app:info', undefined);
    transport.dispose();
    await expect(waiting).resolves.toMatchObject({
      ok: false,
      error: { code: 'network-error', params: HOST_LINK_PARAMS },
    });
    await waitOut();
    expect(sockets).toHaveLength(1);
  });
});
