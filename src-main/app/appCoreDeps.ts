/**
 * What AppCore is built from: the host's services (where settings and secrets live, how requests reach the
 * PBX, the demo PBX launcher) and the schedules tests shorten; and the few hooks a desktop host needs beyond
 * the command table.
 */
import type { PbxClientConfig } from '../api';
import type { CallerDirectory, CallsService, HistoryServiceDeps, RecentNumbersStore } from '../calls';
import type { QueueChangeLogStore, QueuesPolicy } from '../calls/queues';
import type { Clock } from '../shared/clock';
import type { AppInfo, AppMode, DialShortcutStatus, ShortcutSetting } from '../shared/contract';
import type { Logger } from '../shared/logger';
import type { HealthPolicy } from './connection/connectionManager';
import type { DemoPbxLauncher } from './connection/connectionModeController';
import type { PbxTransport } from './connection/pbxTransport';
import type { CacheFileOpener } from './directory/directoryCaches';
import type { SyncSchedulerDeps } from './directory/syncScheduler';
import type { ManagedPolicy } from './settings/managedPolicy';
import type { SecretStore } from './settings/secretStore';
import type { SettingsRepository, SettingsStore } from './settings/settingsRepository';
import type { LoginItem } from './settings/settingsService';

export interface AppCoreDeps {
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
  /** How requests reach the PBX (Electron's net.fetch in the app); Node's fetch when absent. */
  transport?: PbxTransport;
  /** Starts the embedded demo PBX; without it the demo mode means "not configured". */
  demoPbx?: DemoPbxLauncher;
  /** The OS region (ISO 3166 alpha-2; shared/i18n/osLocale.ts), after the PBX side's for phone numbers. */
  osRegion?: string;
  /** The OS's preferred languages, most preferred first; none when absent (English then). */
  systemLanguages?: readonly string[];
  /** Speak the pseudo-locale (layout tests). */
  pseudoLocale?: boolean;
  loginItem?: LoginItem;
  /**
   * Opens an https: (or loopback http:) link in the OS browser, never in the app (shell/externalLinks.ts).
   * Absent in the browser host: its page opens the CRM link in a new tab itself.
   */
  openExternalLink?: (url: string) => Promise<void>;
  /** Settings IT presets and locks (settings/managedPolicy.ts); none when absent. */
  managedPolicy?: ManagedPolicy;
  /** Tests shorten these. */
  health?: Partial<HealthPolicy>;
  pbxClientOptions?: Pick<PbxClientConfig, 'retry' | 'timeoutMs'>;
  /** The local directory (the cache) for the screen-pop and the dial preview; without it nothing matches. */
  directory?: () => CallerDirectory | undefined;
  /** Where recently dialled numbers persist (a JSON file in the app); in memory when absent. */
  recentNumbers?: RecentNumbersStore;
  /** Where the log of queue membership changes persists (a JSON-lines file in the app); memory when absent. */
  queueLog?: QueueChangeLogStore;
  /** Tests shorten the queues' schedules. */
  queuesPolicy?: Partial<QueuesPolicy>;
  /** Tests shorten the review fetcher's and the outbox's schedules. */
  historyPolicies?: Pick<HistoryServiceDeps, 'reviewPolicy' | 'outboxPolicy'>;
  /**
   * Opens a directory cache file by name (one per PBX, see directoryCaches.ts; the app puts them in the
   * user data directory). The PBX's call history, reviews and wrap-up outbox live in a history file beside
   * it, opened the same way. Absent: no directory cache and no sync, unless `directory` brings one; the
   * history is in memory.
   */
  openCacheFile?: CacheFileOpener;
  /** The directory sync's schedule and page sizes; tests shorten them (default: every 15 minutes). */
  directorySync?: Pick<
    SyncSchedulerDeps,
    'intervalMs' | 'progressIntervalMs' | 'syncOptions' | 'timers' | 'returnMemory'
  >;
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
}
