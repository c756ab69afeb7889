/** What the main process says about itself and its settings, for the tests that render the whole app. */
import {
  defaultSettings,
  type AppInfo,
  type ConnectionState,
  type Settings,
  type SettingsView,
  type TeamServerClientView,
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

/**
 * The desktop app's team-server view: a client that may choose, on this computer's PBX connection, signed in
 * nowhere; a test changes what it needs.
 */
export function teamServerView(view: Partial<TeamServerClientView> = {}): TeamServerClientView {
  return {
    available: true,
    kind: 'pbx',
    serverUrl: '',
    locked: false,
    certificate: null,
    credentialStorage: 'keychain',
    signedIn: false,
    agent: null,
    link: 'idle',
    browserSignIn: null,
    ...view,
  };
}

/** Signed in to the team server as Jana, its link up. */
export const janaOnTeamServer: Partial<TeamServerClientView> = {
  kind: 'team-server',
  serverUrl: 'https://ringside.example.com',
  signedIn: true,
  agent: { username: 'jana', displayName: 'Jana Nováková' },
  link: 'connected',
};
