import type { PbxClient, PbxClientConfig } from '../api';
import {
  CallsService,
  MemoryRecentNumbersStore,
  type CallerDirectory,
  type HistoryService,
  type HistoryServiceDeps,
  type RecentNumbersStore,
} from '../calls';
import type { Clock } from '../shared/clock';
import type {
  AppInfo,
  AppMode,
  CommandHandlers,
  ConnectionState,
  DialShortcutStatus,
} from '../shared/contract';
import type { Logger } from '../shared/logger';
import { callsHandlers } from './calls/callsHandlers';
import { connectionHandlers } from './connection/connectionHandlers';
import { ConnectionManager, NotConnected, type HealthPolicy } from './connection/connectionManager';
import {
  ConnectionModeController,
  type ActiveAgent,
  type DemoPbxLauncher,
} from './connection/connectionModeController';
import { ConnectionProbe } from './connection/connectionProbe';
import { nodeTransport, type PbxTransport } from './connection/pbxTransport';
import { DirectoryCaches, type CacheFileOpener } from './directory/directoryCaches';
import { directoryHandlers } from './directory/directoryHandlers';
import { DirectoryService } from './directory/directoryService';
import { SyncScheduler, type SyncSchedulerDeps } from './directory/syncScheduler';
import { EventHub, type EventListener } from './eventHub';
import { historyHandlers } from './history/historyHandlers';
import { HistoryPerPbx } from './history/historyPerPbx';
import { MemorySecretStore, type SecretStore } from './settings/secretStore';
import { MemorySettingsStore, SettingsRepository, type SettingsStore } from './settings/settingsRepository';
import { defaultSettings } from './settings/settingsSchema';
import { settingsHandlers } from './settings/settingsHandlers';
import { SettingsService, type LoginItem } from './settings/settingsService';

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
  /** The OS region (ISO 3166 alpha-2), the default country for phone numbers. */
  osRegion?: string;
  loginItem?: LoginItem;
  /** Tests shorten these. */
  health?: Partial<HealthPolicy>;
  pbxClientOptions?: Pick<PbxClientConfig, 'retry' | 'timeoutMs'>;
  /** The local directory (the cache) for the screen-pop and the dial preview; without it nothing matches. */
  directory?: () => CallerDirectory | undefined;
  /** Where recently dialled numbers persist (a JSON file in the app); in memory when absent. */
  recentNumbers?: RecentNumbersStore;
  /** Tests shorten the review fetcher's and the outbox's schedules. */
  historyPolicies?: Pick<HistoryServiceDeps, 'reviewPolicy' | 'outboxPolicy'>;
  /**
   * Opens a directory cache file by name (one per PBX, see directoryCaches.ts; the app puts them in the
   * user data directory). The PBX's call history, reviews and wrap-up outbox live in the same file.
   * Absent: no directory cache and no sync, unless `directory` brings one; the history is in memory.
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
  reportDialShortcut(status: DialShortcutStatus): void;
  /** The current settings, and a way to follow them (the shortcut and tray behaviour depend on them). */
  readonly settings: Pick<SettingsRepository, 'current' | 'subscribe'>;
}

/**
 * The application core: builds every service, combines the areas' handlers into the one command table
 * (`commands`) and fans out their events (`subscribe`). A host binds exactly those two; it knows nothing of
 * Electron, so the desktop shell, the browser host and the tests all drive the same core.
 */
export class AppCore {
  private readonly events: EventHub;
  private connection: ConnectionState;
  /** The services behind the commands, for tests that look behind them; hosts use only `commands`, `subscribe` and `desktop`. */
  readonly settings: SettingsRepository;
  /** The active PBX: its client (`pbx.client`), state and health check. */
  readonly pbx: ConnectionManager;
  private readonly modes: ConnectionModeController;
  private readonly settingsService: SettingsService;
  readonly calls: CallsService;
  /** The call history of each PBX, in that PBX's cache file. */
  private readonly histories: HistoryPerPbx;
  /** The directory cache of the active PBX (`caches.current`), one file per PBX. */
  readonly caches: DirectoryCaches;
  /** When the directory sync runs; `await directorySync.idle()` waits for a running one. */
  readonly directorySync: SyncScheduler;
  /** Every command of the contract, validated by the host before it gets here. */
  readonly commands: CommandHandlers;
  readonly desktop: DesktopHooks;

  constructor(private readonly deps: AppCoreDeps) {
    const { clock, logger } = deps;
    this.events = new EventHub(logger);
    const secrets = deps.secretStore ?? new MemorySecretStore();
    const transport = deps.transport ?? nodeTransport;
    this.settings = new SettingsRepository({
      store: deps.settingsStore ?? new MemorySettingsStore(),
      defaults: defaultSettings(deps.osRegion),
      logger,
    });
    this.pbx = new ConnectionManager({
      clock,
      logger,
      transport,
      health: deps.health,
      clientOptions: deps.pbxClientOptions,
      onState: (state) => this.publishConnection(state),
    });
    this.connection = this.pbx.current;
    this.modes = new ConnectionModeController({
      settings: this.settings,
      secrets,
      connection: this.pbx,
      demo: deps.demoPbx,
      logger,
    });
    const probe = new ConnectionProbe({
      clock,
      logger,
      transport,
      secrets,
      savedConnection: () => this.settings.current,
      clientOptions: deps.pbxClientOptions,
    });
    this.settingsService = new SettingsService({
      repository: this.settings,
      secrets,
      modes: this.modes,
      demoAvailable: deps.demoPbx !== undefined,
      loginItem: deps.loginItem,
      logger,
    });
    this.caches = new DirectoryCaches({
      open: deps.openCacheFile,
      defaultCountry: () => this.settings.current.defaultCountry,
      clock,
      logger,
    });
    this.directorySync = new SyncScheduler({
      cache: () => this.caches.current,
      cacheProblem: () => this.caches.openError,
      source: () => this.pbx.client,
      onFailure: (error) => this.pbx.reportFailure(error),
      emit: (status) => this.events.emit('sync:progress', status),
      clock,
      logger,
      ...deps.directorySync,
    });
    const directoryService = new DirectoryService({
      cache: () => this.caches.current,
      cacheProblem: () => this.caches.openError,
      client: () => this.pbx.client,
      defaultCountry: () => this.settings.current.defaultCountry,
      onCacheChanged: () => this.directorySync.cacheChanged(),
      logger,
    });
    this.histories = new HistoryPerPbx({
      caches: this.caches,
      client: () => this.pbx.client,
      agent: () => this.modes.agent?.username || undefined,
      online: () => this.connection.status === 'connected',
      directory: () => this.directory(),
      defaultCountry: () => this.settings.current.defaultCountry,
      emit: (channel, payload) => this.events.emit(channel, payload),
      clock,
      logger,
      ...deps.historyPolicies,
    });
    this.calls = new CallsService({
      client: () => this.pbx.client,
      agent: () => this.modes.agent,
      settings: () => this.settings.current,
      directory: () => this.directory(),
      recents: deps.recentNumbers ?? new MemoryRecentNumbersStore(),
      recentCalls: (dial, limit, excluding) => this.history.recentCalls(dial, limit, excluding),
      onSnapshot: (snapshot, first) => this.history.onSnapshot(snapshot, first),
      emit: (channel, payload) => this.events.emit(channel, payload),
      // A PBX that stops answering GET /call shows as offline at once; its recovery is checked at once too.
      onMonitorHealth: (health) => {
        if (health.status === 'failing') this.pbx.reportFailure(health.error);
        else if (this.connection.status !== 'connected') void this.pbx.checkNow();
      },
      clock,
      logger,
    });
    this.pbx.onClientChange(() => {
      // The new PBX's own cache (and history); the sync of the old one stops.
      this.caches.select(this.pbx.profile);
      this.directorySync.reset();
      this.calls.reconfigure();
      this.history.resume();
    });
    this.settings.subscribe(() => {
      this.calls.reconfigure();
      // A new default country reads numbers differently: the next sync re-indexes them, and runs now.
      if (this.caches.renumber()) this.directorySync.reset();
    });

    this.commands = {
      ...connectionHandlers({
        build: deps.build,
        mode: () => deps.mode ?? this.modes.activeMode,
        connection: () => this.connection,
      }),
      ...settingsHandlers({
        service: this.settingsService,
        probe,
        requireClient: () => this.requireClient(),
        onSaved: (view) => this.events.emit('settings:changed', view),
      }),
      ...callsHandlers(this.calls),
      ...historyHandlers(() => this.history),
      ...directoryHandlers(directoryService, this.directorySync),
    };
    this.desktop = {
      requestDial: (text, source) => this.calls.requestDial(text, source),
      pollNow: () => this.calls.pollNow(),
      reportDialShortcut: (status) => this.reportDialShortcut(status),
      settings: this.settings,
    };
  }

  /** Call history, reviews, wrap-ups and search of the active PBX (docs/history-and-review.md). */
  get history(): HistoryService {
    return this.histories.current;
  }

  /** Connects to the PBX the settings name (starting the demo PBX when they name it). */
  async start(): Promise<void> {
    await this.modes.apply();
    this.events.emit('settings:changed', await this.settingsService.view());
  }

  /** The agent and phone on the active PBX (the demo's own agent in demo mode). */
  get agent(): ActiveAgent | undefined {
    return this.modes.agent;
  }

  /** The active PBX's client, for tests and tools that look behind the commands; undefined while none. */
  get pbxClient(): PbxClient | undefined {
    return this.pbx.client;
  }

  subscribe(listener: EventListener): () => void {
    return this.events.subscribe(listener);
  }

  /** The shell registered the dial shortcut, or could not: Settings shows which (`SettingsView.dialShortcut`). */
  private reportDialShortcut(status: DialShortcutStatus): void {
    this.settingsService.dialShortcut = status;
    this.settingsService.view().then(
      (view) => this.events.emit('settings:changed', view),
      (error: unknown) => this.deps.logger.warn('the settings view could not be built', error),
    );
  }

  private requireClient(): PbxClient {
    const client = this.pbx.client;
    if (!client) throw new NotConnected();
    return client;
  }

  protected setConnection(status: ConnectionState['status'], message: string): void {
    this.deps.logger.info(`connection: ${status}`);
    this.publishConnection({ status, message, since: this.deps.clock.now() });
  }

  private publishConnection(state: ConnectionState): void {
    const recovered = state.status === 'connected' && this.connection.status !== 'connected';
    this.connection = state;
    this.events.emit('connection:state', state);
    // Saves and review fetches waiting for the PBX go out now rather than at their next backoff, and the
    // monitor polls at once: it may still be sleeping off its 30 s backoff while the status says connected.
    if (recovered) {
      this.history.resume();
      this.calls.pollNow();
    }
    this.directorySync?.connectionChanged(state.status);
  }

  /** The directory for screen-pop, dial preview and history: the injected one, else the active PBX's cache. */
  private directory(): CallerDirectory | undefined {
    return this.deps.directory?.() ?? this.caches.current?.directory;
  }

  async dispose(): Promise<void> {
    this.directorySync.dispose();
    this.histories.dispose();
    this.calls.dispose();
    await this.modes.dispose();
    // The cancelled sync ends at its next await; its cache closes after that.
    await this.directorySync.idle();
    this.caches.close();
  }
}
