/**
 * Toll fraud, as a web page would try it: with "Ask before dialling" off, a `tel:` link (or the shortcut's
 * selected text) to an international network, a satellite service or another country must not reach the
 * PBX until the agent confirms it, and the confirmation says why. Real AppCore, real HTTP to a demo PBX.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import type { UntrustedDialSource } from '../../../src-main/shared/contract';
import { demoPbxCore, type DemoPbxCore } from './demoPbxCore';

let harness: DemoPbxCore;
let core: AppCore;
const pbxCalls = () => harness.pbxCalls();

async function hangUpAll(): Promise<void> {
  for (const call of await pbxCalls()) {
    // The app hangs up only a call its polling has seen: retried until it has.
    await vi.waitFor(() => core.commands['calls:control']({ uniqueid: call.uniqueid, action: 'hangup' }), {
      timeout: 5000,
      interval: 50,
    });
  }
}

beforeAll(async () => {
  harness = await demoPbxCore(5);
  core = harness.core;
  await core.start();
  const { settings } = await core.commands['settings:get']();
  const saved = await core.commands['settings:save']({
    settings: { ...settings, defaultCountry: 'CZ', confirmBeforeDial: false },
  });
  expect(saved).toMatchObject({ saved: true });
});

afterAll(async () => {
  await harness?.close();
});

describe('with "Ask before dialling" off', () => {
  it.each([
    ['link', '+88234567890', 'international-network', undefined],
    ['link', '+252612345678', 'foreign-country', 'SO'],
    ['link', '+870773111111', 'international-network', undefined],
    ['shortcut', '+882 3456 7890', 'international-network', undefined],
    ['shortcut', '+252 61 234 5678', 'foreign-country', 'SO'],
    ['shortcut', '+49 30 901820', 'foreign-country', 'DE'],
  ] as const)(
    'a %s to %s asks first (%s) and nothing reaches the PBX until confirmed',
    async (source: UntrustedDialSource, text, caution, country) => {
      const outcome = await core.desktop.requestDial(text, source);
      expect(outcome).toMatchObject({ status: 'confirm', request: { caution } });
      if (outcome.status !== 'confirm') return;
      expect(outcome.request.cautionCountry).toBe(country);
      expect(await pbxCalls()).toEqual([]);

      const { dial, requestId } = outcome.request;
      const result = await core.commands['calls:dial']({ number: dial, source, requestId });
      expect(result.dialled).toBe(dial);
      expect(await pbxCalls()).toMatchObject([{ called_number: dial }]);
      await hangUpAll();
    },
  );

  it.each(['link', 'shortcut'] as const)(
    'a %s to a number of the agent’s own country dials at once',
    async (source) => {
      const outcome = await core.desktop.requestDial('+420602111222', source);
      expect(outcome).toMatchObject({ status: 'dialled', result: { dialled: '+420602111222' } });
      expect(await pbxCalls()).toMatchObject([{ called_number: '+420602111222' }]);
      await hangUpAll();
    },
  );

  it('dials a country the agent allowed at once, but still asks for an international network', async () => {
    const { settings } = await core.commands['settings:get']();
    const saved = await core.commands['settings:save']({ settings: { ...settings, dialCountries: ['so'] } });
    expect(saved).toMatchObject({ saved: true });
    expect((await core.commands['settings:get']()).settings.dialCountries).toEqual(['SO']);

    const somalia = await core.desktop.requestDial('+252612345678', 'link');
    expect(somalia).toMatchObject({ status: 'dialled', result: { dialled: '+252612345678' } });
    await hangUpAll();
    const network = await core.desktop.requestDial('+88234567890', 'link');
    expect(network).toMatchObject({ status: 'confirm', request: { caution: 'international-network' } });
    expect(await pbxCalls()).toEqual([]);
    await core.commands['settings:save']({ settings: { ...settings, dialCountries: [] } });
  });

  it('refuses an allowed country that is not one', async () => {
    const { settings } = await core.commands['settings:get']();
    const saved = await core.commands['settings:save']({ settings: { ...settings, dialCountries: ['XX'] } });
    expect(saved).toMatchObject({ saved: false, errors: { dialCountries: expect.stringContaining('XX') } });
  });
});
