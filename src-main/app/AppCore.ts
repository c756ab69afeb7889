import type { PbxClientConfig } from '../api';
import type { HistoryService, HistoryServiceDeps } from '../calls/historyService';
import type {
  AgentCheckResult,
  AppInfo,
  AppMode,
  CertificateSummary,
  CommandHandlers,
  ConnectionDraft,
  ConnectionState,
  ConnectionTestResult,
  DialShortcutStatus,
  DirectoryPhonesArgs,
  PhoneChoice,
  SettingsSaveArgs,
  SettingsSaveResult,
  SettingsView,
  UsersCheckArgs,
} from '../shared/contract';
import type {
  CallsControlArgs,
  CallsDialArgs,
  CallView,
  DialPreview,
  DialResolveArgs,
  DialResult,
  RecentNumber,
} from '../shared/contract';
import type {
  CompanyCard,
  DirectoryCreatePersonArgs,
  DirectoryRecordArgs,
  DirectorySaveResult,
  DirectorySearchArgs,
  DirectorySearchResult,
  DirectoryUpdateContactsArgs,
  PersonCard,
  SyncStatus,
} from '../shared/contract';
import type {
  CallReview,
  HistoryListArgs,
  HistoryMarkSeenArgs,
  HistoryPage,
  HistorySearchArgs,
  HistorySearchResult,
  PendingSave,
  ReviewGetArgs,
  ReviewOpenArgs,
  WrapUp,
  WrapUpDiscardArgs,
  WrapUpGetArgs,
  WrapUpSaveArgs,
  WrapUpSaveResult,
} from '../shared/contract';
import {
  CallsService,
  MemoryRecentNumbersStore,
  type CallerDirectory,
  type RecentNumbersStore,
} from '../calls';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { ConnectionManager, NotConnected, type HealthPolicy } from './connection';
import { checkAgentUsername } from './connectionAgentCheck';
import { DirectoryCaches, type CacheFileOpener } from './directoryCaches';
import { DirectoryService } from './directoryService';
import { HistoryPerPbx } from './historyPerPbx';
import { ConnectionModeController, type ActiveAgent, type DemoPbxLauncher } from './connectionMode';
import { ConnectionProbe, listPhones } from './connectionProbe';
import { nodeTransport, type PbxTransport } from './connectionTransport';
import { EventHub, type EventListener } from './events';
import { MemorySecretStore, type SecretStore } from './secrets';
import { MemorySettingsStore, SettingsRepository, type SettingsStore } from './settings';
import { describeCertificate } from './settingsCertificate';
import { defaultSettings } from './settingsSchema';
import { SettingsService, type LoginItem } from './settingsService';
import { SyncScheduler, type SyncSchedulerDeps } from './syncScheduler';

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
 * The application: one method per contract command, events through `subscribe`. It knows nothing of
 * Electron; the shell binds it to IPC and the e2e harness binds it to a Playwright page.
 */
export class AppCore implements CommandHandlers {
  private readonly events: EventHub;
  private connection: ConnectionState;
  /** The user's settings; services that follow a setting subscribe here. */
  readonly settings: SettingsRepository;
  /** The active PBX: its client (`pbx.client`), state and health check. */
  readonly pbx: ConnectionManager;
  private readonly modes: ConnectionModeController;
  private readonly probe: ConnectionProbe;
  private readonly settingsService: SettingsService;
  /** Monitor, call control, screen-pop, dial path; the shell calls `calls.requestDial` and `calls.pollNow`. */
  readonly calls: CallsService;
  /** The call history of each PBX, in that PBX's cache file. */
  private readonly histories: HistoryPerPbx;
  /** The directory cache of the active PBX (`caches.current`), one file per PBX. */
  readonly caches: DirectoryCaches;
  /** When the directory sync runs; `await directorySync.idle()` waits for a running one. */
  readonly directorySync: SyncScheduler;
  private readonly directoryService: DirectoryService;

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
    this.probe = new ConnectionProbe({
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
    this.directoryService = new DirectoryService({
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

  subscribe(listener: EventListener): () => void {
    return this.events.subscribe(listener);
  }

  async 'connection:get'(): Promise<ConnectionState> {
    return this.connection;
  }

  async 'app:info'(): Promise<AppInfo> {
    return { ...this.deps.build, mode: this.deps.mode ?? this.modes.activeMode };
  }

  async 'settings:get'(): Promise<SettingsView> {
    return this.settingsService.view();
  }

  async 'settings:save'(args: SettingsSaveArgs): Promise<SettingsSaveResult> {
    const result = await this.settingsService.save(args);
    if (result.saved) this.events.emit('settings:changed', result.view);
    return result;
  }

  /** The shell registered the dial shortcut, or could not: Settings shows which (`SettingsView.dialShortcut`). */
  reportDialShortcut(status: DialShortcutStatus): void {
    this.settingsService.dialShortcut = status;
    this.settingsService.view().then(
      (view) => this.events.emit('settings:changed', view),
      (error: unknown) => this.deps.logger.warn('the settings view could not be built', error),
    );
  }

  async 'connection:test'(draft: ConnectionDraft): Promise<ConnectionTestResult> {
    return this.probe.test(draft);
  }

  async 'directory:phones'({ connection }: DirectoryPhonesArgs): Promise<PhoneChoice[]> {
    if (connection) return this.probe.withDraftClient(connection, listPhones);
    return listPhones(this.requireClient());
  }

  async 'users:check'({ username, connection }: UsersCheckArgs): Promise<AgentCheckResult> {
    if (connection)
      return this.probe.withDraftClient(connection, (client) => checkAgentUsername(client, username));
    return checkAgentUsername(this.requireClient(), username);
  }

  async 'certificate:inspect'({ pem }: { pem: string }): Promise<CertificateSummary> {
    return describeCertificate(pem);
  }

  async 'calls:dial'(args: CallsDialArgs): Promise<DialResult> {
    return this.calls.dial(args);
  }

  async 'calls:control'(args: CallsControlArgs): Promise<{ message: string }> {
    return this.calls.control(args);
  }

  async 'calls:list'(): Promise<CallView[]> {
    return this.calls.list();
  }

  async 'dial:resolve'({ raw }: DialResolveArgs): Promise<DialPreview> {
    return this.calls.resolve(raw);
  }

  async 'dial:recent'(): Promise<RecentNumber[]> {
    return this.calls.recent();
  }

  private requireClient() {
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

  async 'directory:search'(args: DirectorySearchArgs): Promise<DirectorySearchResult> {
    return this.directoryService.search(args);
  }

  async 'directory:person'(args: DirectoryRecordArgs): Promise<PersonCard> {
    return this.directoryService.person(args);
  }

  async 'directory:company'(args: DirectoryRecordArgs): Promise<CompanyCard> {
    return this.directoryService.company(args);
  }

  async 'directory:createPerson'(args: DirectoryCreatePersonArgs): Promise<DirectorySaveResult> {
    return this.directoryService.createPerson(args);
  }

  async 'directory:updateContacts'(args: DirectoryUpdateContactsArgs): Promise<DirectorySaveResult> {
    return this.directoryService.updateContacts(args);
  }

  async 'sync:run'(): Promise<SyncStatus> {
    return this.directorySync.run();
  }

  async 'sync:cancel'(): Promise<SyncStatus> {
    return this.directorySync.cancel();
  }

  async 'sync:status'(): Promise<SyncStatus> {
    return this.directorySync.status();
  }

  async 'history:list'(args: HistoryListArgs): Promise<HistoryPage> {
    return this.history.list(args);
  }

  async 'history:markSeen'(args: HistoryMarkSeenArgs): Promise<{ missedUnseen: number }> {
    return this.history.markSeen(args);
  }

  async 'history:search'(args: HistorySearchArgs): Promise<HistorySearchResult> {
    return this.history.search(args);
  }

  async 'review:get'(args: ReviewGetArgs): Promise<CallReview> {
    return this.history.review(args);
  }

  async 'review:open'({ uniqueid }: ReviewOpenArgs): Promise<CallReview> {
    return this.history.open(uniqueid);
  }

  async 'wrapup:get'({ uniqueid }: WrapUpGetArgs): Promise<WrapUp> {
    return this.history.wrapUp(uniqueid);
  }

  async 'wrapup:save'(args: WrapUpSaveArgs): Promise<WrapUpSaveResult> {
    return this.history.save(args);
  }

  async 'wrapup:pending'(): Promise<PendingSave[]> {
    return this.history.pending();
  }

  async 'wrapup:discard'({ uniqueid }: WrapUpDiscardArgs): Promise<{ discarded: boolean }> {
    return this.history.discard(uniqueid);
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
