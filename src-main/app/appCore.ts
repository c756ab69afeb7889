import type { PbxClient } from '../api';
import {
  MemoryRecentNumbersStore,
  type CallsService,
  type HistoryService,
  type RecentNumbersStore,
} from '../calls';
import type { QueuesService } from '../calls/queues';
import type {
  CommandHandlers,
  ConnectionState,
  DialShortcutStatus,
  NumberingCountry,
  ShortcutSetting,
} from '../shared/contract';
import { AgentSession } from './agent/agentSession';
import type { AgentDirectory } from './connection/agentDirectory';
import { connectionHandlers } from './connection/connectionHandlers';
import type { ConnectionManager } from './connection/connectionManager';
import { ConnectionModeController, type ActiveAgent } from './connection/connectionModeController';
import { ConnectionProbe } from './connection/connectionProbe';
import { nodeTransport } from './connection/pbxTransport';
import type { DirectoryCaches } from './directory/directoryCaches';
import type { SyncScheduler } from './directory/syncScheduler';
import type { EventListener } from './eventHub';
import type { LocaleService } from './i18n/localeService';
import { PbxServices } from './pbx/pbxServices';
import { LocalDataClearer } from './privacy/localDataClearer';
import { privacyHandlers } from './privacy/privacyHandlers';
import { adminOutsideTeamServer } from './admin/adminOutsideTeamServer';
import { presenceOutsideTeamServer } from './presence/presenceOutsideTeamServer';
import { teamServerClientUnavailable } from './teamServerClient/teamServerClientUnavailable';
import { NO_POLICY, withPresets } from './settings/managedPolicy';
import { MemorySecretStore } from './settings/secretStore';
import { MemorySettingsStore, SettingsRepository } from './settings/settingsRepository';
import { defaultSettings } from './settings/settingsSchema';
import { settingsHandlers } from './settings/settingsHandlers';
import { SettingsService } from './settings/settingsService';
import type { AppCoreDeps, DesktopHooks } from './appCoreDeps';

export type { AppCoreDeps, DesktopHooks } from './appCoreDeps';

/**
 * The application core of a one-agent host (the desktop app, the browser host): one PbxServices (the
 * connection, the directory cache and its sync) and one AgentSession (the agent's calls, history, queues,
 * language and events), with what only such a host has: the settings that choose the PBX and the agent
 * (connection/connectionModeController.ts), Settings' commands and Clear local data. It combines the
 * handlers into the one command table (`commands`) and fans out the session's events (`subscribe`). A host
 * binds exactly those two; it knows nothing of Electron, so the desktop shell, the browser host and the tests
 * all drive the same core.
 */
export class AppCore {
  /** The services behind the commands, for tests that look behind them; hosts use only `commands`, `subscribe` and `desktop`. */
  readonly settings: SettingsRepository;
  /** What the PBX has once for every agent: connection, directory cache and sync (pbx/pbxServices.ts). */
  readonly pbxServices: PbxServices;
  /** The agent's own part: calls, history, queues, language, events (agent/agentSession.ts). */
  readonly session: AgentSession;
  private readonly modes: ConnectionModeController;
  private readonly settingsService: SettingsService;
  private readonly localData: LocalDataClearer;
  private sessionStarted = false;
  /** Every command of the contract, validated by the host before it gets here. */
  readonly commands: CommandHandlers;
  readonly desktop: DesktopHooks;

  constructor(private readonly deps: AppCoreDeps) {
    const { clock, logger } = deps;
    const secrets = deps.secretStore ?? new MemorySecretStore();
    const transport = deps.transport ?? nodeTransport;
    const recentNumbers = deps.recentNumbers ?? new MemoryRecentNumbersStore();
    this.settings = new SettingsRepository({
      store: deps.settingsStore ?? new MemorySettingsStore(),
      defaults: withPresets(defaultSettings(), deps.managedPolicy ?? NO_POLICY),
      policy: deps.managedPolicy,
      logger,
    });
    this.pbxServices = new PbxServices({
      clock,
      logger,
      transport,
      health: deps.health,
      pbxClientOptions: deps.pbxClientOptions,
      openCacheFile: deps.openCacheFile,
      directorySync: deps.directorySync,
      // One agent: the directory reads numbers in that agent's country.
      defaultCountry: () => this.numberingCountry().country,
    });
    this.modes = new ConnectionModeController({
      settings: this.settings,
      secrets,
      connection: this.pbxServices.connection,
      demo: deps.demoPbx,
      logger,
    });
    this.session = AgentSession.create({
      pbx: this.pbxServices,
      clock,
      logger,
      settings: this.settings,
      agent: () => this.modes.agent,
      demoCountry: () => this.modes?.demoCountry,
      osRegion: deps.osRegion,
      systemLanguages: deps.systemLanguages,
      pseudoLocale: deps.pseudoLocale,
      speaksForProcess: true,
      directory: deps.directory,
      recentNumbers,
      queueLog: deps.queueLog,
      queuesPolicy: deps.queuesPolicy,
      historyPolicies: deps.historyPolicies,
      openExternalLink: deps.openExternalLink,
      onNumberingCountryChanged: () => this.resendSettingsView(),
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
    this.localData = this.localDataClearer(recentNumbers);
    this.commands = {
      ...this.session.speakingCommands({
        ...connectionHandlers({
          build: deps.build,
          mode: () => deps.mode ?? this.modes.activeMode,
          connection: () => this.session.connectionState,
          checkNow: () => this.pbx.checkNow(),
        }),
        ...settingsHandlers({
          service: this.settingsService,
          probe,
          requireClient: () => this.session.requireClient(),
          onSaved: (view) => this.session.emit('settings:changed', view),
        }),
        ...privacyHandlers(this.localData),
        ...adminOutsideTeamServer(),
        ...presenceOutsideTeamServer(),
        ...teamServerClientUnavailable(),
      }),
      ...this.session.commands,
    };
    this.desktop = {
      requestDial: (text, source) => this.session.inLocale(() => this.calls.requestDial(text, source)),
      pollNow: () => this.session.inLocale(() => this.calls.pollNow()),
      reportShortcut: (setting, status) => this.reportShortcut(setting, status),
      settings: this.settings,
    };
  }

  /** The active PBX: its client (`pbx.client`), state and health check. */
  get pbx(): ConnectionManager {
    return this.pbxServices.connection;
  }

  /** The directory cache of the active PBX (`caches.current`), one file per PBX. */
  get caches(): DirectoryCaches {
    return this.pbxServices.caches;
  }

  /** When the directory sync runs; `await directorySync.idle()` waits for a running one. */
  get directorySync(): SyncScheduler {
    return this.pbxServices.directorySync;
  }

  get calls(): CallsService {
    return this.session.calls;
  }

  /** The agent's queues: membership, changes and the queue board (docs/queues.md). */
  get queues(): QueuesService {
    return this.session.queues;
  }

  /** Who the agent is on the PBX (connection/agentDirectory.ts): for every feature that needs the agent's user. */
  get agentDirectory(): AgentDirectory {
    return this.session.agentDirectory;
  }

  /** The language in use (i18n/localeService.ts). */
  get locale(): LocaleService {
    return this.session.locale;
  }

  /** Call history, reviews, wrap-ups and search of the active PBX (docs/history-and-review.md). */
  get history(): HistoryService {
    return this.session.history;
  }

  /** Connects to the PBX the settings name (starting the demo PBX when they name it); again after `standBy`. */
  async start(): Promise<void> {
    if (!this.sessionStarted) this.session.start();
    this.sessionStarted = true;
    await this.session.inLocale(() => this.modes.apply());
    this.session.emit('settings:changed', await this.settingsService.view());
  }

  /**
   * Leaves the PBX (the desktop app now runs on a team server): the connection closes and the demo PBX stops;
   * `start` connects again.
   */
  async standBy(): Promise<void> {
    await this.modes.standBy();
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
    return this.session.subscribe(listener);
  }

  /** The shell registered a global shortcut, or could not: Settings shows which (`SettingsView.dialShortcut`…). */
  private reportShortcut(setting: ShortcutSetting, status: DialShortcutStatus): void {
    this.settingsService.shortcuts[setting] = status;
    this.resendSettingsView();
  }

  /** The country numbers without a country code are read in (Settings, else the agent's PBX locale, else the OS). */
  numberingCountry(): NumberingCountry {
    return this.session.numberingCountry();
  }

  /** Settings shows something that changed outside a save (the numbering country, a shortcut's registration). */
  private resendSettingsView(): void {
    const warn = (error: unknown) => this.deps.logger.warn('the settings view could not be built', error);
    this.settingsService.view().then((view) => this.session.emit('settings:changed', view), warn);
  }

  protected setConnection(status: ConnectionState['status'], message: string): void {
    this.deps.logger.info(`connection: ${status}`);
    this.session.showConnection({ status, message, since: this.deps.clock.now() });
  }

  /** Clear local data: this computer's caches and history of the one agent and PBX. */
  private localDataClearer(recentNumbers: RecentNumbersStore): LocalDataClearer {
    return new LocalDataClearer({
      pendingWrapUps: () => this.history.pending(),
      stopSync: async () => {
        this.directorySync.cancel();
        await this.directorySync.idle();
      },
      restartSync: () => this.directorySync.reset(),
      forgetHistoryInFlight: () => this.history.forgetInFlight(),
      databases: () => {
        const current = this.caches.current;
        return current ? [current.database.db, ...(current.history ? [current.history.db] : [])] : [];
      },
      recentNumbers,
      afterClear: ({ wrapUps }) => this.localDataCleared(wrapUps.map((entry) => entry.uniqueid)),
      logger: this.deps.logger,
    });
  }

  /** Clear local data is done: the screens show it, the outbox forgets the dropped saves, the sync starts over. */
  private localDataCleared(droppedWrapUps: string[]): void {
    this.session.historyReplaced();
    for (const uniqueid of droppedWrapUps) {
      this.session.emit('wrapup:changed', { uniqueid, pending: null, pendingCount: 0 });
    }
    this.directorySync.reset();
    this.history.resume();
  }

  async dispose(): Promise<void> {
    this.session.dispose();
    this.pbxServices.stopSync();
    await this.modes.dispose();
    await this.pbxServices.dispose();
  }
}
