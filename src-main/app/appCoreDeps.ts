/**
 * What AppCore is built from: the host's services (where settings and secrets live, how requests reach the
 * PBX, the demo PBX launcher) and the schedules tests shorten; and the few hooks a desktop host needs beyond
 * the command table.
 */
import type { CallsService } from '../calls';
import type { QueuesService } from '../calls/queues';
import type { Clock } from '../shared/clock';
import type {
  AppInfo,
  AppMode,
  CommandHandlers,
  DialShortcutStatus,
  ShortcutSetting,
} from '../shared/contract';
import type { Logger } from '../shared/logger';
import type { AgentSessionDeps } from './agent/agentSessionDeps';
import type { DemoPbxLauncher } from './connection/connectionModeController';
import type { EventListener } from './eventHub';
import type { PbxServicesDeps } from './pbx/pbxServices';
import type { ManagedPolicy } from './settings/managedPolicy';
import type { SecretStore } from './settings/secretStore';
import type { SettingsRepository, SettingsStore } from './settings/settingsRepository';
import type { LoginItem } from './settings/settingsService';

/**
 * The PBX services' deps and the agent session's (pbx/pbxServices.ts, agent/agentSession.ts) that a host
 * gives, and what only a one-agent host has: settings and secrets that choose the PBX, the demo PBX.
 */
export interface AppCoreDeps
  extends
    Pick<PbxServicesDeps, 'transport' | 'health' | 'pbxClientOptions' | 'openCacheFile' | 'directorySync'>,
    Pick<
      AgentSessionDeps,
      | 'osRegion'
      | 'systemLanguages'
      | 'pseudoLocale'
      | 'directory'
      | 'recentNumbers'
      | 'queueLog'
      | 'queuesPolicy'
      | 'historyPolicies'
      | 'openExternalLink'
    > {
  clock: Clock;
  logger: Logger;
  /** Static facts about the running build, read by the composition root. */
  build: Omit<AppInfo, 'mode'>;
  /**
   * Forces the mode `app:info` reports, for tests of the app frame without a PBX. Normally absent: the mode
   * then follows the settings and the PBX actually in use.
   */
  mode?: AppMode;
  /** Where settings persist (electron-store in the app); in memory when absent. */
  settingsStore?: SettingsStore;
  /** Where the client secret lives (keychain, safeStorage or memory); memory when absent. */
  secretStore?: SecretStore;
  /** Starts the embedded demo PBX; without it the demo mode means "not configured". */
  demoPbx?: DemoPbxLauncher;
  loginItem?: LoginItem;
  /** Settings IT presets and locks (settings/managedPolicy.ts); none when absent. */
  managedPolicy?: ManagedPolicy;
}

/**
 * The hooks a desktop host needs beyond the command table: the tray, the global shortcut and `tel:` links
 * start dials, power events wake the monitor, and the shortcut's registration is reported to Settings.
 */
export interface DesktopHooks {
  requestDial: CallsService['requestDial'];
  pollNow(): void;
  reportShortcut(setting: ShortcutSetting, status: DialShortcutStatus): void;
  /** The current settings, and a way to follow them (the shortcut and tray behaviour depend on them). */
  readonly settings: Pick<SettingsRepository, 'current' | 'subscribe'>;
  /**
   * A `ringside:` enrollment link the OS handed over: offered to the agent, never used by itself (a web page
   * can open such links). Absent where the core cannot be a team server's client.
   */
  offerTeamServerLink?(link: string): void;
}

/**
 * What the desktop shell runs on (shell/callSurfaces.ts, shell/ipc.ts): AppCore, or the desktop's switching
 * core (remote/desktopConnection.ts) over AppCore or a team server.
 */
export interface DesktopCore {
  readonly commands: CommandHandlers;
  readonly desktop: DesktopHooks;
  /** The agent's queues as the quit, sleep and lock handling reads and pauses them. */
  readonly queues: Pick<QueuesService, 'pauseForAway' | 'hasActiveQueues' | 'view'>;
  subscribe(listener: EventListener): () => void;
  start(): Promise<void>;
  dispose(): Promise<void>;
}
