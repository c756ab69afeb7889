/**
 * The settings commands of AppCore over real HTTP against demo PBXs: saving (secret to the secret store only,
 * never into the settings file), field errors that lose nothing, switching between the embedded demo PBX
 * and a configured PBX without a restart, the phone picker and the agent check.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../src-main/app/appCore';
import { MemorySecretStore, secretAccount } from '../../../src-main/app/settings/secretStore';
import { SETTINGS_KEY } from '../../../src-main/app/settings/settingsRepository';
import type { DemoPbx } from '../../../src-main/demo-pbx';
import { systemClock } from '../../../src-main/shared/clock';
import type { Events, Settings } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { fileSettingsStore, selfSignedCertificate, type FileSettingsStore } from './helpers';
import { countingLauncher, FAST_HEALTH, NO_RETRIES, startQuietPbx, StateRecorder } from './pbx';
import { TEST_BUILD } from './directoryFixtures';

/** Plays the customer's own PBX; the embedded demo PBX is a different instance. */
let customerPbx: DemoPbx;
let directory: string;
let store: FileSettingsStore;
let secrets: MemorySecretStore;
let launcher: ReturnType<typeof countingLauncher>;
let core: AppCore;
let recorder: StateRecorder;
let changes: Events['settings:changed'][];

beforeAll(async () => {
  customerPbx = await startQuietPbx();
});
afterAll(async () => {
  await customerPbx.close();
});

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'ringside-core-'));
  store = fileSettingsStore(directory);
  secrets = new MemorySecretStore();
  launcher = countingLauncher();
  recorder = new StateRecorder();
  changes = [];
  core = new AppCore({
    clock: systemClock,
    logger: silentLogger,
    build: TEST_BUILD,
    settingsStore: store,
    secretStore: secrets,
    demoPbx: launcher,
    osRegion: 'CZ',
    health: FAST_HEALTH,
    pbxClientOptions: NO_RETRIES,
  });
  core.subscribe((channel, payload) => {
    if (channel === 'connection:state') recorder.onState(payload as Events['connection:state']);
    if (channel === 'settings:changed') changes.push(payload as Events['settings:changed']);
  });
});
afterEach(async () => {
  await core.dispose();
  await launcher.closeAll();
  rmSync(directory, { recursive: true, force: true });
});

async function customerSettings(changes: Partial<Settings> = {}): Promise<Settings> {
  const { settings } = await core.commands['settings:get']();
  return {
    ...settings,
    mode: 'configured',
    baseUrl: customerPbx.baseUrl,
    clientId: customerPbx.credentials.clientId,
    ...changes,
  };
}

/** Every file under the temporary user data directory, concatenated. */
function everyFileText(): string {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

describe('first run', () => {
  it('starts the embedded demo PBX and connects to it', async () => {
    await core.start();
    expect(launcher.started).toBe(1);
    expect(recorder.last).toMatchObject({ status: 'connected', message: 'Connected to the demo PBX.' });
    expect((await core.commands['app:info']()).mode).toBe('demo');
    expect(core.agent?.username).toEqual(expect.any(String));
    const view = await core.commands['settings:get']();
    expect(view).toMatchObject({
      activeMode: 'demo',
      demoAvailable: true,
      secretStorage: 'session-only',
      secretStored: false,
      // Automatic: the demo organisation's country.
      settings: { mode: 'demo', defaultCountry: '' },
      numberingCountry: { country: 'CZ', source: 'pbx' },
    });
    expect(changes.at(-1)?.activeMode).toBe('demo');
    // The demo's credentials are not the user's: nothing went to the secret store or to disk.
    const demo = launcher.history[0]!;
    expect(await secrets.get(secretAccount(demo.credentials.clientId, demo.baseUrl))).toBeNull();
    expect(everyFileText()).not.toContain(demo.credentials.clientSecret);
  });
});

describe('settings:save', () => {
  it('stores the secret in the secret store only, never in the settings file', async () => {
    await core.start();
    const secret = customerPbx.credentials.clientSecret;
    const result = await core.commands['settings:save']({ settings: await customerSettings(), secret });

    expect(result).toMatchObject({ saved: true, view: { activeMode: 'configured', secretStored: true } });
    const account = secretAccount(customerPbx.credentials.clientId, customerPbx.baseUrl);
    expect(account).toBe(`${customerPbx.credentials.clientId}@${customerPbx.baseUrl}`);
    expect(await secrets.get(account)).toBe(secret);
    expect(store.readText()).toContain(customerPbx.baseUrl);
    expect(everyFileText()).not.toContain(secret);
    expect(JSON.stringify(await core.commands['settings:get']())).not.toContain(secret);
    expect(recorder.last).toMatchObject({
      status: 'connected',
      message: `Connected to ${new URL(customerPbx.baseUrl).host}.`,
    });
    expect(changes.at(-1)?.activeMode).toBe('configured');
  });

  it('returns a message per field and changes nothing when the settings are invalid', async () => {
    await core.start();
    const result = await core.commands['settings:save']({
      settings: await customerSettings({ baseUrl: 'http://pbx.example.com', pollIntervalMs: 20 }),
      secret: 'typed',
    });
    expect(result).toEqual({
      saved: false,
      errors: { baseUrl: expect.stringMatching(/Use https/), pollIntervalMs: expect.any(String) },
    });
    expect(store.get(SETTINGS_KEY)).toBeUndefined();
    expect(launcher.stopped).toBe(0);
  });

  it('asks for the secret when none is stored for the client id and host', async () => {
    const result = await core.commands['settings:save']({ settings: await customerSettings() });
    expect(result).toEqual({
      saved: false,
      errors: { secret: expect.stringMatching(/Enter the client secret/) },
    });
  });

  it('keeps the stored secret when the field is left empty, and forgets it when the account changes', async () => {
    const secret = customerPbx.credentials.clientSecret;
    await core.commands['settings:save']({ settings: await customerSettings(), secret });
    const again = await core.commands['settings:save']({
      settings: await customerSettings({ pollIntervalMs: 2000 }),
      secret: '',
    });
    expect(again).toMatchObject({
      saved: true,
      view: { secretStored: true, settings: { pollIntervalMs: 2000 } },
    });

    const oldAccount = secretAccount(customerPbx.credentials.clientId, customerPbx.baseUrl);
    await core.commands['settings:save']({
      settings: await customerSettings({ clientId: 'other-account' }),
      secret: 'other',
    });
    expect(await secrets.get(oldAccount)).toBeNull();
    expect(recorder.last?.status).toBe('credentials-rejected');
  });

  it('says credentials-rejected for a wrong secret, and connects once it is corrected', async () => {
    await core.commands['settings:save']({ settings: await customerSettings(), secret: 'wrong-secret' });
    expect(recorder.last).toMatchObject({
      status: 'credentials-rejected',
      message: expect.stringMatching(/invalid_client/),
    });
    await core.commands['settings:save']({
      settings: await customerSettings(),
      secret: customerPbx.credentials.clientSecret,
    });
    expect(recorder.last?.status).toBe('connected');
  });

  it('does not reconnect when only other settings change', async () => {
    await core.commands['settings:save']({
      settings: await customerSettings(),
      secret: customerPbx.credentials.clientSecret,
    });
    const count = recorder.states.length;
    await core.commands['settings:save']({ settings: await customerSettings({ confirmBeforeDial: false }) });
    expect(recorder.states.length).toBe(count);
  });

  it('describes the stored trusted certificate', async () => {
    const pem = selfSignedCertificate('pbx.example.com');
    const result = await core.commands['settings:save']({
      settings: { ...(await core.commands['settings:get']()).settings, trustedCertificatePem: pem },
    });
    expect(result.saved && result.view.certificate).toMatchObject({
      subject: 'O=Ringside Tests, CN=pbx.example.com',
      fingerprint256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      expired: false,
      count: 1,
    });
    await expect(core.commands['certificate:inspect']({ pem: 'not a certificate' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });
});

describe('switching between the demo PBX and a configured PBX', () => {
  it('stops the demo PBX when leaving it and starts it again when coming back, without a restart', async () => {
    await core.start();
    expect(launcher.started).toBe(1);

    const secret = customerPbx.credentials.clientSecret;
    await core.commands['settings:save']({ settings: await customerSettings(), secret });
    expect(launcher.stopped).toBe(1);
    expect((await core.commands['app:info']()).mode).toBe('configured');
    expect(recorder.last?.status).toBe('connected');

    const back = await core.commands['settings:save']({ settings: await customerSettings({ mode: 'demo' }) });
    expect(back).toMatchObject({ saved: true, view: { activeMode: 'demo', secretStored: true } });
    expect(launcher.started).toBe(2);
    expect(recorder.last).toMatchObject({ status: 'connected', message: 'Connected to the demo PBX.' });
    // The real PBX's settings and secret wait for the way back.
    expect(back.saved && back.view.settings.baseUrl).toBe(customerPbx.baseUrl);
  });

  it('says the demo PBX could not start, when it cannot', async () => {
    const failing = new AppCore({
      clock: systemClock,
      logger: silentLogger,
      build: { name: 'Ringside', version: '0.0.0', platform: 'linux', versions: { node: '24' } },
      demoPbx: { start: () => Promise.reject(new Error('port in use')) },
    });
    const seen = new StateRecorder();
    failing.subscribe((channel, payload) => {
      if (channel === 'connection:state') seen.onState(payload as Events['connection:state']);
    });
    await failing.start();
    expect(seen.last).toMatchObject({
      status: 'unconfigured',
      message: expect.stringMatching(/demo PBX could not start \(port in use\)/),
    });
    expect((await failing.commands['app:info']()).mode).toBe('unconfigured');
    await failing.dispose();
  });
});

describe('the phone picker and the agent check', () => {
  const draft = () => ({
    baseUrl: customerPbx.baseUrl,
    clientId: customerPbx.credentials.clientId,
    secret: customerPbx.credentials.clientSecret,
  });

  it('lists the extensions of type phone, with a selector for each, from unsaved values', async () => {
    const phones = await core.commands['directory:phones']({ connection: draft() });
    expect(phones.length).toBeGreaterThan(1);
    const agentPhone = customerPbx.agent.phoneByExtension as { extension: string };
    expect(phones).toContainEqual(
      expect.objectContaining({
        number: agentPhone.extension,
        selector: { extension: agentPhone.extension, partition: 1 },
      }),
    );
  });

  it('needs a connection or a draft', async () => {
    await expect(core.commands['directory:phones']({})).rejects.toMatchObject({ code: 'not-configured' });
    await expect(
      core.commands['directory:phones']({ connection: { ...draft(), secret: '' } }),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/Enter the client secret/),
    });
  });

  it('finds the agent by login name, whatever the case, though the user list shows display names', async () => {
    const username = customerPbx.agent.username;
    const found = await core.commands['users:check']({
      username: username.toUpperCase(),
      connection: draft(),
    });
    expect(found).toMatchObject({ found: true, user: { username, active: true } });
    if (found.found) expect(found.user.displayName).not.toBe(username);
  });

  it('says clearly when there is no such user', async () => {
    await core.commands['settings:save']({
      settings: await customerSettings(),
      secret: customerPbx.credentials.clientSecret,
    });
    const result = await core.commands['users:check']({ username: 'nobody.here' });
    expect(result).toEqual({
      found: false,
      message: expect.stringMatching(/no user with the login name “nobody.here”.*not the display name/),
    });
  });
});
