import { describe, expect, it, vi } from 'vitest';
import type { DialRequest } from '../../../src-main/shared/contract';
import { confirmRouteHash } from '../../../src-main/shell/confirmRoute';
import { CONFIRM_WINDOW_COMMANDS } from '../../../src-main/shell/confirmCommands';
import { CONFIRM_WINDOW_SIZE, confirmWindowOptions } from '../../../src-main/shell/confirmWindow';
import { bindIpc, type InvokeEventLike } from '../../../src-main/shell/ipc';
import { mainWindowOptions } from '../../../src-main/shell/window';
import { spyLogger } from '../../support/spyLogger';

vi.mock('electron', () => import('./fakeElectron'));

const request: DialRequest = {
  requestId: 'r1',
  source: 'link',
  number: { display: '+420 777 123 456', e164: '+420777123456' },
  dial: '+420777123456',
  match: { kind: 'person', id: 7, name: 'Jana Nováková #1 & "Co"', label: 'mobile', companies: [] },
  matches: [],
};

describe('the dial confirmation window', () => {
  it('is small, always on top, and as locked down as the main window', () => {
    const options = confirmWindowOptions({ preloadPath: '/app/out/preload/index.cjs', devTools: false });
    expect(options).toMatchObject({
      ...CONFIRM_WINDOW_SIZE,
      alwaysOnTop: true,
      resizable: false,
      show: false,
    });
    const main = mainWindowOptions({ preloadPath: '/app/out/preload/index.cjs', devTools: false });
    expect(options.webPreferences).toEqual(main.webPreferences);
    expect(options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
  });

  it('carries the request in its route, intact whatever characters the name holds', () => {
    const hash = confirmRouteHash(request);
    expect(hash.startsWith('confirm/')).toBe(true);
    expect(hash).not.toMatch(/[#&" ]/);
    expect(JSON.parse(decodeURIComponent(hash.slice('confirm/'.length)))).toEqual(request);
  });
});

const APP_URL = 'app://ringside/index.html';

function fakeWindow(url: string) {
  return { isDestroyed: () => false, webContents: { mainFrame: { url }, send: vi.fn() } };
}

describe('commands from the dial confirmation', () => {
  it('are accepted from the open confirmation window, and refused from any other window', async () => {
    const handlers = new Map<string, (event: InvokeEventLike, args: unknown) => Promise<unknown>>();
    const main = fakeWindow(APP_URL);
    const confirmation = fakeWindow(`${APP_URL}#confirm/%7B%7D`);
    const stranger = fakeWindow(APP_URL);
    let open = [{ window: confirmation, allowed: CONFIRM_WINDOW_COMMANDS }];
    const dial = vi.fn(async () => ({ dialled: '201', number: { display: '201' }, message: 'OK' }));
    bindIpc({
      ipcMain: { handle: (channel, listener) => handlers.set(channel, listener), removeHandler: vi.fn() },
      getMainWindow: () => main,
      getOtherWindows: () => open,
      core: { commands: { 'calls:dial': dial }, subscribe: () => () => {} } as never,
      logger: spyLogger(),
      isAppUrl: (url) => url.startsWith(APP_URL),
    });
    const from = (window: ReturnType<typeof fakeWindow>) => ({
      sender: window.webContents,
      senderFrame: window.webContents.mainFrame,
    });
    const args = { number: '201', source: 'link', requestId: 'r1' };

    expect(await handlers.get('calls:dial')!(from(confirmation), args)).toMatchObject({ ok: true });
    expect(await handlers.get('calls:dial')!(from(stranger), args)).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    });
    open = [];
    expect(await handlers.get('calls:dial')!(from(confirmation), args)).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    });
    expect(dial).toHaveBeenCalledOnce();
  });
});
