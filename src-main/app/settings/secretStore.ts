/**
 * Where the client secret lives. The shell provides the OS keychain (keytar), or Electron safeStorage
 * encrypting into the settings store where no keychain service exists, or memory for the session only where
 * neither protects it (Linux without a keyring). The rest of the app sees only this interface.
 */
import { resolvePbxUrls } from '../../api';
import type { SecretStorageKind } from '../../shared/contract';

export type { SecretStorageKind } from '../../shared/contract';

export interface SecretStore {
  readonly kind: SecretStorageKind;
  /** The secret of an account, or null when none is stored. */
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when there was a secret to delete. */
  delete(account: string): Promise<boolean>;
}

/** The keychain service name the secrets are filed under. */
export const SECRET_SERVICE = 'Ringside';

/**
 * The account a secret is filed under: `<client_id>@<host>`, the host with its port when it is not the
 * scheme's default, so two PBXs on one machine do not share a secret. Throws InvalidArgument for a bad URL.
 */
export function secretAccount(clientId: string, baseUrl: string): string {
  const host = new URL(resolvePbxUrls(baseUrl).baseUrl).host;
  return `${clientId.trim()}@${host}`;
}

/** Keeps secrets until the app quits: the fallback that never writes them anywhere. */
export class MemorySecretStore implements SecretStore {
  readonly kind: SecretStorageKind = 'session-only';
  private readonly secrets = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.secrets.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account);
  }
}
