/** What the main process says about itself and its settings, for the tests that render the whole app. */
import {
  defaultSettings,
  type AppInfo,
  type ConnectionState,
  type Settings,
  type SettingsView,
} from '../../src-main/shared/contract';

export const appInfo: AppInfo = {
  name: 'Ringside',
  version: '1.0.0',
  platform: 'linux',
  versions: { node: '24.0.0' },
  mode: 'demo',
};

export const offline: ConnectionState = { status: 'offline', message: 'The PBX did not answer.', since: 1 };

/**
 * Settings as main shows them: a fresh install's (the registry's defaults) with a PBX URL and client id, a
 * Czech desk and no dial shortcut; a test changes what it needs.
 */
export function settingsView(
  settings: Partial<Settings> = {},
  view: Partial<SettingsView> = {},
): SettingsView {
  return {
    settings: {
      ...defaultSettings(),
      defaultCountry: 'CZ',
      baseUrl: 'https://pbx.example.com/api/v1.0',
      clientId: 'ringside-api',
      dialShortcut: '',
      ...settings,
    },
    numberingCountry: { country: 'CZ', source: 'setting' },
    secretStorage: 'keychain',
    secretStored: true,
    activeMode: 'demo',
    demoAvailable: true,
    certificate: null,
    dialShortcut: null,
    ...view,
  };
}
