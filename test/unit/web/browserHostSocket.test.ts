/**
 * The WebSocket protocol (shared/wsProtocol.ts) against a real server: the hello frame, a real AppCore's
 * commands round trip through the shared dispatcher, events reach every tab, and frames that cannot be used
 * get an error frame while the connection and the server stay up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCore } from '../../../src-main/app/appCore';
import { systemClock } from '../../../src-main/shared/clock';
import { channelLists } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { MAX_FRAME_BYTES, type ServerFrame } from '../../../src-main/shared/wsProtocol';
import {
  fakeCore,
  openTab,
  signIn,
  startTestHost,
  type ClientSession,
  type TestHost,
  type TestTab,
} from './browserHostFixture';
import { ServerFrameSchema } from './serverFrameSchema';

const isResult = (id: number) => (frame: ServerFrame) => frame.type === 'result' && frame.id === id;
const isError = (frame: ServerFrame) => frame.type === 'error';

describe('a real AppCore over the WebSocket', () => {
  let core: AppCore;
  let test: TestHost;
  let session: ClientSession;
  beforeAll(async () => {
    core = new AppCore({
      clock: systemClock,
      logger: silentLogger,
      build: {
        name: 'Ringside',
        version: '9.9.9',
        platform: 'linux',
        versions: { node: process.versions.node },
      },
    });
    test = await startTestHost({ core });
    session = await signIn(test);
  });
  afterAll(async () => {
    await test.close();
    await core.dispose();
  });

  it('greets each tab once with the channel lists, first', async () => {
    const tab = await openTab(test, session);
    const hello = await tab.next(() => true);
    expect(hello).toEqual({ type: 'hello', channels: channelLists(), host: 'browser' });
    expect(ServerFrameSchema.safeParse(hello).success).toBe(true);
    tab.close();
  });

  it('answers app:info with the IpcResult the desktop gets', async () => {
    const tab = await openTab(test, session);
    tab.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'app:info' }));
    const reply = await tab.next(isResult(1));
    expect(reply).toEqual({
      type: 'result',
      id: 1,
      result: {
        ok: true,
        value: {
          name: 'Ringside',
          version: '9.9.9',
          platform: 'linux',
          versions: { node: process.versions.node },
          mode: 'unconfigured',
        },
      },
    });
    expect(ServerFrameSchema.safeParse(reply).success).toBe(true);
    tab.close();
  });

  it('validates arguments through the shared dispatcher', async () => {
    const tab = await openTab(test, session);
    tab.send(JSON.stringify({ type: 'invoke', id: 7, channel: 'app:info', args: { unexpected: true } }));
    const reply = await tab.next(isResult(7));
    expect(reply).toMatchObject({ result: { ok: false, error: { code: 'invalid-argument' } } });
    tab.close();
  });

  it('sends an event caused by one tab to both tabs', async () => {
    const first = await openTab(test, session);
    const second = await openTab(test, session);
    first.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'settings:get' }));
    const view = await first.next(isResult(1));
    if (view.type !== 'result' || !view.result.ok) throw new Error('settings:get failed');
    const { settings } = view.result.value as { settings: Record<string, unknown> };
    first.send(
      JSON.stringify({
        type: 'invoke',
        id: 2,
        channel: 'settings:save',
        args: { settings: { ...settings, defaultCountry: 'CZ' } },
      }),
    );
    expect(await first.next(isResult(2))).toMatchObject({ result: { ok: true, value: { saved: true } } });
    for (const tab of [first, second]) {
      const event = await tab.next((frame) => frame.type === 'event' && frame.channel === 'settings:changed');
      expect(event).toMatchObject({ payload: { settings: { defaultCountry: 'CZ' } } });
    }
    first.close();
    second.close();
  });
});

describe('frames the server cannot use', () => {
  const core = fakeCore();
  let test: TestHost;
  let tab: TestTab;
  beforeAll(async () => {
    test = await startTestHost({ core });
    tab = await openTab(test, await signIn(test));
  });
  afterAll(() => test.close());

  /** After each refusal, the same connection still runs commands. */
  async function stillAnswers(id: number) {
    tab.send(JSON.stringify({ type: 'invoke', id, channel: 'app:info' }));
    expect(await tab.next(isResult(id))).toMatchObject({ result: { ok: true } });
  }

  it.each([
    ['malformed JSON', '{"type":"invoke","id":1,', null],
    ['JSON that is not an object', '42', null],
    ['a frame of another type', '{"type":"subscribe","id":3,"channel":"app:info"}', 3],
    ['an invoke without an id', '{"type":"invoke","channel":"app:info"}', null],
    ['an invoke with a negative id', '{"type":"invoke","id":-1,"channel":"app:info"}', null],
    ['an invoke whose channel is not a string', '{"type":"invoke","id":4,"channel":7}', 4],
  ])('%s gets an invalid-argument error', async (_name, text, id) => {
    tab.send(text);
    const error = await tab.next(isError);
    expect(error).toMatchObject({ type: 'error', id, error: { code: 'invalid-argument' } });
    expect(ServerFrameSchema.safeParse(error).success).toBe(true);
    await stillAnswers(100);
  });

  it('an unknown channel gets an unknown-command error with its id', async () => {
    tab.send(JSON.stringify({ type: 'invoke', id: 5, channel: 'shell:exec', args: 'rm -rf /' }));
    expect(await tab.next(isError)).toMatchObject({ id: 5, error: { code: 'unknown-command' } });
    tab.send(JSON.stringify({ type: 'invoke', id: 6, channel: '__proto__' }));
    expect(await tab.next(isError)).toMatchObject({ id: 6, error: { code: 'unknown-command' } });
    await stillAnswers(101);
  });

  it('a binary frame gets an error', async () => {
    tab.send(new Uint8Array([1, 2, 3]));
    expect(await tab.next(isError)).toMatchObject({ id: null, error: { code: 'invalid-argument' } });
    await stillAnswers(102);
  });

  it('a frame over 1 MB gets an error, and the connection stays open', async () => {
    const padding = 'x'.repeat(MAX_FRAME_BYTES);
    tab.send(JSON.stringify({ type: 'invoke', id: 8, channel: 'app:info', args: padding }));
    expect(await tab.next(isError)).toMatchObject({
      id: null,
      error: { code: 'invalid-argument', message: expect.stringContaining('bytes') },
    });
    await stillAnswers(103);
  });

  it('a frame beyond what is read at all closes that connection only; the server stays up', async () => {
    const victim = await openTab(test, await signIn(test));
    const closed = new Promise<number>((resolve) =>
      victim.socket.addEventListener('close', (event) => resolve(event.code)),
    );
    victim.send('x'.repeat(4 * MAX_FRAME_BYTES + 1));
    expect(await closed).toBe(1009);
    await stillAnswers(104);
  });
});

describe('events', () => {
  it('reach every open tab, and a closed tab no longer counts', async () => {
    const core = fakeCore();
    const test = await startTestHost({ core });
    try {
      const session = await signIn(test);
      const tabs = [await openTab(test, session), await openTab(test, session), await openTab(test, session)];
      await expect.poll(() => test.host.tabCount).toBe(3);
      const state = { status: 'offline', message: 'The PBX does not answer.', since: 1 } as const;
      core.emit('connection:state', state);
      for (const tab of tabs) {
        expect(await tab.next((frame) => frame.type === 'event')).toEqual({
          type: 'event',
          channel: 'connection:state',
          payload: state,
        });
      }
      tabs[0]!.close();
      await expect.poll(() => test.host.tabCount).toBe(2);
      core.emit('about:requested', null);
      for (const tab of tabs.slice(1)) {
        expect(
          await tab.next((frame) => frame.type === 'event' && frame.channel === 'about:requested'),
        ).toMatchObject({ payload: null });
      }
    } finally {
      await test.close();
    }
  });
});
