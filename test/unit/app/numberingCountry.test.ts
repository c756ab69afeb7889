/**
 * The country numbers without a country code are read in: the agent's choice, else the PBX side, else the OS,
 * else a fallback Settings names. Against a demo PBX over HTTP: an agent whose PBX user is Czech gets Czech
 * numbers on a computer whose locale is C.UTF-8.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { numberingCountry } from '../../../src-main/app/settings/numberingCountry';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { osRegion } from '../../../src-main/shared/i18n';
import { directoryCore, useConfiguredPbx } from './directoryFixtures';

describe('the numbering country', () => {
  it("takes the agent's choice first", () => {
    expect(numberingCountry({ setting: 'sk', agentLocale: 'cs_CZ', osRegion: 'GB' })).toEqual({
      country: 'SK',
      source: 'setting',
    });
  });

  it("on Automatic takes the PBX side: the demo's country, else the agent's Czech or Slovak locale", () => {
    expect(numberingCountry({ setting: '', agentLocale: 'cs_CZ', osRegion: 'GB' })).toEqual({
      country: 'CZ',
      source: 'pbx',
    });
    expect(numberingCountry({ setting: '', agentLocale: 'en_US', demoCountry: 'CZ' })).toEqual({
      country: 'CZ',
      source: 'pbx',
    });
  });

  it("reads the PBX's en_US as a language, not a place, and goes on to the OS region", () => {
    expect(numberingCountry({ setting: '', agentLocale: 'en_US', osRegion: 'GB' })).toEqual({
      country: 'GB',
      source: 'os',
    });
  });

  it('falls back to a country Settings names as a guess when nothing names one', () => {
    const underC = osRegion({ LANG: 'C.UTF-8' }, 'linux', 'US');
    expect(numberingCountry({ setting: '', agentLocale: 'en_US', osRegion: underC })).toEqual({
      country: 'US',
      source: 'fallback',
    });
  });
});

describe('a Czech agent on a computer in the C locale', { timeout: 30_000 }, () => {
  let pbx: DemoPbx;
  let cacheDirectory: string;
  let core: AppCore;
  let czechAgent: string;

  beforeAll(async () => {
    pbx = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
    const czech = pbx.sim.state.organisation
      .allUsers()
      .find((user) => user.locale === 'cs_CZ' && user.primary_extension !== null && user.public);
    czechAgent = czech!.username;
    cacheDirectory = mkdtempSync(join(tmpdir(), 'ringside-numbering-'));
    core = directoryCore(cacheDirectory, { osRegion: osRegion({ LANG: 'C.UTF-8' }, 'linux', 'US') });
    await core.start();
  });
  afterAll(async () => {
    await core?.dispose();
    await pbx?.close();
    rmSync(cacheDirectory, { recursive: true, force: true });
  });

  it("reads national numbers as the agent's PBX country, and Settings says where it came from", async () => {
    const views: unknown[] = [];
    core.subscribe((channel, payload) => {
      if (channel === 'settings:changed') views.push(payload);
    });
    await useConfiguredPbx(core, pbx, { agentUsername: czechAgent, defaultCountry: '' });
    await vi.waitFor(async () =>
      expect((await core.commands['settings:get']()).numberingCountry).toEqual({
        country: 'CZ',
        source: 'pbx',
      }),
    );
    expect(views.at(-1)).toMatchObject({ numberingCountry: { country: 'CZ', source: 'pbx' } });
    // The dial pad's own example reads as a Czech mobile number.
    const preview = await core.commands['dial:resolve']({ raw: '777 123 456' });
    expect(preview).toMatchObject({ ok: true, dial: '+420777123456' });
  });

  it('says which country a refused number was read in, and where to change it', async () => {
    const { settings } = await core.commands['settings:get']();
    await core.commands['settings:save']({ settings: { ...settings, defaultCountry: 'SK' } });
    const preview = await core.commands['dial:resolve']({ raw: '777 123 456' });
    expect(preview.ok).toBe(false);
    // In Czech: Automatic follows the agent's PBX locale.
    expect(preview.ok ? '' : preview.reason).toMatch(/\(Slovensko\).*Nastavení ▸ Vytáčení/);
  });
});
