import type { PbxClient } from '../api';
import { CallsService, MemoryRecentNumbersStore, type CallerDirectory, type HistoryService } from '../calls';
import { MissedCallAlerts } from '../calls/history/missedCallAlerts';
import { MemoryQueueChangeLog, QueuesService } from '../calls/queues';
import {
  type CommandHandlers,
  type ConnectionState,
  type DialShortcutStatus,
  type NumberingCountry,
  type ShortcutSetting,
} from '../shared/contract';
import { callsHandlers } from './calls/callsHandlers';
import { callerContextServices } from './crm/callerContextServices';
import { AgentDirectory } from './connection/agentDirectory';
import { PersonActivityReader } from '../calls/context/personActivity';
import { connectionHandlers } from './connection/connectionHandlers';
import { ConnectionManager, NotConnected } from './connection/connectionManager';
import { ConnectionModeController, type ActiveAgent } from './connection/connectionModeController';
import { ConnectionProbe } from './connection/connectionProbe';
import { PublishedConnection } from './connection/publishedConnection';
import { isUnreachable } from './connection/describeConnectionFailure';
import { nodeTransport } from './connection/pbxTransport';
import { DirectoryCaches } from './directory/directoryCaches';
import { directoryHandlers } from './directory/directoryHandlers';
import { DirectoryService } from './directory/directoryService';
import { SyncScheduler } from './directory/syncScheduler';
import { usersWithLogin } from './directory/usersWithLogin';
import { EventHub, type EventListener } from './eventHub';
import { historyHandlers } from './history/historyHandlers';
import { localeHandlers } from './i18n/localeHandlers';
import { LocaleService } from './i18n/localeService';
import { queuesAgentOf, queuesAgentProblem } from './queues/queuesAgent';
import { queuesHandlers } from './queues/queuesHandlers';
import { HistoryPerPbx } from './history/historyPerPbx';
import { HistoryRetention } from './privacy/historyRetention';
import { LocalDataClearer } from './privacy/localDataClearer';
import { privacyHandlers } from './privacy/privacyHandlers';
import { NO_POLICY, withPresets } from './settings/managedPolicy';
import { MemorySecretStore } from './settings/secretStore';
import { MemorySettingsStore, SettingsRepository } from './settings/settingsRepository';
import { defaultSettings } from './settings/settingsSchema';
import { settingsHandlers } from './settings/settingsHandlers';
import { SettingsService } from './settings/settingsService';
import { numberingCountry } from './settings/numberingCountry';
import type { AppCoreDeps, DesktopHooks } from './appCoreDeps';

export type { AppCoreDeps, DesktopHooks } from './appCoreDeps';

/**
 * The application core: builds every service, combines the areas' handlers into the one command table
 * (`commands`) and fans out their events (`subscribe`). A host binds exactly those two; it knows nothing of
 * Electron, so the desktop shell, the browser host and the tests all drive the same core.
 */
export class AppCore {
  private readonly events: EventHub;
  private readonly published: PublishedConnection;
  /** The services behind the commands, for tests that look behind them; hosts use only `commands`, `subscribe` and `desktop`. */
  readonly settings: SettingsRepository;
  /** The active PBX: its client (`pbx.client`), state and health check. */
  readonly pbx: ConnectionManager;
  private readonly modes: ConnectionModeController;
  private readonly settingsService: SettingsService;
  readonly calls: CallsService;
  /** The agent's queues: membership, changes and the queue board (docs/queues.md). */
  readonly queues: QueuesService;
  /** The call history of each PBX, in that PBX's history file. */
  private readonly histories: HistoryPerPbx;
  /** The directory cache of the active PBX (`caches.current`), one file per PBX. */
  readonly caches: DirectoryCaches;
  /** When the directory sync runs; `await directorySync.idle()` waits for a running one. */
  readonly directorySync: SyncScheduler;
  /** Who the agent is on the PBX (connection/agentDirectory.ts): for every feature that needs the agent's user. */
  readonly agentDirectory: AgentDirectory;
  /** The language in use (i18n/localeService.ts). */
  readonly locale: LocaleService;
  private readonly missedCalls: MissedCallAlerts;
  /** The numbering country Settings last showed (a change re-sends the settings view). */
  private shownNumberingCountry: NumberingCountry | undefined;
  /** Settings ▸ Privacy's retention period for the local history (privacy/historyRetention.ts). */
  private readonly retention: HistoryRetention;
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
      defaults: withPresets(defaultSettings(), deps.managedPolicy ?? NO_POLICY),
      policy: deps.managedPolicy,
      logger,
    });
    this.pbx = new ConnectionManager({
      clock,
      logger,
      transport,
      health: deps.health,
      clientOptions: deps.pbxClientOptions,
      onState: (state) => this.published.publish(state),
    });
    this.published = new PublishedConnection(this.pbx.current, {
      emit: (state) => this.events.emit('connection:state', state),
      // Saves and review fetches waiting for the PBX go out now rather than at their next backoff, and the
      // monitor polls at once: it may still be sleeping off its 30 s backoff while the status says connected.
      onRecovered: () => {
        this.history.resume();
        this.calls.pollNow();
      },
      onStatus: (status) => {
        this.directorySync?.connectionChanged(status);
        this.agentDirectory?.connectionChanged(status);
      },
    });
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
      numberingCountry: () => this.numberingCountry(),
      loginItem: deps.loginItem,
      policy: deps.managedPolicy,
      logger,
    });
    this.caches = new DirectoryCaches({
      open: deps.openCacheFile,
      defaultCountry: () => this.numberingCountry().country,
      onDirectoryRebuilt: () => this.directorySync.reset(),
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
    this.agentDirectory = new AgentDirectory({
      client: () => this.pbx.client,
      username: () => this.modes.agent?.username,
      knownUserIds: (username) => usersWithLogin(this.caches.current?.directory, username),
      clock,
      logger,
    });
    const directoryService = new DirectoryService({
      cache: () => this.caches.current,
      cacheProblem: () => this.caches.openError,
      client: () => this.pbx.client,
      defaultCountry: () => this.numberingCountry().country,
      newContactsGroupId: () => this.settings.current.newContactsGroupId,
      agent: () => this.agentDirectory.settled(),
      onCacheChanged: () => this.directorySync.cacheChanged(),
      logger,
    });
    this.histories = new HistoryPerPbx({
      caches: this.caches,
      client: () => this.pbx.client,
      agent: () => this.modes.agent?.username || undefined,
      online: () => this.published.state.status === 'connected',
      directory: () => this.directory(),
      defaultCountry: () => this.numberingCountry().country,
      emit: (channel, payload) => this.events.emit(channel, payload),
      clock,
      logger,
      ...deps.historyPolicies,
    });
    const recentNumbers = deps.recentNumbers ?? new MemoryRecentNumbersStore();
    this.calls = new CallsService({
      client: () => this.pbx.client,
      agent: () => this.modes.agent,
      settings: () => this.settings.current,
      defaultCountry: () => this.numberingCountry().country,
      directory: () => this.directory(),
      recents: recentNumbers,
      recentCalls: (dial, limit, excluding) => this.history.recentCalls(dial, limit, excluding),
      onSnapshot: (snapshot, first) => this.history.onSnapshot(snapshot, first),
      emit: (channel, payload) => this.events.emit(channel, payload),
      // A PBX that stops answering GET /call shows as offline at once; its recovery is checked at once too.
      onMonitorHealth: (health) => {
        if (health.status === 'failing') this.pbx.reportFailure(health.error);
        else if (this.published.state.status !== 'connected') void this.pbx.checkNow();
        // A PBX that answers but whose calls cannot be read stays "connected": say so beside it.
        this.published.setCallsProblem(
          health.status === 'failing' && !isUnreachable(health.error) ? health.message : undefined,
        );
      },
      clock,
      logger,
    });
    this.queues = new QueuesService({
      client: () => this.pbx.client,
      agent: () => queuesAgentOf(this.agentDirectory.state),
      agentProblem: () => queuesAgentProblem(this.agentDirectory.state),
      agentPending: () => this.agentDirectory.state.status === 'resolving',
      settings: () => this.settings.current,
      log: deps.queueLog ?? new MemoryQueueChangeLog(),
      emit: (channel, payload) => this.events.emit(channel, payload),
      setPollCadence: (cadence) => this.calls.setPollCadence(cadence),
      clock,
      logger,
      policy: deps.queuesPolicy,
    });
    this.locale = new LocaleService({
      choice: () => this.settings.current.language,
      agentLocale: () => this.agentDirectory.profile?.locale,
      systemLanguages: deps.systemLanguages ?? [],
      pseudo: deps.pseudoLocale,
      emit: (state) => this.events.emit('locale:changed', state),
      logger,
    });
    this.missedCalls = MissedCallAlerts.onEvents(this.events, () => this.requireClient(), logger);
    this.agentDirectory.onChange(() => {
      this.queues.reconfigure();
      this.locale.update();
      this.numberingMayHaveChanged();
    });
    this.pbx.onClientChange(() => {
      this.numberingMayHaveChanged();
      this.queues.reconfigure();
      // The new PBX's own cache (and history); the sync of the old one stops.
      this.caches.select(this.pbx.profile);
      this.agentDirectory.update();
      this.directorySync.reset();
      this.calls.reconfigure();
      this.history.resume();
    });
    this.retention = new HistoryRetention({
      retentionDays: () => this.settings.current.historyRetentionDays,
      purgeOlderThan: (before) => this.history.store.purgeOlderThan(before),
      onPurged: () => this.historyReplaced(),
      clock,
      logger,
    });
    // Each PBX's history as it opens (after HistoryPerPbx, which listens first, has switched to it).
    this.caches.onChange(() => this.retention.apply());
    const localData = new LocalDataClearer({
      pendingWrapUps: () => this.history.pending(),
      stopSync: async () => {
        this.directorySync.cancel();
        await this.directorySync.idle();
      },
      restartSync: () => this.directorySync.reset(),
      forgetHistoryInFlight: () => this.history.forgetInFlight(),
      databases: () => {
        const current = this.caches.current;
        return current ? [current.database.db, current.history.db] : [];
      },
      recentNumbers,
      afterClear: ({ wrapUps }) => this.localDataCleared(wrapUps.map((entry) => entry.uniqueid)),
      logger,
    });
    this.settings.subscribe(() => {
      this.locale.update();
      this.retention.apply();
      this.calls.reconfigure();
      this.agentDirectory.update();
      this.queues.settingsChanged();
      this.numberingMayHaveChanged();
    });

    this.commands = {
      ...connectionHandlers({
        build: deps.build,
        mode: () => deps.mode ?? this.modes.activeMode,
        connection: () => this.published.state,
        checkNow: () => this.pbx.checkNow(),
      }),
      ...settingsHandlers({
        service: this.settingsService,
        probe,
        requireClient: () => this.requireClient(),
        onSaved: (view) => this.events.emit('settings:changed', view),
      }),
      ...callsHandlers(
        this.calls,
        callerContextServices({
          calls: this.calls,
          settings: () => this.settings.current,
          defaultCountry: () => this.numberingCountry().country,
          teamId: () => this.agentDirectory.profile?.teamId,
          callerNumber: () => this.agentDirectory.profile?.callerNumber,
          cache: () => this.caches.current?.database,
          client: () => this.pbx.client,
          agentUsername: () => this.modes.agent?.username,
          openExternalLink: this.deps.openExternalLink,
          subscribe: (listener) => this.events.subscribe(listener),
          logger: this.deps.logger,
        }),
      ),
      ...historyHandlers(() => this.history),
      ...directoryHandlers(
        directoryService,
        this.directorySync,
        new PersonActivityReader(() => this.pbx.client),
      ),
      ...queuesHandlers(this.queues),
      ...privacyHandlers(localData),
      ...localeHandlers(this.locale, this.settings),
    };
    this.desktop = {
      requestDial: (text, source) => this.calls.requestDial(text, source),
      pollNow: () => this.calls.pollNow(),
      reportShortcut: (setting, status) => this.reportShortcut(setting, status),
      settings: this.settings,
    };
  }

  /** Call history, reviews, wrap-ups and search of the active PBX (docs/history-and-review.md). */
  get history(): HistoryService {
    return this.histories.current;
  }

  /** Connects to the PBX the settings name (starting the demo PBX when they name it). */
  async start(): Promise<void> {
    this.retention.start();
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

  /** The shell registered a global shortcut, or could not: Settings shows which (`SettingsView.dialShortcut`…). */
  private reportShortcut(setting: ShortcutSetting, status: DialShortcutStatus): void {
    this.settingsService.shortcuts[setting] = status;
    const warn = (error: unknown) => this.deps.logger.warn('the settings view could not be built', error);
    this.settingsService.view().then((view) => this.events.emit('settings:changed', view), warn);
  }

  /** The country numbers without a country code are read in (Settings, else the agent's PBX locale, else the OS). */
  numberingCountry(): NumberingCountry {
    return numberingCountry({
      setting: this.settings.current.defaultCountry,
      agentLocale: this.agentDirectory?.profile?.locale,
      demoCountry: this.modes?.demoCountry,
      osRegion: this.deps.osRegion,
    });
  }

  /**
   * The settings or the agent changed, and with them perhaps the country numbers are read in: the next sync
   * re-indexes them, and runs now; Settings shows the country in use.
   */
  private numberingMayHaveChanged(): void {
    const country = this.numberingCountry();
    if (this.caches.renumber()) this.directorySync.reset();
    const before = this.shownNumberingCountry;
    this.shownNumberingCountry = country;
    if (before && (before.country !== country.country || before.source !== country.source)) {
      const warn = (error: unknown) => this.deps.logger.warn('the settings view could not be built', error);
      this.settingsService.view().then((view) => this.events.emit('settings:changed', view), warn);
    }
  }

  private requireClient(): PbxClient {
    const client = this.pbx.client;
    if (!client) throw new NotConnected();
    return client;
  }

  protected setConnection(status: ConnectionState['status'], message: string): void {
    this.deps.logger.info(`connection: ${status}`);
    this.published.publish({ status, message, since: this.deps.clock.now() });
  }

  /** Calls left the history all at once (the retention period, or Clear local data): the screens reload. */
  private historyReplaced(): void {
    const missedUnseen = this.history.store.missedUnseen();
    this.events.emit('history:changed', { uniqueids: [], missedUnseen, reset: true });
  }

  /** Clear local data is done: the screens show it, the outbox forgets the dropped saves, the sync starts over. */
  private localDataCleared(droppedWrapUps: string[]): void {
    this.historyReplaced();
    for (const uniqueid of droppedWrapUps) {
      this.events.emit('wrapup:changed', { uniqueid, pending: null, pendingCount: 0 });
    }
    this.directorySync.reset();
    this.history.resume();
  }

  /** The directory for screen-pop, dial preview and history: the injected one, else the active PBX's cache. */
  private directory(): CallerDirectory | undefined {
    return this.deps.directory?.() ?? this.caches.current?.directory;
  }

  async dispose(): Promise<void> {
    this.retention.dispose();
    this.missedCalls.dispose();
    this.directorySync.dispose();
    this.histories.dispose();
    this.queues.dispose();
    this.agentDirectory.dispose();
    this.calls.dispose();
    await this.modes.dispose();
    // The cancelled sync ends at its next await; its cache closes after that.
    await this.directorySync.idle();
    this.caches.close();
  }
}
