/**
 * Where the client secret goes when there is no keychain service: Electron safeStorage into the settings
 * store (ciphertext only), or, where safeStorage would use its `basic_text` backend, memory for the session.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemorySettingsStore } from '../../../src-main/app/settings/settingsRepository';
import { silentLogger } from '../../../src-main/shared/logger';
import type { KeytarLike } from '../../../src-main/app/settings/secretStoreKeytar';

/** A stand-in for safeStorage: a reversible "cipher" that never leaves the secret readable. */
const safeStorage = vi.hoisted(() => ({
  backend: 'gnome_libsecret',
  available: true,
  isEncryptionAvailable: () => safeStorage.available,
  getSelectedStorageBackend: () => safeStorage.backend,
  encryptString: (text: string) => Buffer.from([...Buffer.from(text, 'utf8')].map((byte) => byte ^ 0x5a)),
  decryptString: (data: Buffer) => Buffer.from([...data].map((byte) => byte ^ 0x5a)).toString('utf8'),
}));
vi.mock('electron', () => ({ safeStorage }));

const { chooseSecretStore, ENCRYPTED_SECRETS_KEY } = await import('../../../src-main/shell/secretStore');

const noKeychain = (): KeytarLike => {
  throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
};
const keychainWithoutService = (): KeytarLike => ({
  getPassword: () =>
    Promise.reject(new Error('The name org.freedesktop.secrets was not provided by any .service files')),
  setPassword: () => Promise.reject(new Error('unreachable')),
  deletePassword: () => Promise.reject(new Error('unreachable')),
});

beforeEach(() => {
  safeStorage.backend = 'gnome_libsecret';
  safeStorage.available = true;
});

describe('choosing the secret store', () => {
  it('uses the OS keychain when a keychain service answers', async () => {
    const secrets = new Map<string, string>();
    const keytar: KeytarLike = {
      getPassword: async (service, account) => secrets.get(`${service}/${account}`) ?? null,
      setPassword: async (service, account, password) => void secrets.set(`${service}/${account}`, password),
      deletePassword: async (service, account) => secrets.delete(`${service}/${account}`),
    };
    const store = await chooseSecretStore({
      loadKeytar: () => keytar,
      store: new MemorySettingsStore(),
      platform: 'linux',
      logger: silentLogger,
    });
    expect(store.kind).toBe('keychain');
    await store.set('svc@pbx', 's3cret');
    expect(secrets.get('Ringside/svc@pbx')).toBe('s3cret');
  });

  it.each([
    ['keytar cannot load', noKeychain],
    ['no Secret Service answers', keychainWithoutService],
  ])('encrypts with safeStorage into the settings store when %s', async (_case, loadKeytar) => {
    const settingsStore = new MemorySettingsStore();
    settingsStore.set('settings', { version: 2, mode: 'demo' });
    const store = await chooseSecretStore({
      loadKeytar,
      store: settingsStore,
      platform: 'linux',
      logger: silentLogger,
    });
    expect(store.kind).toBe('encrypted');

    await store.set('svc@pbx.example.com', 's3cret-value');
    await store.set('other@pbx.example.com', 'another');
    const stored = settingsStore.get(ENCRYPTED_SECRETS_KEY) as Record<string, string>;
    expect(Object.keys(stored)).toEqual(['svc@pbx.example.com', 'other@pbx.example.com']);
    expect(JSON.stringify(stored)).not.toContain('s3cret-value');
    expect(safeStorage.decryptString(Buffer.from(stored['svc@pbx.example.com']!, 'base64'))).toBe(
      's3cret-value',
    );
    // The settings document beside it is untouched.
    expect(settingsStore.get('settings')).toEqual({ version: 2, mode: 'demo' });

    expect(await store.get('svc@pbx.example.com')).toBe('s3cret-value');
    expect(await store.get('nobody@pbx.example.com')).toBeNull();
    expect(await store.delete('svc@pbx.example.com')).toBe(true);
    expect(await store.delete('svc@pbx.example.com')).toBe(false);
    expect(settingsStore.get(ENCRYPTED_SECRETS_KEY)).toEqual({ 'other@pbx.example.com': expect.any(String) });
  });

  it('keeps the secret for the session only where safeStorage would use basic_text (Linux without a keyring)', async () => {
    safeStorage.backend = 'basic_text';
    const settingsStore = new MemorySettingsStore();
    const store = await chooseSecretStore({
      loadKeytar: noKeychain,
      store: settingsStore,
      platform: 'linux',
      logger: silentLogger,
    });
    expect(store.kind).toBe('session-only');
    await store.set('svc@pbx.example.com', 's3cret-value');
    expect(await store.get('svc@pbx.example.com')).toBe('s3cret-value');
    expect(settingsStore.get(ENCRYPTED_SECRETS_KEY)).toBeUndefined();
  });

  it('keeps the secret for the session only when safeStorage cannot encrypt at all', async () => {
    safeStorage.available = false;
    const store = await chooseSecretStore({
      loadKeytar: noKeychain,
      store: new MemorySettingsStore(),
      platform: 'win32',
      logger: silentLogger,
    });
    expect(store.kind).toBe('session-only');
  });
});
