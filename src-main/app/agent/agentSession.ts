/**
 * Everything one agent has of their own on a PBX: their settings and language, who they are and their phone,
 * their calls (monitor, dial, call control, screen-pop), their history file with its wrap-up outbox, their
 * queue membership, missed-call alerts, their events and their command table. The PBX-wide part (connection,
 * directory cache and sync) is the shared PbxServices. The desktop app and the browser host compose one
 * session (AppCore); a team server one per signed-in agent. Two sessions share nothing but the PbxServices:
 * an agent's events reach only that session's subscribers, and each session's work (its commands, and the
 * timers and polls they start) speaks that agent's language (i18n/localeContext.ts).
 */
import type { PbxClient } from '../../api';
import {
  CallsService,
  MemoryRecentNumbersStore,
  type CallerDirectory,
  type HistoryService,
} from '../../calls';
import { MissedCallAlerts } from '../../calls/history/missedCallAlerts';
import { MemoryQueueChangeLog, QueuesService } from '../../calls/queues';
import type { ConnectionState, EventChannel, Events, NumberingCountry } from '../../shared/contract';
import { setActiveLocale, type DisplayLocale } from '../../shared/i18n';
import { callsHandlers } from '../calls/callsHandlers';
import { AgentDirectory } from '../connection/agentDirectory';
import { isUnreachable } from '../connection/describeConnectionFailure';
import { PublishedConnection } from '../connection/publishedConnection';
import { callerContextServices } from '../crm/callerContextServices';
import { directoryHandlers } from '../directory/directoryHandlers';
import { DirectoryService } from '../directory/directoryService';
import { EventHub, type EventListener } from '../eventHub';
import { historyBesideDirectory, type HistoryFiles } from '../history/historyFiles';
import { historyHandlers } from '../history/historyHandlers';
import { HistoryPerPbx } from '../history/historyPerPbx';
import {
  boundToSpeaker,
  OwnLanguage,
  PROCESS_LANGUAGE,
  speakingAs,
  type LocaleSpeaker,
} from '../i18n/localeContext';
import { localeHandlers } from '../i18n/localeHandlers';
import { LocaleService } from '../i18n/localeService';
import { HistoryRetention } from '../privacy/historyRetention';
import { queuesAgentOf, queuesAgentProblem } from '../queues/queuesAgent';
import { queuesHandlers } from '../queues/queuesHandlers';
import { numberingCountry } from '../settings/numberingCountry';
import type { SettingsRepository } from '../settings/settingsRepository';
import type { AgentSessionDeps } from './agentSessionDeps';

export type { AgentSessionDeps } from './agentSessionDeps';

/** The commands an agent session answers itself; the host adds connection, settings and privacy. */
export type AgentCommands = ReturnType<typeof callsHandlers> &
  ReturnType<typeof historyHandlers> &
  ReturnType<typeof directoryHandlers> &
  ReturnType<typeof queuesHandlers> &
  ReturnType<typeof localeHandlers>;

export class AgentSession {
  readonly settings: SettingsRepository;
  /** Who the agent is on the PBX (connection/agentDirectory.ts). */
  readonly agentDirectory: AgentDirectory;
  readonly calls: CallsService;
  /** The agent's queues: membership, changes and the queue board (docs/queues.md). */
  readonly queues: QueuesService;
  /** The language the agent's work speaks (i18n/localeService.ts). */
  readonly locale: LocaleService;
  /** The command table of this agent's work, run in the agent's language. */
  readonly commands: AgentCommands;
  /** Settings ▸ Privacy's retention period for the agent's history (privacy/historyRetention.ts). */
  private readonly retention: HistoryRetention;
  private readonly histories: HistoryPerPbx;
  private readonly missedCalls: MissedCallAlerts;
  private readonly events: EventHub;
  private readonly published: PublishedConnection;
  private readonly unsubscribe: (() => void)[] = [];
  /** The numbering country last announced (a change is told to the host). */
  private shownNumberingCountry: NumberingCountry | undefined;

  /** Builds the session in its own language, so what its services set up at once speaks it too. */
  static create(deps: AgentSessionDeps): AgentSession {
    const speaker = deps.speaksForProcess ? PROCESS_LANGUAGE : new OwnLanguage();
    return speakingAs(speaker, () => new AgentSession(deps, speaker));
  }

  private constructor(
    private readonly deps: AgentSessionDeps,
    private readonly speaker: LocaleSpeaker,
  ) {
    const { pbx, clock, logger } = deps;
    this.settings = deps.settings;
    this.events = new EventHub(logger);
    const bound = <A extends unknown[], R>(listener: (...args: A) => R) => boundToSpeaker(speaker, listener);
    this.agentDirectory = new AgentDirectory({
      client: () => pbx.client,
      username: () => deps.agent()?.username,
      knownUserIds: (username) => pbx.knownUserIds(username),
      onLocaleChange: (listener) => speaker.onChange(listener),
      clock,
      logger,
    });
    // First: what the session words from now on (the connection state just below) is in the agent's language.
    this.locale = new LocaleService({
      choice: () => this.settings.current.language,
      agentLocale: () => this.agentDirectory.profile?.locale,
      systemLanguages: deps.systemLanguages ?? [],
      pseudo: deps.pseudoLocale,
      emit: (state) => this.events.emit('locale:changed', state),
      apply: (locale) => this.speak(locale),
      logger,
    });
    this.published = new PublishedConnection(pbx.connection.wordedState(), {
      emit: (state) => this.events.emit('connection:state', state),
      // Saves and review fetches waiting for the PBX go out now rather than at their next backoff, and the
      // monitor polls at once: it may still be sleeping off its 30 s backoff while the status says connected.
      onRecovered: () => {
        this.history.resume();
        this.calls.pollNow();
      },
      onStatus: (status) => this.agentDirectory?.connectionChanged(status),
    });
    this.histories = new HistoryPerPbx({
      files: boundFiles(deps.historyFiles ?? historyBesideDirectory(pbx.caches), speaker),
      client: () => pbx.client,
      agent: () => deps.agent()?.username || undefined,
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
      client: () => pbx.client,
      agent: () => deps.agent(),
      settings: () => this.settings.current,
      defaultCountry: () => this.numberingCountry().country,
      directory: () => this.directory(),
      recents: recentNumbers,
      recentCalls: (dial, limit, excluding) => this.history.recentCalls(dial, limit, excluding),
      onSnapshot: (snapshot, first) => this.history.onSnapshot(snapshot, first),
      emit: (channel, payload) => this.events.emit(channel, payload),
      // A PBX that stops answering GET /call shows as offline at once; its recovery is checked at once too.
      onMonitorHealth: (health) => {
        if (health.status === 'failing') pbx.connection.reportFailure(health.error);
        else if (this.published.state.status !== 'connected') void pbx.connection.checkNow();
        // A PBX that answers but whose calls cannot be read stays "connected": say so beside it.
        this.published.setCallsProblem(
          health.status === 'failing' && !isUnreachable(health.error) ? health.message : undefined,
        );
      },
      clock,
      logger,
    });
    this.queues = new QueuesService({
      client: () => pbx.client,
      shared: deps.sharedQueues,
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
    this.missedCalls = MissedCallAlerts.onEvents(this.events, () => pbx.requireClient(), logger);
    this.retention = new HistoryRetention({
      retentionDays: () => this.settings.current.historyRetentionDays,
      purgeOlderThan: (before) => this.history.store.purgeOlderThan(before),
      onPurged: () => this.historyReplaced(),
      clock,
      logger,
    });
    const directoryService = new DirectoryService({
      cache: () => pbx.caches.current,
      cacheProblem: () => pbx.caches.openError,
      client: () => pbx.client,
      defaultCountry: () => this.numberingCountry().country,
      newContactsGroupId: () => this.settings.current.newContactsGroupId,
      agent: () => this.agentDirectory.settled(),
      onCacheChanged: () => pbx.directorySync.cacheChanged(),
      logger,
    });
    this.follow(bound);
    this.followOwnLanguage();
    this.commands = this.speakingCommands({
      ...callsHandlers(
        this.calls,
        callerContextServices({
          calls: this.calls,
          settings: () => this.settings.current,
          defaultCountry: () => this.numberingCountry().country,
          teamId: () => this.agentDirectory.profile?.teamId,
          callerNumber: () => this.agentDirectory.profile?.callerNumber,
          cache: () => pbx.caches.current?.database,
          client: () => pbx.client,
          agentUsername: () => deps.agent()?.username,
          openExternalLink: deps.openExternalLink,
          subscribe: (listener) => this.events.subscribe(listener),
          logger,
        }),
      ),
      ...historyHandlers(() => this.history),
      ...directoryHandlers(directoryService, pbx.directorySync, pbx.personActivity),
      ...queuesHandlers(this.queues),
      ...localeHandlers(this.locale, this.settings),
    });
  }

  /** Call history, reviews, wrap-ups and search on the active PBX (docs/history-and-review.md). */
  get history(): HistoryService {
    return this.histories.current;
  }

  /** The connection state this agent's windows are told (with this agent's calls problem beside it). */
  get connectionState(): ConnectionState {
    return this.published.state;
  }

  /** Shows a connection state of the host's own (tests of the app frame drive it so). */
  showConnection(state: ConnectionState): void {
    this.published.publish(state);
  }

  /** The events of this agent (and the PBX-wide ones), for this agent's windows only. */
  subscribe(listener: EventListener): () => void {
    return this.events.subscribe(listener);
  }

  /** Tells this agent's windows (the host's own commands: settings saved, local data cleared). */
  emit<E extends EventChannel>(channel: E, payload: Events[E]): void {
    this.events.emit(channel, payload);
  }

  /** Runs `work` (and whatever it schedules) in this agent's language. */
  inLocale<T>(work: () => T): T {
    return speakingAs(this.speaker, work);
  }

  /** `handlers`, each run in this agent's language (the host adds its own commands this way). */
  speakingCommands<H extends object>(handlers: H): H {
    const speaking: Record<string, unknown> = {};
    for (const [name, handler] of Object.entries(handlers) as [string, (args: unknown) => unknown][]) {
      speaking[name] = (args: unknown) => this.inLocale(() => handler(args));
    }
    return speaking as H;
  }

  /** The country numbers without a country code are read in (Settings, else the agent's PBX locale, else the OS). */
  numberingCountry(): NumberingCountry {
    return numberingCountry({
      setting: this.settings.current.defaultCountry,
      agentLocale: this.agentDirectory?.profile?.locale,
      demoCountry: this.deps.demoCountry?.(),
      osRegion: this.deps.osRegion,
    });
  }

  requireClient(): PbxClient {
    return this.deps.pbx.requireClient();
  }

  /** Calls left the history all at once (the retention period, or Clear local data): the screens reload. */
  historyReplaced(): void {
    const missedUnseen = this.history.store.missedUnseen();
    this.events.emit('history:changed', { uniqueids: [], missedUnseen, reset: true });
  }

  start(): void {
    this.inLocale(() => {
      this.retention.start();
      // A session that joins a PBX connected already (a team server's agent signing in) starts on it now.
      if (this.deps.pbx.client) this.clientChanged();
    });
  }

  dispose(): void {
    for (const stop of this.unsubscribe.splice(0)) stop();
    this.retention.dispose();
    this.missedCalls.dispose();
    this.histories.dispose();
    this.deps.historyFiles?.close?.();
    this.queues.dispose();
    this.agentDirectory.dispose();
    this.calls.dispose();
  }

  /** Follows the PBX-wide services and the agent's settings; whoever calls, the work is the agent's. */
  private follow(bound: <A extends unknown[], R>(listener: (...args: A) => R) => (...args: A) => R): void {
    const { pbx } = this.deps;
    this.unsubscribe.push(
      pbx.subscribe(bound((channel, payload) => this.forward(channel, payload))),
      // Worded in this agent's language, whichever work of the PBX made the state.
      pbx.onConnectionState(bound(() => this.published.publish(pbx.connection.wordedState()))),
      this.agentDirectory.onChange(
        bound(() => {
          this.queues.reconfigure();
          this.locale.update();
          this.numberingMayHaveChanged();
        }),
      ),
      pbx.connection.onClientChange(bound(() => this.clientChanged())),
      // Each PBX's history as it opens (after HistoryPerPbx, which listens first, has switched to it).
      pbx.caches.onChange(bound(() => this.retention.apply())),
      this.settings.subscribe(
        bound(() => {
          this.locale.update();
          this.retention.apply();
          this.calls.reconfigure();
          this.agentDirectory.update();
          this.queues.settingsChanged();
          this.numberingMayHaveChanged();
        }),
      ),
    );
  }

  /** The PBX's client changed (connected, reconnected with new settings): the agent's work follows it. */
  private clientChanged(): void {
    this.numberingMayHaveChanged();
    this.queues.reconfigure();
    this.agentDirectory.update();
    this.calls.reconfigure();
    this.history.resume();
  }

  /** A PBX-wide event, its text worded in this agent's language (the sync's failure). */
  private forward<E extends EventChannel>(channel: E, payload: Events[E]): void {
    if (channel !== 'sync:progress') return this.events.emit(channel, payload);
    const status = payload as Events['sync:progress'];
    if (status.error === undefined) return this.events.emit('sync:progress', status);
    const error = this.deps.pbx.directorySync.errorText();
    this.events.emit('sync:progress', { ...status, ...(error === undefined ? {} : { error }) });
  }

  /**
   * A session of its own language re-words the PBX's texts on its switch: the connection state, a sync
   * failure (the process's language re-words them itself).
   */
  private followOwnLanguage(): void {
    const { speaker } = this;
    if (!(speaker instanceof OwnLanguage)) return;
    const { connection, directorySync } = this.deps.pbx;
    this.unsubscribe.push(
      speaker.onChange(() => {
        this.published.publish(connection.wordedState());
        if (directorySync.errorText() !== undefined)
          this.events.emit('sync:progress', directorySync.status());
      }),
    );
  }

  /**
   * The settings or the agent changed, and with them perhaps the country numbers are read in: the directory
   * is re-indexed by its next sync (now), and the host is told so its settings view shows the country in use.
   */
  private numberingMayHaveChanged(): void {
    const country = this.numberingCountry();
    this.deps.pbx.renumber();
    const before = this.shownNumberingCountry;
    this.shownNumberingCountry = country;
    if (before && (before.country !== country.country || before.source !== country.source)) {
      this.deps.onNumberingCountryChanged?.();
    }
  }

  private speak(locale: DisplayLocale): void {
    if (this.speaker instanceof OwnLanguage) this.speaker.speak(locale);
    else setActiveLocale(locale);
  }

  /** The directory for screen-pop, dial preview and history: the injected one, else the PBX's cache. */
  private directory(): CallerDirectory | undefined {
    return this.deps.directory?.() ?? this.deps.pbx.caches.current?.directory;
  }
}

/** The history files, their changes followed in the agent's language (the history restarts its fetches then). */
function boundFiles(files: HistoryFiles, speaker: LocaleSpeaker): HistoryFiles {
  return {
    get current() {
      return files.current;
    },
    onChange: (listener) => files.onChange(boundToSpeaker(speaker, listener)),
  };
}
