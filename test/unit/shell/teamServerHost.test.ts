/**
 * The desktop app (the real src-main/index.ts under `vi.mock('electron')`) configured for a REAL team server
 * on the demo PBX, with the agent's session in the (fake) OS keychain: a `tel:` link, the tray's redial, the
 * dial shortcut and a screen-pop notification's Answer each act on that agent's own phone through the
 * server; a refused answer is shown as a notification, not swallowed; the app never starts or connects to a
 * PBX of its own while on the server, and no frame, window event, file or keychain entry ever holds the
 * PBX's client secret. Then it switches to this computer's own (demo) PBX and back at run time, is offered
 * a `ringside:` link it uses only once accepted, and signs out (and is signed out by the server) leaving no
 * trace of the session in the keychain or any file.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import type * as Undici from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type * as KeytarModule from '../../../src-main/app/settings/secretStoreKeytar';
import type * as DemoPbxModule from '../../../src-main/demo-pbx';
import { enrollWithLink, offlineDirectoryFile, type RemoteCredential } from '../../../src-main/remote';
import { DEFAULT_DIAL_SHORTCUT } from '../../../src-main/shared/accelerator';
import type { AppInfo, DialRequest, TeamServerClientView } from '../../../src-main/shared/contract';
import { setActiveLocale, DEFAULT_LOCALE, t } from '../../../src-main/shared/i18n';
import { TestClient } from '../../conformance/helpers';
import { demoAgentsWithPhones, type DemoAgentUser } from '../server/demoAgents';
import { startTeamServerFixture, type TeamServerFixture } from '../server/teamServerFixture';
import type { FakeBrowserWindow } from './fakeElectron';
import * as electron from './teamServerHostElectron';
import { pressed, Tray } from './surfacesElectron';
import { callsOnPhone, filesUnder, memoryKeytar, windowIpc, type IpcHandler } from './teamServerHostSupport';

const { keychain, frames, demoStarts } = vi.hoisted(() => ({
  keychain: new Map<string, string>(),
  /** Every WebSocket message the app received. */
  frames: [] as string[],
  /** Each demo PBX started in this process, and whether it was closed. */
  demoStarts: [] as { closed: boolean }[],
}));

vi.mock('electron', () => import('./teamServerHostElectron'));
vi.mock('electron-store', () => ({
  default: class MemoryStore {
    private readonly values = new Map<string, unknown>();
    get = (key: string) => this.values.get(key);
    set = (key: string, value: unknown) => void this.values.set(key, value);
    delete = (key: string) => void this.values.delete(key);
  },
}));
vi.mock('../../../src-main/app/settings/secretStoreKeytar', async (original) => ({
  ...(await original<typeof KeytarModule>()),
  loadKeytar: () => memoryKeytar(keychain),
}));
vi.mock('undici', async (original) => {
  const undici = await original<typeof Undici>();
  class RecordingWebSocket extends undici.WebSocket {
    constructor(...args: ConstructorParameters<typeof undici.WebSocket>) {
      super(...args);
      this.addEventListener('message', (event) => frames.push(String(event.data)));
    }
  }
  return { ...undici, WebSocket: RecordingWebSocket };
});
vi.mock('../../../src-main/demo-pbx', async (original) => {
  const demo = await original<typeof DemoPbxModule>();
  return {
    ...demo,
    startDemoPbx: async (...args: Parameters<typeof demo.startDemoPbx>) => {
      const started = await demo.startDemoPbx(...args);
      const record = { closed: false };
      demoStarts.push(record);
      const close = started.close.bind(started);
      started.close = async () => {
        record.closed = true;
        await close();
      };
      return started;
    },
  };
});

const wait = <T>(check: () => T | Promise<T>, timeout = 10_000) =>
  vi.waitFor(check, { timeout, interval: 25 });

let fixture: TeamServerFixture;
/** The fixture's own demo PBX (the server's). */
let fixtureDemoStarts = 0;
let sim: TestClient;
let alice: DemoAgentUser;
let credential: RemoteCredential;
const handlers = new Map<string, IpcHandler>();
const sent: { channel: string; payload: unknown }[] = [];
let invoke: ReturnType<typeof windowIpc>;
let mainWindow: FakeBrowserWindow;

const value = async <T>(channel: string, args?: unknown): Promise<T> => {
  const result = await invoke(channel, args);
  if (!result.ok) throw new Error(`${channel}: ${result.error?.code} ${result.error?.message}`);
  return result.value as T;
};
const lastSent = (channel: string) => sent.findLast((event) => event.channel === channel)?.payload;
const issueLink = (agent: DemoAgentUser) =>
  fixture.server.enrollment.issue(agent.username, 'test administrator').url;
const sessionEntries = () => [...keychain.keys()].filter((key) => key.includes('team-server-session@'));

/** The confirmation's dial, as its window sends it: the pending request named. */
async function confirmLatestRequest(): Promise<void> {
  const request = lastSent('dial:requested') as DialRequest;
  const confirm = electron.BrowserWindow.instances.at(-1) as FakeBrowserWindow;
  expect(confirm).not.toBe(mainWindow);
  (confirm.webContents.mainFrame as { url: string }).url = electron.loads.at(-1)!;
  const result = await windowIpc(handlers, confirm)('calls:dial', {
    number: request.dial,
    source: request.source,
    requestId: request.requestId,
  });
  expect(result.ok).toBe(true);
}

async function hangUpAll(agent: DemoAgentUser): Promise<void> {
  for (const call of await callsOnPhone(sim, agent)) await sim.post(`/_sim/calls/${call.uniqueid}/hangup`);
  await wait(async () => expect(await callsOnPhone(sim, agent)).toEqual([]));
}

beforeAll(async () => {
  fixture = await startTeamServerFixture();
  fixtureDemoStarts = demoStarts.length;
  sim = new TestClient(fixture.demo);
  [alice] = demoAgentsWithPhones(fixture.demo, 1) as [DemoAgentUser];
  credential = await enrollWithLink(issueLink(alice));
  keychain.set(`Ringside/team-server-session@${credential.origin}`, JSON.stringify(credential));
  const userData = electron.app.getPath('userData');
  vi.stubEnv('RINGSIDE_USER_DATA', userData);
  vi.stubGlobal('__RINGSIDE_DEV__', false);
  // This computer's own settings say "demo": on the team server, the demo PBX must not start all the same.
  writeFileSync(
    join(userData, 'settings.json'),
    JSON.stringify({
      settings: { version: 2, mode: 'demo' },
      teamServerClient: { kind: 'team-server', serverUrl: credential.origin, certificatePem: null },
    }),
  );
  // The fake records channels only; the handlers are kept here, to call as a window would.
  const handle = electron.ipcMain.handle as unknown as Mock<(channel: string, handler: IpcHandler) => void>;
  handle.mockImplementation((channel, handler) => {
    electron.ipcMain.handled.add(channel);
    handlers.set(channel, handler);
  });
  await import('../../../src-main/index');
  electronLog.errorHandler.stopCatching();
  electron.makeReady();
  await wait(() => expect(electron.BrowserWindow.instances.length).toBeGreaterThan(0));
  mainWindow = electron.BrowserWindow.instances[0] as FakeBrowserWindow;
  (mainWindow.webContents.mainFrame as { url: string }).url = 'app://ringside/index.html';
  mainWindow.webContents.send.mockImplementation((channel: string, payload: unknown) => {
    sent.push({ channel, payload });
  });
  invoke = windowIpc(handlers, mainWindow);
  await wait(async () =>
    expect((await value<TeamServerClientView>('teamServer:get')).link).toBe('connected'),
  );
}, 60_000);

afterAll(async () => {
  electron.app.emit('will-quit', { preventDefault: () => {} });
  await wait(() => expect(electron.app.quit).toHaveBeenCalled());
  await fixture?.close();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  setActiveLocale(DEFAULT_LOCALE);
});

describe('the desktop app on a team server', { timeout: 30_000 }, () => {
  it('runs every command on the server, as the agent signed in, and never starts a PBX of its own', async () => {
    expect((await value<AppInfo>('app:info')).name).toBe('ringside-server');
    const view = await value<TeamServerClientView>('teamServer:get');
    expect(view).toMatchObject({
      available: true,
      kind: 'team-server',
      serverUrl: credential.origin,
      signedIn: true,
      credentialStorage: 'keychain',
      agent: { username: alice.username },
    });
    expect(demoStarts).toHaveLength(fixtureDemoStarts);
  });

  it('a tel: link is confirmed, then dialled from the agent’s own phone', async () => {
    electron.app.emit('open-url', { preventDefault: () => {} }, 'tel:+420602555606');
    await wait(() => expect(lastSent('dial:requested')).toBeDefined());
    expect(await callsOnPhone(sim, alice)).toEqual([]);
    await confirmLatestRequest();
    await wait(async () => expect(await callsOnPhone(sim, alice)).toHaveLength(1));
    await hangUpAll(alice);
  });

  it('the tray’s Redial dials the number again from the agent’s phone', async () => {
    const redial = () => {
      const template = (Tray.instances.at(-1)?.menu?.template ?? []) as {
        label?: string;
        submenu?: unknown;
      }[];
      const submenu = template.find((item) => item.label === t('tray.redial'))?.submenu;
      return submenu ? findItem(submenu, '602 555 606') : undefined;
    };
    await wait(() => expect(redial()).toBeDefined());
    redial()!.click!();
    await wait(async () => expect(await callsOnPhone(sim, alice)).toHaveLength(1));
    await hangUpAll(alice);
  });

  it('the dial shortcut reads the selection and, once confirmed, dials from the agent’s phone', async () => {
    electron.clipboardText.value = '+420 602 555 707';
    const before = sent.filter((event) => event.channel === 'dial:requested').length;
    pressed.get(DEFAULT_DIAL_SHORTCUT)!();
    await wait(() =>
      expect(sent.filter((event) => event.channel === 'dial:requested')).toHaveLength(before + 1),
    );
    expect((lastSent('dial:requested') as DialRequest).dial).toContain('602555707');
    await confirmLatestRequest();
    await wait(async () => expect(await callsOnPhone(sim, alice)).toHaveLength(1));
    await hangUpAll(alice);
  });

  it('a screen-pop notification’s Answer answers on the agent’s phone', async () => {
    const response = await sim.post('/_sim/calls/inbound', {
      to: { extension: alice.extension },
      from: '+420602555101',
    });
    const uniqueid = response.body.data.uniqueid as string;
    const pop = await wait(() => {
      const found = electron.notifications.findLast((shown) => shown.listenerCount('action') > 0);
      expect(found).toBeDefined();
      return found!;
    });
    pop.emit('action');
    await wait(async () =>
      expect(await callsOnPhone(sim, alice)).toContainEqual({ uniqueid, state: 'connected' }),
    );
    await hangUpAll(alice);
  });

  it('an Answer the server refuses (the caller already gone) is shown, with the server’s sentence', async () => {
    const shownBefore = electron.notifications.length;
    const response = await sim.post('/_sim/calls/inbound', {
      to: { extension: alice.extension },
      from: '+420602555202',
    });
    const uniqueid = response.body.data.uniqueid as string;
    const pop = await wait(() => {
      const found = electron.notifications
        .slice(shownBefore)
        .find((shown) => shown.listenerCount('action') > 0);
      expect(found).toBeDefined();
      return found!;
    });
    await sim.post(`/_sim/calls/${uniqueid}/hangup`);
    await wait(async () => expect(JSON.stringify(await value('calls:list'))).not.toContain(uniqueid));
    const refusal = await invoke('calls:control', { uniqueid, action: 'answer' });
    expect(refusal).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    pop.emit('action');
    await wait(() =>
      expect(electron.notifications.at(-1)?.options).toMatchObject({
        title: t('actions.answerFailed'),
        body: refusal.error!.message,
      }),
    );
  });

  it('never receives nor stores the PBX’s client secret: not in a frame, an event, a file or the keychain', () => {
    const secret = fixture.demo.credentials.clientSecret;
    expect(frames.length).toBeGreaterThan(10);
    expect(frames.filter((frame) => frame.includes(secret))).toEqual([]);
    expect(sent.filter((event) => JSON.stringify(event.payload ?? null).includes(secret))).toEqual([]);
    const files = filesUnder(electron.app.getPath('userData'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => file.text.includes(secret)).map((file) => file.path)).toEqual([]);
    expect([...keychain.values()].filter((entry) => entry.includes(secret))).toEqual([]);
  });
});

/** The menu item whose label holds `text`, anywhere in a template. */
function findItem(template: unknown, text: string): { label: string; click?: () => void } | undefined {
  for (const item of template as { label?: string; click?: () => void; submenu?: unknown }[]) {
    if (item.label?.includes(text) && item.click) return item as { label: string; click: () => void };
    const inner = item.submenu ? findItem(item.submenu, text) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

describe('switching, ringside: links and signing out, at run time', { timeout: 30_000 }, () => {
  it('switches to this computer’s own (demo) PBX and back without a restart', async () => {
    await value('teamServer:choose', { kind: 'pbx', serverUrl: '' });
    await wait(async () => expect((await value<AppInfo>('app:info')).mode).toBe('demo'));
    expect((await value<AppInfo>('app:info')).name).toBe('Ringside');
    expect(demoStarts).toHaveLength(fixtureDemoStarts + 1);
    expect(lastSent('teamServer:changed')).toMatchObject({ kind: 'pbx', link: 'idle' });

    await value('teamServer:choose', { kind: 'team-server', serverUrl: credential.origin });
    expect((await value<AppInfo>('app:info')).name).toBe('ringside-server');
    // This computer's demo PBX is stopped: the app holds no PBX connection of its own on the server.
    expect(demoStarts.at(-1)).toEqual({ closed: true });
    await wait(() => expect(lastSent('teamServer:changed')).toMatchObject({ link: 'connected' }));
  });

  it('says a certificate that cannot be trusted is the certificate’s problem, and keeps the choice as it was', async () => {
    const refused = await invoke('teamServer:choose', {
      kind: 'team-server',
      serverUrl: credential.origin,
      certificatePem: '-----BEGIN CERTIFICATE-----\nnot a certificate\n-----END CERTIFICATE-----',
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', params: { field: 'certificatePem' } },
    });
    expect(await value('teamServer:get')).toMatchObject({ serverUrl: credential.origin, certificate: null });
  });

  it('offers a ringside: link from the OS and uses it only once the agent accepts', async () => {
    const sessionsBefore = fixture.sessions.list(alice.username).map((session) => session.id);
    const token = new URL(issueLink(alice)).hash.slice(1);
    const link = `ringside://enroll?server=${encodeURIComponent(credential.origin)}#${token}`;
    electron.app.emit('open-url', { preventDefault: () => {} }, link);
    const offer = await wait(() => {
      const offered = lastSent('teamServer:linkOffered') as { serverUrl: string; offerId: string };
      expect(offered).toMatchObject({ serverUrl: credential.origin });
      return offered;
    });
    // Nothing was signed in by the link alone; the window never saw its token.
    expect(fixture.sessions.list(alice.username).map((session) => session.id)).toEqual(sessionsBefore);
    expect(JSON.stringify(sent)).not.toContain(token);

    await value('teamServer:acceptOffer', { offerId: offer.offerId });
    // Signed in anew: the session this computer had is ended on the server, one session per computer.
    const sessionsAfter = fixture.sessions.list(alice.username).map((session) => session.id);
    expect(sessionsAfter).toHaveLength(1);
    expect(sessionsBefore).not.toContain(sessionsAfter[0]);
    expect(await invoke('teamServer:acceptOffer', { offerId: offer.offerId })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    await wait(async () =>
      expect((await value<TeamServerClientView>('teamServer:get')).link).toBe('connected'),
    );
  });

  it('signs out: the server ends the session, and neither the keychain nor any file keeps it', async () => {
    const [entry] = sessionEntries();
    const cookie = (JSON.parse(keychain.get(entry!)!) as RemoteCredential).cookie;
    const sessionsBefore = fixture.sessions.list(alice.username).length;
    // The read-only directory copy this session made, for searching while the server is away.
    const copy = offlineDirectoryFile(electron.app.getPath('userData'), credential.origin);
    await wait(() => expect(existsSync(copy)).toBe(true), 20_000);
    const view = await value<TeamServerClientView>('teamServer:signOut');
    expect(view).toMatchObject({ kind: 'team-server', signedIn: false, link: 'signed-out' });
    expect(fixture.sessions.list(alice.username)).toHaveLength(sessionsBefore - 1);
    expect(sessionEntries()).toEqual([]);
    expect(existsSync(copy)).toBe(false);
    const files = filesUnder(electron.app.getPath('userData'));
    expect(files.filter((file) => file.text.includes(cookie.split('=')[1]!))).toEqual([]);
    expect(files.filter((file) => file.path.includes('offline-directory'))).toEqual([]);
    // Signed out: the window can still start and show Settings ▸ Connection; everything else says to sign in.
    expect((await value<AppInfo>('app:info')).name).toBe('Ringside');
    expect(await value('connection:get')).toMatchObject({
      status: 'credentials-rejected',
      message: t('teamServerClient.signInFirst'),
    });
    expect(await invoke('calls:list')).toMatchObject({
      ok: false,
      error: { code: 'auth-failed', message: t('teamServerClient.signInFirst') },
    });
    expect(demoStarts.filter((started) => !started.closed)).toHaveLength(fixtureDemoStarts);
  });

  it('signed out by the server (revoked), it forgets the session here too', async () => {
    await value('teamServer:signInWithLink', { link: issueLink(alice) });
    await wait(async () =>
      expect((await value<TeamServerClientView>('teamServer:get')).link).toBe('connected'),
    );
    const cookie = (JSON.parse(keychain.get(sessionEntries()[0]!)!) as RemoteCredential).cookie;
    for (const session of fixture.sessions.list(alice.username)) fixture.sessions.revoke(session.id);
    await wait(() => expect(sessionEntries()).toEqual([]));
    await wait(() => expect(lastSent('teamServer:changed')).toMatchObject({ signedIn: false }));
    const files = filesUnder(electron.app.getPath('userData'));
    expect(files.filter((file) => file.text.includes(cookie.split('=')[1]!))).toEqual([]);
    expect(await invoke('calls:list')).toMatchObject({ ok: false, error: { code: 'auth-failed' } });
  });
});
