/**
 * Settings ▸ Dialling ▸ Default country: empty is Automatic, and the hint says which country that is and where
 * it came from (the agent's PBX user, this computer, or a guess the agent should correct); a typed code is
 * named in the language in use.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { NumberingCountry } from '../../src-main/shared/contract';
import SettingsView from '../../src-renderer/views/SettingsView.svelte';
import { settingsView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

async function countryField(numberingCountry: NumberingCountry, defaultCountry = '') {
  installFakeRingside({
    'settings:get': () => ok(settingsView({ defaultCountry }, { numberingCountry })),
  });
  render(SettingsView);
  return screen.findByLabelText('Default country');
}

describe('the default country', () => {
  it("on Automatic names the country of the agent's PBX user", async () => {
    const field = await countryField({ country: 'CZ', source: 'pbx' });
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(/^Automatic: Czechia, the country of your PBX user's language/);
  });

  it("on Automatic names this computer's region", async () => {
    const field = await countryField({ country: 'SK', source: 'os' });
    expect(field).toHaveAccessibleDescription(/^Automatic: Slovakia, this computer's region/);
  });

  it('says when nothing named a country and the country is a guess', async () => {
    const field = await countryField({ country: 'US', source: 'fallback' });
    expect(field).toHaveAccessibleDescription(
      /neither your PBX user nor this computer names a country.*United States/,
    );
  });

  it('names a typed code, and goes back to Automatic when emptied', async () => {
    const field = await countryField({ country: 'GB', source: 'setting' }, 'GB');
    expect(field).toHaveAccessibleDescription(/^United Kingdom\./);
    await fireEvent.input(field, { target: { value: '' } });
    expect(field).toHaveAccessibleDescription(
      /^Automatic: the country of your PBX user's language.*once saved/,
    );
  });
});
