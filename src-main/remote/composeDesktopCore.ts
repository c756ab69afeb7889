/**
 * Builds the desktop app's core as src-main/index.ts runs it: the local AppCore (composeAppCore), the
 * connection choice in the settings file, the team server session in the same SecretStore as the PBX's
 * secret, and the switching core over them (desktopConnection.ts) answering `teamServer:*` itself
 * (teamServerAccount.ts). What only Electron can give (opening the browser, showing the window) comes in.
 */
import type { Dispatcher } from 'undici';
import { composeAppCore, type HostServices } from '../app/composeAppCore';
import type { SettingsStore } from '../app/settings/settingsRepository';
import type { Logger } from '../shared/logger';
import { systemClock, type Clock } from '../shared/clock';
import type { ReconnectPolicy } from '../shared/reconnectDelay';
import { startBrowserSignIn } from './browserSignIn';
import { DesktopConnection } from './desktopConnection';
import { OfflineDirectory, removeOfflineDirectory } from './offlineDirectory';
import { enrollWithLink } from './enrollment';
import { RemoteCore } from './remoteCore';
import type { CreateSocket } from './remoteLink';
import { signOutOnServer } from './serverSignOut';
import { createServerDispatcher } from './serverTrust';
import { SessionKeychain } from './sessionKeychain';
import { TeamServerAccount, type StartBrowserSignIn } from './teamServerAccount';
import { TeamServerChoiceStore } from './teamServerChoice';

export interface DesktopCoreServices extends HostServices {
  /** Opens the OS browser (a browser sign-in). */
  openExternal(url: string): Promise<void>;
  /** Brings the main window forward. */
  showWindow(): void;
  /** The sign-in through the system browser (loopback redirect, PKCE); default: browserSignIn.ts. */
  startBrowserSignIn?: StartBrowserSignIn;
  /** The name this computer is listed under in the server's sessions. */
  deviceName?: string;
  /** The TLS trust of a server's requests and WebSocket; default: the OS store and a pin (serverTrust.ts). */
  dispatcherFor?: (serverUrl: string, certificatePem: string | null) => Dispatcher | undefined;
  /** Deletes the files a session left for a server; default: its offline directory copy (closed first). */
  removeSessionFiles?: (serverUrl: string) => Promise<void>;
  /** Tests: the WebSocket seam and the reconnect schedule of the RemoteCore. */
  createSocket?: CreateSocket;
  reconnect?: ReconnectPolicy;
  clock?: Clock;
}

export interface ComposedDesktopCore {
  core: DesktopConnection;
  account: TeamServerAccount;
  settingsStore: SettingsStore;
}

export async function composeDesktopCore(host: DesktopCoreServices): Promise<ComposedDesktopCore> {
  const { logger } = host;
  const clock = host.clock ?? systemClock;
  const local = await composeAppCore(host);
  const choice = new TeamServerChoiceStore({
    store: local.settingsStore,
    policy: local.managedPolicy.teamServer,
    logger,
  });
  const sessions = new SessionKeychain(local.secretStore, logger);
  const dispatcherFor = host.dispatcherFor ?? serverDispatchers(logger);
  // The copy each server's RemoteCore searches offline, so forgetting a session can close it before deleting it.
  const offlineCopies = new Map<string, OfflineDirectory>();
  const removeSessionFiles =
    host.removeSessionFiles ??
    (async (serverUrl: string) => {
      offlineCopies.get(serverUrl)?.close();
      offlineCopies.delete(serverUrl);
      removeOfflineDirectory(host.userData, serverUrl);
    });
  const account = new TeamServerAccount({
    choice,
    sessions,
    policy: local.managedPolicy.teamServer,
    enroll: (link, options) => enrollWithLink(link, options),
    signOutOnServer: (credential, dispatcher) => signOutOnServer(credential, { dispatcher, logger }),
    startBrowserSignIn: host.startBrowserSignIn ?? startBrowserSignIn,
    deviceName: host.deviceName,
    openExternal: host.openExternal,
    dispatcherFor,
    removeSessionFiles,
    showWindow: host.showWindow,
    clock,
    logger,
  });
  const core = new DesktopConnection({
    local: local.core,
    choice: () => choice.current,
    session: (origin) => sessions.read(origin),
    createRemote: (credential, certificatePem) => {
      const offlineDirectory = new OfflineDirectory({
        directory: host.userData,
        serverUrl: credential.origin,
        logger,
        clock,
      });
      offlineCopies.set(credential.origin, offlineDirectory);
      return new RemoteCore({
        credential,
        offlineDirectory,
        clock,
        logger,
        settings: local.core.desktop.settings,
        reconnect: host.reconnect,
        dispatcher: dispatcherFor(credential.origin, certificatePem),
        createSocket: host.createSocket,
      });
    },
    onSignedOut: (origin) => account.forgetSession(origin),
    ownCommands: account.handlers(),
    onChanged: () => account.changed(),
    offerLink: (link) => account.offerLink(link),
    clock,
    logger,
  });
  account.attach(core);
  return { core, account, settingsStore: local.settingsStore };
}

/**
 * One dispatcher per server and trusted certificate, kept while they stay the chosen ones: building the
 * OS store's secure context is costly (serverTrust.ts), and a changed pin must not reuse old connections.
 */
function serverDispatchers(logger: Logger): (serverUrl: string, certificatePem: string | null) => Dispatcher {
  let current: { key: string; dispatcher: Dispatcher } | null = null;
  return (serverUrl, certificatePem) => {
    const key = `${serverUrl}\n${certificatePem ?? ''}`;
    if (current?.key === key) return current.dispatcher;
    const previous = current;
    current = { key, dispatcher: createServerDispatcher({ serverUrl, certificatePem, logger }) };
    // Closed once its requests end; a RemoteCore still on it is being replaced by the switch that asked.
    void previous?.dispatcher.close().catch(() => {});
    return current.dispatcher;
  };
}
