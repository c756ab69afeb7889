import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppCore } from '../../../src-main/app/appCore';
import { describeInvalidArguments } from '../../../src-main/app/commandDispatcher';
import { channelLists, type AppInfo } from '../../../src-main/shared/contract';
import { bindIpc, createEventSender, type CoreLike, type InvokeEventLike } from '../../../src-main/shell/ipc';
import { CONFIRM_WINDOW_COMMANDS } from '../../../src-main/shell/confirmCommands';
import { APP_ENTRY, createAppUrlMatcher } from '../../../src-main/shell/rendererEntry';
import { spyLogger } from '../../support/spyLogger';

const APP_URL = 'app://ringside/index.html';
const isAppUrl = createAppUrlMatcher(APP_ENTRY);

const build: Omit<AppInfo, 'mode'> = {
  name: 'Ringside',
  version: '1.2.3',
  platform: 'linux',
  versions: { electron: '45.0.0', chrome: '140.0.0', node: '24.0.0' },
};

/** The real AppCore, with a way to change the connection state from the test. */
class TestCore extends AppCore {
  changeConnection(status: 'connecting' | 'offline', message: string) {
    this.setConnection(status, message);
  }
}

function fakeIpcMain() {
  const handlers = new Map<string, (event: InvokeEventLike, args: unknown) => Promise<unknown>>();
  return {
    handlers,
    handle(channel: string, listener: (event: InvokeEventLike, args: unknown) => Promise<unknown>) {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
  };
}

function fakeWindow(url = APP_URL) {
  let destroyed = false;
  return {
    webContents: { mainFrame: { url }, send: vi.fn() },
    isDestroyed: () => destroyed,
    destroy() {
      destroyed = true;
    },
  };
}

function setup(
  core: CoreLike = new TestCore({ clock: { now: () => 1000 }, logger: spyLogger(), build, mode: 'demo' }),
) {
  const ipcMain = fakeIpcMain();
  const logger = spyLogger();
  let window: ReturnType<typeof fakeWindow> | undefined = fakeWindow();
  const unbind = bindIpc({ ipcMain, getMainWindow: () => window, core, logger, isAppUrl });
  const fromMainFrame = (): InvokeEventLike => ({
    sender: window!.webContents,
    senderFrame: window!.webContents.mainFrame,
  });
  const call = (channel: string, event: InvokeEventLike, args?: unknown) => {
    const handler = ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, args);
  };
  return {
    ipcMain,
    logger,
    unbind,
    call,
    fromMainFrame,
    get window() {
      return window!;
    },
    replaceWindow(next: ReturnType<typeof fakeWindow> | undefined) {
      window = next;
    },
  };
}

/** A core whose commands are the given fakes; the tests using it call no other command. */
function fakeCore(commands: Partial<CoreLike['commands']>): CoreLike {
  return { subscribe: () => () => {}, commands } as unknown as CoreLike;
}

describe('IPC binding: commands', () => {
  it('registers a handler for every contract command', () => {
    const { ipcMain } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...channelLists().commands].sort());
  });

  it("answers the app's main frame with the AppCore result", async () => {
    const ipc = setup();
    await expect(ipc.call('app:info', ipc.fromMainFrame())).resolves.toEqual({
      ok: true,
      value: { ...build, mode: 'demo' },
    });
    await expect(ipc.call('connection:get', ipc.fromMainFrame())).resolves.toMatchObject({
      ok: true,
      value: { status: 'unconfigured', since: 1000 },
    });
  });

  it('removes its handlers when unbound', () => {
    const ipc = setup();
    ipc.unbind();
    expect(ipc.ipcMain.handlers.size).toBe(0);
  });
});

describe('IPC binding: sender check', () => {
  const forbidden = {
    ok: false,
    error: { code: 'forbidden-sender', message: expect.stringContaining('app:info') },
  };

  it('refuses an iframe of the app window, even one showing the app page', async () => {
    const ipc = setup();
    const iframe = { url: APP_URL };
    await expect(
      ipc.call('app:info', { sender: ipc.window.webContents, senderFrame: iframe }),
    ).resolves.toEqual(forbidden);
  });

  it('refuses the main frame of another web contents', async () => {
    const ipc = setup();
    const other = fakeWindow();
    const event = { sender: other.webContents, senderFrame: other.webContents.mainFrame };
    await expect(ipc.call('app:info', event)).resolves.toEqual(forbidden);
  });

  it('refuses a claim to be the main frame from another web contents', async () => {
    const ipc = setup();
    const event = { sender: fakeWindow().webContents, senderFrame: ipc.window.webContents.mainFrame };
    await expect(ipc.call('app:info', event)).resolves.toEqual(forbidden);
  });

  it('refuses the main frame once it shows a foreign page', async () => {
    const ipc = setup();
    ipc.window.webContents.mainFrame.url = 'https://evil.example/';
    await expect(ipc.call('app:info', ipc.fromMainFrame())).resolves.toEqual(forbidden);
    expect(ipc.logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^app:info refused: .*\(https:\/\/evil\.example\/\)$/),
    );
  });

  it('refuses the main frame on a file:// page or another app: host: only app://ringside is the app', async () => {
    const ipc = setup();
    for (const url of [
      'file:///opt/Ringside/resources/app.asar/out/renderer/index.html',
      'app://evil/index.html',
      'app://ringside.evil.example/index.html',
    ]) {
      ipc.window.webContents.mainFrame.url = url;
      await expect(ipc.call('app:info', ipc.fromMainFrame()), url).resolves.toEqual(forbidden);
    }
    ipc.window.webContents.mainFrame.url = 'app://ringside/index.html#/settings';
    await expect(ipc.call('app:info', ipc.fromMainFrame())).resolves.toMatchObject({ ok: true });
  });

  it('refuses a frame that is gone or detached, and calls while there is no window', async () => {
    const ipc = setup();
    const sender = ipc.window.webContents;
    await expect(ipc.call('app:info', { sender, senderFrame: null })).resolves.toEqual(forbidden);
    const detached = Object.assign(ipc.window.webContents.mainFrame, { detached: true });
    await expect(ipc.call('app:info', { sender, senderFrame: detached })).resolves.toEqual(forbidden);

    const destroyed = fakeWindow();
    ipc.replaceWindow(destroyed);
    const event = ipc.fromMainFrame();
    destroyed.destroy();
    await expect(ipc.call('app:info', event)).resolves.toEqual(forbidden);
    ipc.replaceWindow(undefined);
    await expect(ipc.call('app:info', event)).resolves.toEqual(forbidden);
  });

  it('checks the sender before the arguments and never reaches AppCore', async () => {
    const core = fakeCore({ 'app:info': vi.fn() });
    const ipc = setup(core);
    await expect(ipc.call('app:info', { sender: null, senderFrame: null }, { junk: 1 })).resolves.toEqual(
      forbidden,
    );
    expect(core.commands['app:info']).not.toHaveBeenCalled();
  });
});

describe('IPC binding: the dial confirmation window', () => {
  function withConfirmation(core: CoreLike) {
    const ipcMain = fakeIpcMain();
    const logger = spyLogger();
    const main = fakeWindow();
    const confirmation = fakeWindow(`${APP_URL}#confirm/%7B%7D`);
    bindIpc({
      ipcMain,
      getMainWindow: () => main,
      getOtherWindows: () => [{ window: confirmation, allowed: CONFIRM_WINDOW_COMMANDS }],
      core,
      logger,
      isAppUrl,
    });
    const call = (window: ReturnType<typeof fakeWindow>, channel: string, args?: unknown) =>
      ipcMain.handlers.get(channel)!(
        { sender: window.webContents, senderFrame: window.webContents.mainFrame },
        args,
      );
    return { call, main, confirmation, logger };
  }

  const dialResult = { dialled: '201', number: { display: '201' }, message: 'Calling 201' };
  const confirmedDial = { number: '201', source: 'link', requestId: 'r1' };

  it('may dial the request it shows and read a number', async () => {
    const core = fakeCore({
      'calls:dial': vi.fn(async () => dialResult),
      'dial:resolve': vi.fn(async () => ({ ok: false as const, reason: '' })),
    });
    const { call, confirmation } = withConfirmation(core);
    await expect(call(confirmation, 'calls:dial', confirmedDial)).resolves.toEqual({
      ok: true,
      value: dialResult,
    });
    expect(core.commands['calls:dial']).toHaveBeenCalledExactlyOnceWith(confirmedDial);
    await expect(call(confirmation, 'dial:resolve', { raw: '201' })).resolves.toMatchObject({ ok: true });
  });

  it('is refused every other command, as a forbidden sender, while the main window may call it', async () => {
    const core = fakeCore({ 'settings:save': vi.fn(async () => ({ saved: true }) as never) });
    const { call, main, confirmation, logger } = withConfirmation(core);
    const save = { settings: {} };
    for (const channel of ['settings:save', 'calls:control', 'dial:recent', 'app:info']) {
      await expect(call(confirmation, channel, save)).resolves.toEqual({
        ok: false,
        error: { code: 'forbidden-sender', message: `${channel} may not be called from this window.` },
      });
    }
    expect(core.commands['settings:save']).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^settings:save refused: not on the allow-list of the window that sent it \(/),
    );
    // The same command from the main window reaches AppCore (its arguments are then checked as usual).
    await expect(call(main, 'settings:save', save)).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
  });

  it('may not dial a number of its own choosing: the dial must name a request', async () => {
    const core = fakeCore({ 'calls:dial': vi.fn(async () => dialResult) });
    const { call, main, confirmation } = withConfirmation(core);
    await expect(call(confirmation, 'calls:dial', { number: '201', source: 'link' })).resolves.toEqual({
      ok: false,
      error: {
        code: 'forbidden-sender',
        message: 'The dial confirmation may only dial the request it shows.',
      },
    });
    expect(core.commands['calls:dial']).not.toHaveBeenCalled();
    await expect(call(main, 'calls:dial', { number: '201', source: 'dialpad' })).resolves.toMatchObject({
      ok: true,
    });
  });
});

describe('IPC binding: arguments', () => {
  it('rejects invalid arguments with a message naming the command, before AppCore runs', async () => {
    const core = fakeCore({ 'app:info': vi.fn() });
    const ipc = setup(core);
    const result = await ipc.call('app:info', ipc.fromMainFrame(), { verbose: true });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid-argument',
        message: expect.stringMatching(/^Invalid arguments for app:info: .+/),
      },
    });
    expect(core.commands['app:info']).not.toHaveBeenCalled();
  });

  it('names each invalid field in the message', () => {
    const schema = z.object({ phone: z.string(), options: z.object({ attempts: z.number() }) });
    const parsed = schema.safeParse({ phone: 42, options: { attempts: 'many' } });
    expect(parsed.success).toBe(false);
    const message = describeInvalidArguments('app:info', parsed.error!.issues);
    expect(message).toMatch(
      /^Invalid arguments for app:info: phone: .*expected string.*; options\.attempts: /,
    );
  });
});

describe('IPC binding: errors', () => {
  function failingCore(error: unknown): CoreLike {
    return fakeCore({ 'app:info': () => Promise.reject(error) });
  }

  it('turns an unexpected error into a generic internal error, logging the details', async () => {
    const error = new Error('SQLITE_CORRUPT at /home/agent/.config/Ringside/cache.db');
    const ipc = setup(failingCore(error));
    const result = await ipc.call('app:info', ipc.fromMainFrame());
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: expect.any(String) } });
    expect(JSON.stringify(result)).not.toMatch(/SQLITE|cache\.db|at .*\.ts|stack/);
    expect(ipc.logger.error).toHaveBeenCalledWith(expect.stringContaining('app:info'), error);
  });

  it('keeps the code and message of an error that carries a contract code, without its stack', async () => {
    const error = Object.assign(new Error('The PBX rejected the client secret.'), { code: 'auth-failed' });
    const ipc = setup(failingCore(error));
    const result = await ipc.call('app:info', ipc.fromMainFrame());
    expect(result).toEqual({
      ok: false,
      error: { code: 'auth-failed', message: 'The PBX rejected the client secret.' },
    });
  });

  it('treats an unknown code (e.g. a Node errno) as internal', async () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:443'), { code: 'ECONNREFUSED' });
    const ipc = setup(failingCore(error));
    const result = await ipc.call('app:info', ipc.fromMainFrame());
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('10.0.0.5');
  });

  it('redacts secrets from a coded error message', async () => {
    const error = { code: 'server-error', message: 'PBX said: invalid token access_token=abc123' };
    const ipc = setup(failingCore(error));
    const result = await ipc.call('app:info', ipc.fromMainFrame());
    expect(JSON.stringify(result)).not.toContain('abc123');
  });
});

describe('IPC binding: events', () => {
  it("forwards AppCore's events to the app window, payload only", async () => {
    const core = new TestCore({ clock: { now: () => 5 }, logger: spyLogger(), build, mode: 'demo' });
    const ipc = setup(core);
    core.changeConnection('offline', 'The PBX does not answer.');
    expect(ipc.window.webContents.send).toHaveBeenCalledExactlyOnceWith('connection:state', {
      status: 'offline',
      message: 'The PBX does not answer.',
      since: 5,
    });
  });

  it('does not send to a window showing a foreign page, a destroyed window, or after unbinding', () => {
    const core = new TestCore({ clock: { now: () => 5 }, logger: spyLogger(), build, mode: 'demo' });
    const ipc = setup(core);
    const window = ipc.window;
    window.webContents.mainFrame.url = 'https://evil.example/';
    core.changeConnection('connecting', 'Connecting…');
    window.webContents.mainFrame.url = APP_URL;
    window.destroy();
    core.changeConnection('connecting', 'Connecting…');
    const next = fakeWindow();
    ipc.replaceWindow(next);
    ipc.unbind();
    core.changeConnection('offline', 'Offline');
    expect(window.webContents.send).not.toHaveBeenCalled();
    expect(next.webContents.send).not.toHaveBeenCalled();
  });

  it('sends shell events (Help → About) through the same guard', () => {
    const window = fakeWindow();
    const send = createEventSender({ getMainWindow: () => window, isAppUrl, logger: spyLogger() });
    send('about:requested', null);
    expect(window.webContents.send).toHaveBeenCalledExactlyOnceWith('about:requested', null);
  });
});
