/**
 * The OS keychain through keytar (macOS Keychain, Windows Credential Manager, the Secret Service on
 * Linux). Kept free of Electron so plain Node can load it: the keytar test runs it against a real
 * gnome-keyring. keytar is a CommonJS native module, loaded on demand so that a missing libsecret only
 * means "no keychain", never a failed start.
 */
import { createRequire } from 'node:module';
import { failureDetail } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { SECRET_SERVICE, type SecretStore } from './secretStore';

/** The part of keytar used here. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export function loadKeytar(): KeytarLike {
  return createRequire(import.meta.url)('keytar') as KeytarLike;
}

/** An account name no secret is ever filed under; reading it tells whether a keychain answers. */
const PROBE_ACCOUNT = 'ringside-keychain-probe';

export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain';

  constructor(
    private readonly keytar: KeytarLike,
    private readonly service = SECRET_SERVICE,
  ) {}

  /**
   * Resolves when a keychain service answers; rejects with its reason otherwise (on Linux without a
   * session bus: "Cannot autolaunch D-Bus without X11 $DISPLAY"; with no Secret Service: "The name
   * org.freedesktop.secrets was not provided by any .service files").
   */
  async probe(): Promise<void> {
    await this.keytar.getPassword(this.service, PROBE_ACCOUNT);
  }

  get(account: string): Promise<string | null> {
    return this.keytar.getPassword(this.service, account);
  }

  set(account: string, secret: string): Promise<void> {
    return this.keytar.setPassword(this.service, account, secret);
  }

  delete(account: string): Promise<boolean> {
    return this.keytar.deletePassword(this.service, account);
  }
}

/**
 * The OS keychain when a keychain service answers (the first choice of both hosts), else undefined with
 * the reason in the log; the host then falls back to what it has (safeStorage, or memory for the session).
 */
export async function openKeychain(
  loadKeytar: () => KeytarLike,
  logger: Logger,
): Promise<SecretStore | undefined> {
  try {
    const keychain = new KeytarSecretStore(loadKeytar());
    await keychain.probe();
    logger.info('secrets: stored in the OS keychain');
    return keychain;
  } catch (error) {
    // Info, not a warning: a machine without a keychain service is normal (a server, a container), and the
    // settings say where the secret is kept instead.
    logger.info(`secrets: no OS keychain service (${failureDetail(error)})`);
    return undefined;
  }
}
