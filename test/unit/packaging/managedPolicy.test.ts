/**
 * Managed deployment: the machine-wide policy file IT writes (docs/packaging.md), read at start by both
 * hosts. Presets are a fresh install's values; locked values always win, show as locked in Settings, and
 * a save cannot change them. A file that cannot be used is logged and ignored.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  enforceLocks,
  lockedFields,
  managedPolicyPath,
  NO_POLICY,
  parseManagedPolicy,
  readManagedPolicy,
  withPresets,
  type ManagedPolicy,
} from '../../../src-main/app/settings/managedPolicy';
import { MemorySettingsStore, SETTINGS_KEY } from '../../../src-main/app/settings/settingsRepository';
import { defaultSettings } from '../../../src-main/app/settings/settingsSchema';
import type { Settings } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { composeHeadlessCore, testAppCore, TEST_BUILD } from '../../support/testAppCore';
import { spyLogger } from '../../support/spyLogger';

const defaults = { ...defaultSettings(), defaultCountry: 'CZ' };

const POLICY = {
  settings: {
    baseUrl: { value: ' https://pbx.example.com/api/v1.0/ ', locked: true },
    clientId: { value: 'ringside-agents', locked: true },
    agentUsername: { value: 'jnovak' },
    confirmBeforeDial: { value: true, locked: true },
  },
};

const directories: string[] = [];
afterEach(() => directories.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'ringside-policy-'));
  directories.push(directory);
  return directory;
}

function policyFile(content: string): string {
  const path = join(temporaryDirectory(), 'policy.json');
  writeFileSync(path, content);
  return path;
}

describe('where the policy file lives', () => {
  it('is a machine-wide place on each OS', () => {
    expect(managedPolicyPath('linux', {})).toBe('/etc/ringside/policy.json');
    expect(managedPolicyPath('darwin', {})).toBe('/Library/Application Support/Ringside/policy.json');
    expect(managedPolicyPath('win32', { ProgramData: 'D:\\ProgramData' })).toBe(
      'D:\\ProgramData\\Ringside\\policy.json',
    );
    expect(managedPolicyPath('win32', {})).toBe('C:\\ProgramData\\Ringside\\policy.json');
  });
});

describe('reading the policy', () => {
  it('splits presets from locked values, each checked (and normalised) as Settings checks it', () => {
    const logger = spyLogger();
    const policy = readManagedPolicy({ path: policyFile(JSON.stringify(POLICY)), defaults, logger });
    expect(policy.locked).toEqual({
      baseUrl: 'https://pbx.example.com/api/v1.0',
      clientId: 'ringside-agents',
      confirmBeforeDial: true,
    });
    expect(policy.presets).toEqual({ agentUsername: 'jnovak' });
    expect(lockedFields(policy)).toEqual(['baseUrl', 'clientId', 'confirmBeforeDial']);
    expect(logger.info).toHaveBeenCalledWith(
      expect.stringContaining('locked baseUrl, clientId, confirmBeforeDial'),
    );
  });

  it('is no policy when there is no file, without a word', () => {
    const logger = spyLogger();
    expect(readManagedPolicy({ path: join(temporaryDirectory(), 'none.json'), defaults, logger })).toBe(
      NO_POLICY,
    );
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', '{ settings: '],
    ['not an object', '[1, 2]'],
    ['a value of the wrong type', JSON.stringify({ settings: { confirmBeforeDial: { value: 'yes' } } })],
    ['an entry without a value', JSON.stringify({ settings: { clientId: { locked: true } } })],
  ])('is ignored, with an error in the log, when it is %s', (_what, content) => {
    const logger = spyLogger();
    expect(readManagedPolicy({ path: policyFile(content), defaults, logger })).toBe(NO_POLICY);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('managed policy'));
  });

  it('drops a value Settings would refuse, and a field that cannot be managed, saying why', () => {
    const logger = spyLogger();
    const policy = parseManagedPolicy(
      {
        settings: {
          baseUrl: { value: 'http://pbx.example.com', locked: true },
          pollIntervalMs: { value: 10, locked: true },
          clientId: { value: 'agents', locked: true },
        },
      },
      '/etc/ringside/policy.json',
      defaults,
      logger,
    );
    expect(policy.locked).toEqual({ clientId: 'agents' });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/baseUrl ignored: Use https:\/\//));
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('pollIntervalMs cannot be managed'));
  });

  it('reports a file it cannot read (other than a missing one)', () => {
    const logger = spyLogger();
    const policy = readManagedPolicy({
      path: '/etc/ringside/policy.json',
      defaults,
      logger,
      readFile: () => {
        throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
      },
    });
    expect(policy).toBe(NO_POLICY);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('permission denied'));
  });
});

describe('applying the policy', () => {
  const policy: ManagedPolicy = {
    presets: { agentUsername: 'jnovak' },
    locked: { baseUrl: 'https://pbx.example.com', confirmBeforeDial: true },
    source: '/etc/ringside/policy.json',
  };

  it('gives a fresh install the presets and the locked values', () => {
    expect(withPresets(defaults, policy)).toEqual({
      ...defaults,
      agentUsername: 'jnovak',
      baseUrl: 'https://pbx.example.com',
      confirmBeforeDial: true,
    });
  });

  it('puts the locked values over what the user had saved, and leaves presets to the user', () => {
    const saved: Settings = {
      ...defaults,
      agentUsername: 'other',
      baseUrl: 'https://old.example',
      confirmBeforeDial: false,
    };
    expect(enforceLocks(saved, policy)).toEqual({
      ...saved,
      baseUrl: 'https://pbx.example.com',
      confirmBeforeDial: true,
    });
  });
});

describe('Settings under the policy', () => {
  const policy: ManagedPolicy = {
    presets: { agentUsername: 'jnovak' },
    locked: { baseUrl: 'https://pbx.example.com', clientId: 'agents', confirmBeforeDial: true },
    source: '/etc/ringside/policy.json',
  };

  function coreWith(stored?: Partial<Settings>) {
    const settingsStore = new MemorySettingsStore();
    if (stored) settingsStore.set(SETTINGS_KEY, { version: 2, ...defaults, ...stored });
    return testAppCore({ logger: silentLogger, settingsStore, osRegion: 'CZ', managedPolicy: policy });
  }

  it('shows the locked fields as such, with their values, over what was stored', async () => {
    const core = coreWith({ baseUrl: 'https://mine.example', confirmBeforeDial: false, agentUsername: 'me' });
    const view = await core.commands['settings:get']();
    expect(view.locked).toEqual(['baseUrl', 'clientId', 'confirmBeforeDial']);
    expect(view.settings).toMatchObject({
      baseUrl: 'https://pbx.example.com',
      clientId: 'agents',
      confirmBeforeDial: true,
      agentUsername: 'me',
    });
  });

  it('refuses a save that changes a locked field, naming the field; saves one that keeps it', async () => {
    const core = coreWith();
    const { settings } = await core.commands['settings:get']();
    expect(settings.agentUsername).toBe('jnovak');
    const refused = await core.commands['settings:save']({
      settings: { ...settings, confirmBeforeDial: false, clientId: 'someone-else' },
    });
    expect(refused).toEqual({
      saved: false,
      errors: {
        clientId: expect.stringContaining('organisation manages this setting'),
        confirmBeforeDial: expect.stringContaining('organisation manages this setting'),
      },
    });
    const saved = await core.commands['settings:save']({ settings: { ...settings, agentUsername: 'mine' } });
    expect(saved).toMatchObject({
      saved: true,
      view: { settings: { agentUsername: 'mine' }, locked: expect.any(Array) },
    });
  });

  it('has no locked fields, and says nothing of them, without a policy', async () => {
    const core = testAppCore({ logger: silentLogger, osRegion: 'CZ' });
    const view = await core.commands['settings:get']();
    expect(view).not.toHaveProperty('locked');
  });

  it('is read by the hosts from the file, at start', async () => {
    const userData = temporaryDirectory();
    const { core } = await composeHeadlessCore({
      userData,
      detailWriterWorker: new URL('file:///nonexistent/detailWriterWorker.js'),
      managedPolicyFile: policyFile(JSON.stringify(POLICY)),
      build: TEST_BUILD,
    });
    try {
      const view = await core.commands['settings:get']();
      expect(view.locked).toEqual(['baseUrl', 'clientId', 'confirmBeforeDial']);
      expect(view.settings).toMatchObject({
        baseUrl: 'https://pbx.example.com/api/v1.0',
        agentUsername: 'jnovak',
      });
    } finally {
      await core.dispose();
    }
  });
});
