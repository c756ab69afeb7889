/**
 * Settings: what is valid (with the message shown next to the field), the defaults of a fresh install,
 * the migration of older settings files, and persistence through a real settings file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MemorySettingsStore,
  SETTINGS_KEY,
  SettingsRepository,
} from '../../../src-main/app/settings/settingsRepository';
import { migrateSettings, SETTINGS_VERSION } from '../../../src-main/app/settings/migrateSettings';
import { defaultSettings, validateSettings } from '../../../src-main/app/settings/settingsSchema';
import type { Settings } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { spyLogger } from '../../support/spyLogger';
import { fileSettingsStore, selfSignedCertificate } from './helpers';

const configured = (changes: Partial<Settings> = {}): Settings => ({
  ...defaultSettings(),
  defaultCountry: 'CZ',
  mode: 'configured',
  baseUrl: 'https://pbx.example.com/api/v1.0',
  clientId: 'ringside-api',
  ...changes,
});

function errorsOf(settings: Settings, options = { requireConnection: true }) {
  const result = validateSettings(settings, options);
  return result.ok ? {} : result.errors;
}

describe('settings defaults', () => {
  it('start in demo mode with the default country on Automatic', () => {
    const settings = defaultSettings();
    expect(settings).toMatchObject({
      mode: 'demo',
      baseUrl: '',
      defaultCountry: '',
      pollIntervalMs: 1000,
      confirmBeforeDial: true,
      startAtLogin: false,
      trustedCertificatePem: null,
      phone: null,
    });
    expect(validateSettings(settings, { requireConnection: false }).ok).toBe(true);
  });
});

describe('settings validation', () => {
  it('accepts https anywhere and http only for a PBX on this computer', () => {
    for (const baseUrl of [
      'https://pbx.example.com',
      'http://127.0.0.1:8080/api/v1.0',
      'http://localhost:3000',
      'http://[::1]:8080',
    ]) {
      expect(errorsOf(configured({ baseUrl })), baseUrl).toEqual({});
    }
    expect(errorsOf(configured({ baseUrl: 'http://pbx.example.com' })).baseUrl).toMatch(
      /Use https:\/\/.*only for a PBX on this computer/,
    );
    expect(errorsOf(configured({ baseUrl: 'ftp://pbx.example.com' })).baseUrl).toMatch(/https:\/\//);
    expect(errorsOf(configured({ baseUrl: 'pbx example' })).baseUrl).toMatch(/not a valid URL/);
  });

  it('normalises what the user typed', () => {
    const result = validateSettings(
      configured({ baseUrl: '  https://pbx.example.com/  ', clientId: ' svc ', defaultCountry: 'sk' }),
      { requireConnection: true },
    );
    expect(result).toMatchObject({
      ok: true,
      settings: { baseUrl: 'https://pbx.example.com', clientId: 'svc', defaultCountry: 'SK' },
    });
  });

  it('saves a bare host with the scheme it is reached by: https elsewhere, http on this computer', () => {
    const saved = (baseUrl: string) => {
      const result = validateSettings(configured({ baseUrl }), { requireConnection: true });
      return result.ok ? result.settings.baseUrl : result.errors;
    };
    expect(saved(' pbx.example/ ')).toBe('https://pbx.example');
    expect(saved('pbx.example:8443/api/v1.0')).toBe('https://pbx.example:8443/api/v1.0');
    expect(saved('127.0.0.1:18310')).toBe('http://127.0.0.1:18310');
    expect(saved('localhost:8080')).toBe('http://localhost:8080');
  });

  it('requires the PBX URL and client id only for a configured PBX', () => {
    const empty = configured({ baseUrl: '', clientId: '' });
    expect(Object.keys(errorsOf(empty)).sort()).toEqual(['baseUrl', 'clientId']);
    expect(errorsOf({ ...empty, mode: 'demo' }, { requireConnection: false })).toEqual({});
  });

  it('names each invalid field with its own message', () => {
    const errors = errorsOf(
      configured({ defaultCountry: 'XX', pollIntervalMs: 100, phone: { extension: ' ', partition: 1 } }),
    );
    expect(errors.defaultCountry).toMatch(/"XX" is not a country code/);
    expect(errors.pollIntervalMs).toBe(
      'The poll interval must be a whole number of milliseconds from 250 to 10000.',
    );
    expect(errors.phone).toMatch(/Enter the extension number/);
  });

  it('keeps the poll interval within 250–10000 ms', () => {
    expect(errorsOf(configured({ pollIntervalMs: 250 }))).toEqual({});
    expect(errorsOf(configured({ pollIntervalMs: 10_000 }))).toEqual({});
    for (const pollIntervalMs of [249, 10_001, 1000.5]) {
      expect(errorsOf(configured({ pollIntervalMs })).pollIntervalMs).toBeDefined();
    }
  });

  it('accepts a phone by identifier or by extension with a partition of 1 or more', () => {
    expect(errorsOf(configured({ phone: { identifier: 'webrtc-jana' } }))).toEqual({});
    expect(errorsOf(configured({ phone: { extension: '201', partition: 2 } }))).toEqual({});
    expect(errorsOf(configured({ phone: { identifier: '' } })).phone).toMatch(/phone identifier/);
    expect(errorsOf(configured({ phone: { extension: '201', partition: 0 } })).phone).toMatch(/partition/);
  });

  it('reads the trusted certificate with X509Certificate and refuses anything else', () => {
    const pem = selfSignedCertificate('pbx.example.com');
    expect(errorsOf(configured({ trustedCertificatePem: pem }))).toEqual({});
    expect(errorsOf(configured({ trustedCertificatePem: 'hello' })).trustedCertificatePem).toMatch(
      /contains no certificate/,
    );
    const damaged = pem.replace(/\n[A-Za-z0-9+/]{20}/, '\n' + 'A'.repeat(20));
    expect(errorsOf(configured({ trustedCertificatePem: damaged })).trustedCertificatePem).toMatch(/damaged/);
    const later = validateSettings(configured({ trustedCertificatePem: pem }), {
      requireConnection: true,
      now: new Date('2100-01-01'),
    });
    expect(later.ok ? '' : later.errors.trustedCertificatePem).toMatch(/expired on/);
  });

  it('returns the settings as typed when something is wrong, so a form loses nothing', () => {
    const input = configured({ baseUrl: 'http://pbx.example.com ', clientId: ' svc ' });
    const result = validateSettings(input, { requireConnection: true });
    expect(result.ok).toBe(false);
    expect(result.settings).toEqual(input);
  });
});

describe('settings migration', () => {
  const v1 = {
    version: 1,
    serverUrl: 'https://pbx.example.com/api/v1.0',
    clientId: 'ringside-api',
    agent: 'jana.novakova',
    extension: '201',
    partition: 2,
    country: 'sk',
    pollIntervalMs: 1500,
    confirmBeforeDial: false,
    startAtLogin: true,
  };

  it('renames the version 1 fields and turns the extension into a phone selector', () => {
    const { fields, fromVersion } = migrateSettings(v1);
    expect(fromVersion).toBe(1);
    expect(fields).toEqual({
      mode: 'configured',
      baseUrl: 'https://pbx.example.com/api/v1.0',
      clientId: 'ringside-api',
      agentUsername: 'jana.novakova',
      phone: { extension: '201', partition: 2 },
      defaultCountry: 'sk',
      pollIntervalMs: 1500,
      confirmBeforeDial: false,
      startAtLogin: true,
    });
  });

  it('puts a version 1 file without a PBX into demo mode', () => {
    expect(migrateSettings({ version: 1, country: 'CZ' }).fields).toMatchObject({
      mode: 'demo',
      phone: null,
    });
  });

  it('migrates a stored version 1 file once, on load, and writes version 2 back', () => {
    const store = new MemorySettingsStore();
    store.set(SETTINGS_KEY, v1);
    const logger = spyLogger();
    const repository = new SettingsRepository({
      store,
      defaults: { ...defaultSettings(), defaultCountry: 'CZ' },
      logger,
    });
    expect(repository.current).toMatchObject({
      mode: 'configured',
      agentUsername: 'jana.novakova',
      phone: { extension: '201', partition: 2 },
      defaultCountry: 'SK',
      trustedCertificatePem: null,
    });
    expect(store.get(SETTINGS_KEY)).toEqual({ version: SETTINGS_VERSION, ...repository.current });
    expect(logger.info).toHaveBeenCalledWith('settings: migrated from version 1 to 2');
  });

  it('reads a file from a newer Ringside without rewriting it', () => {
    const store = new MemorySettingsStore();
    const newer = {
      version: SETTINGS_VERSION + 1,
      ...defaultSettings(),
      defaultCountry: 'CZ',
      pollIntervalMs: 2000,
      futureField: 1,
    };
    store.set(SETTINGS_KEY, newer);
    const repository = new SettingsRepository({
      store,
      defaults: { ...defaultSettings(), defaultCountry: 'CZ' },
      logger: silentLogger,
    });
    expect(repository.current.pollIntervalMs).toBe(2000);
    expect(store.get(SETTINGS_KEY)).toEqual(newer);
  });

  it('gives a version 2 file written before the tray and shortcut settings their defaults, no migration', () => {
    const store = new MemorySettingsStore();
    const {
      keepRunningInTray: _tray,
      dialShortcut: _shortcut,
      ...older
    } = configured({ pollIntervalMs: 1500 });
    store.set(SETTINGS_KEY, { version: 2, ...older });
    const logger = spyLogger();
    const repository = new SettingsRepository({
      store,
      defaults: { ...defaultSettings(), defaultCountry: 'CZ' },
      logger,
    });
    expect(repository.current).toMatchObject({
      pollIntervalMs: 1500,
      keepRunningInTray: true,
      dialShortcut: 'CommandOrControl+Alt+D',
    });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('falls back to the default shortcut when a stored one is no accelerator', () => {
    const store = new MemorySettingsStore();
    store.set(SETTINGS_KEY, {
      version: 2,
      ...configured(),
      dialShortcut: 'Ctrl+Nope',
      keepRunningInTray: false,
    });
    const logger = spyLogger();
    const repository = new SettingsRepository({
      store,
      defaults: { ...defaultSettings(), defaultCountry: 'CZ' },
      logger,
    });
    expect(repository.current).toMatchObject({
      dialShortcut: 'CommandOrControl+Alt+D',
      keepRunningInTray: false,
    });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('dialShortcut'));
  });
});

describe('settings persistence', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'ringside-settings-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('starts from the defaults and survives a restart through the settings file', () => {
    const first = new SettingsRepository({
      store: fileSettingsStore(directory),
      defaults: { ...defaultSettings(), defaultCountry: 'CZ' },
      logger: silentLogger,
    });
    expect(first.current).toEqual({ ...defaultSettings(), defaultCountry: 'CZ' });
    const saved = configured({ agentUsername: 'jana.novakova', phone: { identifier: 'webrtc-jana' } });
    first.save(saved);

    const store = fileSettingsStore(directory);
    expect(JSON.parse(store.readText())).toEqual({ settings: { version: SETTINGS_VERSION, ...saved } });
    const second = new SettingsRepository({
      store,
      defaults: { ...defaultSettings(), defaultCountry: 'US' },
      logger: silentLogger,
    });
    expect(second.current).toEqual(saved);
  });

  it('replaces only the invalid stored values with defaults, and drops fields it does not know', () => {
    const store = fileSettingsStore(directory);
    store.set(SETTINGS_KEY, {
      version: SETTINGS_VERSION,
      ...configured(),
      pollIntervalMs: 5,
      defaultCountry: 42,
      clientSecret: 'left-by-a-hand-edit',
    });
    const logger = spyLogger();
    const repository = new SettingsRepository({
      store,
      defaults: { ...defaultSettings(), defaultCountry: 'CZ' },
      logger,
    });
    expect(repository.current).toEqual(configured());
    expect(repository.current).not.toHaveProperty('clientSecret');
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/defaultCountry, pollIntervalMs/));
  });

  it('tells subscribers about saved settings', () => {
    const repository = new SettingsRepository({
      store: new MemorySettingsStore(),
      defaults: { ...defaultSettings(), defaultCountry: 'CZ' },
      logger: silentLogger,
    });
    const seen: number[] = [];
    repository.subscribe((settings) => seen.push(settings.pollIntervalMs));
    repository.save({ ...repository.current, pollIntervalMs: 500 });
    expect(seen).toEqual([500]);
  });
});
