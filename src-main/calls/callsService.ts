/**
 * The calls layer as AppCore sees it: the monitor, the call board, call control, the screen-pop and the dial
 * path over the active PBX client, the agent's phone and the settings. `reconfigure()` follows changes of
 * any of them (AppCore calls it on a new client and on saved settings); the monitor runs only while there
 * is a client and a phone.
 */
import type { PhoneSelector } from '../api/schemas';
import type {
  CallPartyView,
  CallsControlArgs,
  CallsDialArgs,
  CallView,
  DialPreview,
  DialResult,
  Events,
  RecentNumber,
  ScreenPop,
  UntrustedDialSource,
} from '../shared/contract';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { CallBoard } from './control/callBoard';
import { CallerLookup, type CallerDirectory } from './callerLookup';
import { CallControl, type CallControlClient } from './control/callControl';
import { DialService, type DialRequestOutcome, type PlaceCallClient } from './dial/dialService';
import { CallsError } from './errors';
import {
  CallMonitor,
  type CallListSource,
  type MonitorHealth,
  type MonitorPolicy,
  type MonitorSnapshot,
  type PollCadence,
} from './monitor/callMonitor';
import type { AgentPhone, ObservedCall } from './monitor/observedCall';
import { RecentNumbers, type RecentNumbersStore } from './dial/recentNumbers';
import { ScreenPopResolver, type PersonSource, type RecentCallsOf } from './screenpop/screenPopResolver';
import type { Timers } from './timers';

/** The PBX client as the calls layer uses it (PbxClient satisfies it). */
export interface CallsClient extends CallListSource, CallControlClient, PlaceCallClient {
  readonly urls: { baseUrl: string };
  readonly persons: PersonSource;
}

export interface CallsSettings {
  pollIntervalMs: number;
  confirmBeforeDial: boolean;
  dialCountries: readonly string[];
}

export type CallsEventChannel =
  'calls:changed' | 'screenpop:show' | 'screenpop:updated' | 'dial:requested' | 'dial:settled';
export type CallsEmitter = <E extends CallsEventChannel>(channel: E, payload: Events[E]) => void;

export interface CallsServiceDeps {
  client(): CallsClient | undefined;
  /** The agent and their phone on the active PBX; phone null while not chosen. */
  agent(): { username: string; phone: PhoneSelector | null } | undefined;
  settings(): CallsSettings;
  /** The country numbers without a country code are read in (app/settings/numberingCountry.ts). */
  defaultCountry(): string;
  directory(): CallerDirectory | undefined;
  recents: RecentNumbersStore;
  recentCalls?: RecentCallsOf;
  /** Every snapshot after the screen-pop (the call history); `firstOfSession` for a (re)started monitor's first. */
  onSnapshot?(snapshot: MonitorSnapshot, firstOfSession: boolean): void;
  emit: CallsEmitter;
  /** The monitor's health: AppCore shows a failing PBX as offline and checks again on recovery. */
  onMonitorHealth?(health: MonitorHealth): void;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  random?: () => number;
  monitorPolicy?: Partial<Omit<MonitorPolicy, 'intervalMs'>>;
}

interface MonitorSession {
  monitor: CallMonitor;
  client: CallsClient;
  /** What the session was built from; a change of any of these restarts the monitor. */
  key: string;
  /** Whether a snapshot of this session reached `onSnapshot` yet. */
  snapshotSeen: boolean;
}

export class CallsService {
  readonly lookup: CallerLookup;
  private readonly board: CallBoard;
  private readonly callControl: CallControl;
  private readonly dialing: DialService;
  private readonly screenPop: ScreenPopResolver;
  private session: MonitorSession | undefined;
  private pollCadence: PollCadence = 'normal';
  /** The parties of the calls whose cards the current snapshot is building (see onSnapshot). */
  private readonly poppedParties = new Map<string, CallPartyView>();

  constructor(private readonly deps: CallsServiceDeps) {
    const { clock, logger } = deps;
    this.lookup = new CallerLookup(deps.directory, deps.defaultCountry, logger);
    this.board = new CallBoard({
      clock,
      partyOf: (call) => this.partyOf(call),
      onChange: (views) => deps.emit('calls:changed', views),
    });
    this.callControl = new CallControl({
      board: this.board,
      connection: () => this.connection(),
      lastPollId: () => this.session?.monitor.lastPollId ?? 0,
      pollNow: () => this.pollNow(),
      logger,
    });
    this.dialing = new DialService({
      lookup: this.lookup,
      recents: new RecentNumbers(deps.recents, logger),
      connection: () => this.connection(),
      confirmBeforeDial: () => deps.settings().confirmBeforeDial,
      dialCountries: () => deps.settings().dialCountries,
      requestConfirmation: (request) => deps.emit('dial:requested', request),
      confirmationSettled: (requestId) => deps.emit('dial:settled', { requestId }),
      afterDial: () => this.pollNow(),
      clock,
      logger,
    });
    this.screenPop = new ScreenPopResolver({
      lookup: this.lookup,
      directory: deps.directory,
      persons: () => deps.client()?.persons,
      recentCalls: deps.recentCalls,
      logger,
      show: (pop) => deps.emit('screenpop:show', pop),
      update: (pop) => {
        deps.emit('screenpop:updated', pop);
        const call = this.board.get(pop.uniqueid);
        if (call) this.board.setParty(pop.uniqueid, { ...this.partyOf(call), match: pop.matches[0] ?? null });
      },
    });
  }

  /** Starts, restarts or stops the monitor to match the current client, phone and poll interval. */
  reconfigure(): void {
    const client = this.deps.client();
    const agent = this.deps.agent();
    const phone = agent?.phone ?? null;
    const { pollIntervalMs } = this.deps.settings();
    const key = JSON.stringify({ phone, username: agent?.username, pollIntervalMs });
    if (this.session && this.session.client === client && this.session.key === key) return;
    this.stopMonitor();
    if (!client || !phone || !agent) return;
    const agentPhone: AgentPhone = {
      selector: phone,
      ...(agent.username ? { username: agent.username } : {}),
    };
    const monitor = new CallMonitor({
      source: client,
      agent: agentPhone,
      host: hostOf(client.urls.baseUrl),
      clock: this.deps.clock,
      logger: this.deps.logger,
      policy: { ...this.deps.monitorPolicy, intervalMs: pollIntervalMs },
      timers: this.deps.timers,
      random: this.deps.random,
      onSnapshot: (snapshot) => this.onSnapshot(snapshot),
      onHealth: (health) => this.deps.onMonitorHealth?.(health),
    });
    this.session = { monitor, client, key, snapshotSeen: false };
    monitor.setCadence(this.pollCadence);
    monitor.start();
  }

  /** The fast cadence while a queue call is likely (callers wait in the agent's queues); kept across restarts. */
  setPollCadence(cadence: PollCadence): void {
    this.pollCadence = cadence;
    this.session?.monitor.setCadence(cadence);
  }

  /** Polls at once (the shell calls it when the computer resumes from sleep). */
  pollNow(): void {
    this.session?.monitor.pollNow();
  }

  list(): CallView[] {
    return this.board.views();
  }

  dial(args: CallsDialArgs): Promise<DialResult> {
    return this.dialing.dial(args);
  }

  control(args: CallsControlArgs): Promise<{ message: string }> {
    return this.callControl.control(args);
  }

  resolve(raw: string): DialPreview {
    return this.dialing.resolve(raw);
  }

  recent(): RecentNumber[] {
    return this.dialing.recent();
  }

  /** A number from a `tel:` link or the shortcut: confirmation first unless the user turned it off. */
  requestDial(number: string, source: UntrustedDialSource): Promise<DialRequestOutcome> {
    return this.dialing.request(number, source);
  }

  dispose(): void {
    this.stopMonitor();
  }

  private onSnapshot(snapshot: MonitorSnapshot): void {
    // Each ringing call's card is built first and lends the board its reading and lookup of the number:
    // one lookup per call before the card shows, not two. The board still announces the call first.
    const pops = snapshot.events.flatMap((event) =>
      event.type === 'inbound-ringing'
        ? [{ call: event.call, pop: this.screenPop.build(event.call, false) }]
        : [],
    );
    for (const { call, pop } of pops) this.poppedParties.set(call.uniqueid, partyOfPop(call, pop));
    try {
      this.board.applySnapshot(snapshot);
    } finally {
      this.poppedParties.clear();
    }
    for (const { call, pop } of pops) {
      this.screenPop
        .present(call, pop)
        .catch((error: unknown) => this.deps.logger.error('screen-pop: refresh failed', error));
    }
    if (this.deps.onSnapshot && this.session) {
      const first = !this.session.snapshotSeen;
      this.session.snapshotSeen = true;
      this.deps.onSnapshot(snapshot, first);
    }
  }

  private stopMonitor(): void {
    if (!this.session) return;
    this.session.monitor.stop();
    this.session = undefined;
    this.board.clear();
  }

  private partyOf(call: ObservedCall): CallPartyView {
    const popped = this.poppedParties.get(call.uniqueid);
    if (popped) return popped;
    const number = this.lookup.read(call.remote.lookupNumber || call.remote.number);
    return {
      number: call.remote.number,
      display: number.dial ? number.display : call.remote.number,
      pbxName: call.remote.pbxName,
      match: this.lookup.matches(number)[0] ?? null,
    };
  }

  private connection(): { client: CallsClient; selector: PhoneSelector } {
    const client = this.deps.client();
    if (!client) throw CallsError.notConnected();
    const phone = this.deps.agent()?.phone;
    if (!phone) throw CallsError.noPhone();
    return { client, selector: phone };
  }
}

/** The board's party of a ringing call, from its card (the same reading and lookup as partyOf's). */
function partyOfPop(call: ObservedCall, pop: ScreenPop): CallPartyView {
  return {
    number: call.remote.number,
    display: pop.number.dial ? pop.number.display : call.remote.number,
    pbxName: call.remote.pbxName,
    match: pop.matches[0] ?? null,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
