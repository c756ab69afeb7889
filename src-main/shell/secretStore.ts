/**
 * Chooses where the client secret lives, in this order:
 * 1. the OS keychain (keytar), when a keychain service answers;
 * 2. Electron safeStorage, encrypting into the settings store (a separate key, ciphertext only), where no
 *    keychain service exists but the OS protects safeStorage's key;
 * 3. memory, for this session only, where safeStorage would fall back to `basic_text` (Linux without a
 *    keyring: its "encryption" uses a fixed key, so on disk it would be as good as plain text).
 * The kind chosen is shown in Settings ("stored in the OS keychain", "session only").
 */
import { safeStorage } from 'electron';
import { MemorySecretStore, type SecretStore } from '../app/settings/secretStore';
import type { SettingsStore } from '../app/settings/settingsRepository';
import type { Logger } from '../shared/logger';
import { openKeychain, type KeytarLike } from '../app/settings/secretStoreKeytar';

/** The store key of the encrypted secrets, beside the settings document: account → base64 ciphertext. */
export const ENCRYPTED_SECRETS_KEY = 'encryptedSecrets';

/** The part of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend(): string;
}

export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'encrypted';

  constructor(
    private readonly safeStorage: SafeStorageLike,
    private readonly store: SettingsStore,
  ) {}

  async get(account: string): Promise<string | null> {
    const encrypted = this.secrets()[account];
    return encrypted === undefined ? null : this.safeStorage.decryptString(Buffer.from(encrypted, 'base64'));
  }

  async set(account: string, secret: string): Promise<void> {
    const encrypted = this.safeStorage.encryptString(secret).toString('base64');
    this.store.set(ENCRYPTED_SECRETS_KEY, { ...this.secrets(), [account]: encrypted });
  }

  async delete(account: string): Promise<boolean> {
    const { [account]: removed, ...rest } = this.secrets();
    if (removed === undefined) return false;
    this.store.set(ENCRYPTED_SECRETS_KEY, rest);
    return true;
  }

  private secrets(): Record<string, string> {
    const value = this.store.get(ENCRYPTED_SECRETS_KEY);
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
}

export interface SecretStoreChoice {
  /** Loads keytar; throws where the native module cannot load. */
  loadKeytar: () => KeytarLike;
  /** The settings store, which also keeps safeStorage's ciphertext. */
  store: SettingsStore;
  platform: NodeJS.Platform;
  logger: Logger;
}

/** Call after the app is ready (safeStorage needs it). */
export async function chooseSecretStore({
  loadKeytar,
  store,
  platform,
  logger,
}: SecretStoreChoice): Promise<SecretStore> {
  const keychain = await openKeychain(loadKeytar, logger);
  if (keychain) return keychain;
  const storage: SafeStorageLike = safeStorage;
  const plainTextOnly = platform === 'linux' && storage.getSelectedStorageBackend() === 'basic_text';
  if (storage.isEncryptionAvailable() && !plainTextOnly) {
    logger.info('secrets: encrypted with Electron safeStorage');
    return new SafeStorageSecretStore(storage, store);
  }
  logger.warn(
    'secrets: no protected storage on this system; the client secret is kept for this session only',
  );
  return new MemorySecretStore();
}
