/** What the main process says about itself and its settings, for the tests that render the whole app. */
import type { AppInfo, ConnectionState, Settings, SettingsView } from '../../src-main/shared/contract';

export const appInfo: AppInfo = {
  name: 'Ringside',
  version: '1.0.0',
  platform: 'linux',
  versions: { node: '24.0.0' },
  mode: 'demo',
};

export const offline: ConnectionState = { status: 'offline', message: 'The PBX did not answer.', since: 1 };

/** Settings as main shows them: the demo PBX and a PBX URL, nothing else set; a test changes what it needs. */
export function settingsView(
  settings: Partial<Settings> = {},
  view: Partial<SettingsView> = {},
): SettingsView {
  return {
    settings: {
      mode: 'demo',
      baseUrl: 'https://pbx.example.com/api/v1.0',
      clientId: 'ringside-api',
      agentUsername: '',
      phone: null,
      defaultCountry: 'CZ',
      pollIntervalMs: 1000,
      confirmBeforeDial: true,
      startAtLogin: false,
      keepRunningInTray: true,
      dialShortcut: '',
      trustedCertificatePem: null,
      ...settings,
    },
    secretStorage: 'keychain',
    secretStored: true,
    activeMode: 'demo',
    demoAvailable: true,
    certificate: null,
    dialShortcut: null,
    ...view,
  };
}
