/**
 * Where the client secret lives. The shell provides the OS keychain (keytar), or Electron safeStorage
 * encrypting into the settings store where no keychain service exists, or memory for the session only where
 * neither protects it (Linux without a keyring). The rest of the app sees only this interface.
 */
import { createHash } from 'node:crypto';
import { readPinnedCertificates, resolvePbxUrls } from '../../api';
import type { SecretStorageKind } from '../../shared/contract';
import type { MessageKey } from '../../shared/i18n';

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

/** What the agent entrusted the secret to: the settings it was entered with. */
export interface SecretTarget {
  clientId: string;
  baseUrl: string;
  trustedCertificatePem: string | null;
}

/**
 * The account a secret is filed under: everything the agent trusted when entering it, so a change of any
 * of it asks for the secret again instead of sending it somewhere else: `<client_id>@<API root>` (scheme,
 * host, port when not the default, path: `ringside-api@https://pbx.example.com:8443/api/v1.0`), and with a
 * pinned certificate `#pin-sha256=` and the SHA-256 of each pinned certificate (of its DER bytes, so the
 * PEM's line breaks do not matter), sorted, comma-separated. Throws InvalidArgument for a bad URL or PEM.
 */
export function secretAccount(
  clientId: string,
  baseUrl: string,
  trustedCertificatePem: string | null = null,
): string {
  const account = `${clientId.trim()}@${resolvePbxUrls(baseUrl).baseUrl}`;
  const pin = pinFingerprints(trustedCertificatePem);
  return pin ? `${account}#pin-sha256=${pin}` : account;
}

function pinFingerprints(pem: string | null): string | null {
  if (pem === null || pem.trim() === '') return null;
  const fingerprints = readPinnedCertificates(pem).map((certificate) =>
    createHash('sha256').update(certificate.raw).digest('hex'),
  );
  return [...new Set(fingerprints)].sort().join(',');
}

/**
 * The account an older Ringside filed the secret under, `<client_id>@<host>` (the port included when not
 * the default), when taking it over changes nothing but the key's format: that key implied https, the
 * default port and the default API path (`/api/v1.0`, what a bare host resolves to), and no pinned
 * certificate. Otherwise undefined: the agent enters the secret once, since the old key cannot tell what
 * it was entrusted to. `anyConnection`: the old key of any connection (to delete it).
 */
export function legacySecretAccount(
  { clientId, baseUrl, trustedCertificatePem }: SecretTarget,
  { anyConnection = false } = {},
): string | undefined {
  const url = new URL(resolvePbxUrls(baseUrl).baseUrl);
  const account = `${clientId.trim()}@${url.host}`;
  if (anyConnection) return account;
  if (trustedCertificatePem !== null && trustedCertificatePem.trim() !== '') return undefined;
  if (url.protocol !== 'https:' || url.port !== '' || url.pathname !== '/api/v1.0') return undefined;
  return account;
}

/**
 * The secret stored for `target`, or null. With `takeOverLegacy` (only for the connection the saved settings
 * name, which the old entry was used with) an entry under the old key is moved to the new one first.
 */
export async function readSecret(
  secrets: SecretStore,
  target: SecretTarget,
  { takeOverLegacy }: { takeOverLegacy: boolean },
): Promise<string | null> {
  const account = secretAccount(target.clientId, target.baseUrl, target.trustedCertificatePem);
  const secret = await secrets.get(account);
  const legacy = takeOverLegacy ? legacySecretAccount(target) : undefined;
  if (secret !== null || legacy === undefined) return secret;
  const legacySecret = await secrets.get(legacy);
  if (legacySecret === null) return null;
  await secrets.set(account, legacySecret);
  await secrets.delete(legacy);
  return legacySecret;
}

/** What of `next` differs from what the secret was entrusted to, as the messages naming each part. */
export function trustChanges(previous: SecretTarget, next: SecretTarget): MessageKey[] {
  const before = new URL(resolvePbxUrls(previous.baseUrl).baseUrl);
  const after = new URL(resolvePbxUrls(next.baseUrl).baseUrl);
  const changes: [boolean, MessageKey][] = [
    [previous.clientId.trim() !== next.clientId.trim(), 'validation.trustPartClientId'],
    [before.protocol !== after.protocol, 'validation.trustPartScheme'],
    [before.hostname !== after.hostname, 'validation.trustPartHost'],
    [before.port !== after.port, 'validation.trustPartPort'],
    [before.pathname !== after.pathname, 'validation.trustPartApiPath'],
    [
      pinFingerprints(previous.trustedCertificatePem) !== pinFingerprints(next.trustedCertificatePem),
      'validation.trustPartCertificate',
    ],
  ];
  return changes.filter(([changed]) => changed).map(([, part]) => part);
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
