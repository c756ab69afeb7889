/**
 * The client secret is filed under what the agent trusted it to: the client id, the PBX's scheme, host, port
 * and API path, and the pinned certificate. Saving a change of any of them asks for the secret again, saying
 * why; an entry filed the old way (`<client_id>@<host>`) is taken over only where nothing but the key's
 * format changed.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionModeController } from '../../../src-main/app/connection/connectionModeController';
import { MemorySecretStore, secretAccount } from '../../../src-main/app/settings/secretStore';
import { MemorySettingsStore, SettingsRepository } from '../../../src-main/app/settings/settingsRepository';
import { defaultSettings } from '../../../src-main/app/settings/settingsSchema';
import { SettingsService } from '../../../src-main/app/settings/settingsService';
import type { Settings } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { selfSignedCertificate } from './helpers';

const SECRET = 's3cret-of-the-service-account';
const pinA = selfSignedCertificate('pbx.example.com');
const pinB = selfSignedCertificate('pbx.example.com');

type Connection = Pick<Settings, 'baseUrl' | 'clientId' | 'trustedCertificatePem'>;

const trusted: Connection = {
  baseUrl: 'https://pbx.example.com',
  clientId: 'ringside-api',
  trustedCertificatePem: null,
};

function setup(saved?: Connection) {
  const repository = new SettingsRepository({
    store: new MemorySettingsStore(),
    defaults: { ...defaultSettings(), defaultCountry: 'CZ' },
    logger: silentLogger,
  });
  if (saved) repository.save({ ...repository.current, mode: 'configured', ...saved });
  const secrets = new MemorySecretStore();
  const modes = { activeMode: 'configured', apply: vi.fn(async () => {}) };
  const service = new SettingsService({
    repository,
    secrets,
    modes: modes as unknown as ConnectionModeController,
    demoAvailable: false,
    numberingCountry: () => ({ country: 'CZ', source: 'setting' }),
    logger: silentLogger,
  });
  const save = (connection: Partial<Settings>, secret?: string) =>
    service.save({
      settings: { ...repository.current, mode: 'configured', ...connection },
      ...(secret === undefined ? {} : { secret }),
    });
  return { service, repository, secrets, save };
}

const accountOf = ({ clientId, baseUrl, trustedCertificatePem }: Connection) =>
  secretAccount(clientId, baseUrl, trustedCertificatePem);

describe('the key of the client secret', () => {
  it('names the client id, scheme, host, port, API path and the pinned certificate', () => {
    expect(accountOf(trusted)).toBe('ringside-api@https://pbx.example.com/api/v1.0');
    expect(accountOf({ ...trusted, baseUrl: 'https://PBX.example.com:443/api/v1.0/' })).toBe(
      'ringside-api@https://pbx.example.com/api/v1.0',
    );
    expect(accountOf({ ...trusted, baseUrl: 'https://pbx.example.com:8443/pbx' })).toBe(
      'ringside-api@https://pbx.example.com:8443/pbx/api/v1.0',
    );
    expect(accountOf({ ...trusted, trustedCertificatePem: pinA })).toMatch(
      /^ringside-api@https:\/\/pbx\.example\.com\/api\/v1\.0#pin-sha256=[0-9a-f]{64}$/,
    );
    // The same certificate written differently is the same pin.
    expect(accountOf({ ...trusted, trustedCertificatePem: `\n\n${pinA.replaceAll('\n', '\r\n')}  ` })).toBe(
      accountOf({ ...trusted, trustedCertificatePem: pinA }),
    );
    expect(accountOf({ ...trusted, trustedCertificatePem: pinB })).not.toBe(
      accountOf({ ...trusted, trustedCertificatePem: pinA }),
    );
  });
});

describe('settings:save after a change of what the secret was trusted to', () => {
  it.each([
    ['the scheme', { baseUrl: 'https://localhost' }, { baseUrl: 'http://localhost' }, 'scheme'],
    ['the port', trusted, { baseUrl: 'https://pbx.example.com:8443' }, 'port'],
    ['the API path', trusted, { baseUrl: 'https://pbx.example.com/other/api/v1.0' }, 'API path'],
    ['a pinned certificate', trusted, { trustedCertificatePem: pinA }, 'trusted certificate'],
    [
      'another pinned certificate',
      { ...trusted, trustedCertificatePem: pinA },
      { trustedCertificatePem: pinB },
      'trusted certificate',
    ],
    [
      'no pinned certificate',
      { ...trusted, trustedCertificatePem: pinA },
      { trustedCertificatePem: null },
      'trusted certificate',
    ],
    ['the host', trusted, { baseUrl: 'https://pbx2.example.com' }, 'host'],
  ] as const)(
    'asks for the secret again after %s, saying why, and keeps the saved settings',
    async (_change, from, to, named) => {
      const before: Connection = { ...trusted, ...from };
      const { save, repository, secrets } = setup();
      expect(await save(before, SECRET)).toMatchObject({ saved: true });

      const result = await save(to);
      expect(result).toEqual({
        saved: false,
        errors: { secret: expect.stringContaining(`The PBX's ${named} changed`) },
      });
      expect(result.saved ? '' : result.errors.secret).toContain('Enter the client secret again');
      expect(repository.current).toMatchObject(before);
      expect(await secrets.get(accountOf(before))).toBe(SECRET);

      // Entered again, it is filed under the new key and the old one is forgotten.
      expect(await save(to, 'typed-again')).toMatchObject({ saved: true, view: { secretStored: true } });
      expect(await secrets.get(accountOf({ ...before, ...to }))).toBe('typed-again');
      expect(await secrets.get(accountOf(before))).toBeNull();
    },
  );

  it('reuses it when nothing it was trusted to changed', async () => {
    const pinned = { ...trusted, trustedCertificatePem: pinA };
    const { save } = setup();
    await save(pinned, SECRET);
    expect(await save({ ...pinned, pollIntervalMs: 2000 })).toMatchObject({
      saved: true,
      view: { secretStored: true, settings: { pollIntervalMs: 2000 } },
    });
    expect(
      await save({ baseUrl: 'https://pbx.example.com/api/v1.0/', trustedCertificatePem: `${pinA}\n\n` }),
    ).toMatchObject({ saved: true, view: { secretStored: true } });
  });
});

describe('a secret filed the old way, under <client_id>@<host>', () => {
  it('is taken over when the saved PBX is https, the default port and the default API path, unpinned', async () => {
    const { service, secrets, save } = setup(trusted);
    await secrets.set('ringside-api@pbx.example.com', SECRET);
    expect(await service.view()).toMatchObject({ secretStored: true });
    expect(await secrets.get(accountOf(trusted))).toBe(SECRET);
    expect(await secrets.get('ringside-api@pbx.example.com')).toBeNull();
    expect(await save({ pollIntervalMs: 3000 })).toMatchObject({ saved: true });
  });

  it('is taken over by a save that changes nothing the secret was trusted to', async () => {
    const { secrets, save } = setup(trusted);
    await secrets.set('ringside-api@pbx.example.com', SECRET);
    expect(await save({ pollIntervalMs: 3000 })).toMatchObject({ saved: true, view: { secretStored: true } });
    expect(await secrets.get(accountOf(trusted))).toBe(SECRET);
  });

  it.each([
    ['another port', { baseUrl: 'https://pbx.example.com:8443' }, 'ringside-api@pbx.example.com:8443'],
    ['another API path', { baseUrl: 'https://pbx.example.com/pbx/api/v1.0' }, 'ringside-api@pbx.example.com'],
    ['http', { baseUrl: 'http://localhost' }, 'ringside-api@localhost'],
    ['a pinned certificate', { trustedCertificatePem: pinA }, 'ringside-api@pbx.example.com'],
  ] as const)('is not taken over for %s: the agent enters the secret once', async (_case, saved, legacy) => {
    const connection = { ...trusted, ...saved };
    const { service, secrets, save } = setup(connection);
    await secrets.set(legacy, SECRET);
    expect(await service.view()).toMatchObject({ secretStored: false });
    expect(await secrets.get(accountOf(connection))).toBeNull();
    expect(await save({ pollIntervalMs: 3000 })).toEqual({
      saved: false,
      errors: { secret: 'Enter the client secret (the service account password).' },
    });
  });

  it('is not taken over by a save that changes the connection', async () => {
    const { secrets, save } = setup({ ...trusted, trustedCertificatePem: pinA });
    await secrets.set('ringside-api@pbx.example.com', SECRET);
    // Dropping the pin makes the saved connection look like the old key's, but the agent changed it.
    const result = await save({ trustedCertificatePem: null });
    expect(result.saved).toBe(false);
    expect(await secrets.get(accountOf(trusted))).toBeNull();
  });
});
