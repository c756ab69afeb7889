/**
 * The desktop app's core: AppCore's host surface (`commands`, `subscribe`, `desktop`, `queues`, `start`,
 * `dispose`) over whichever core Settings ▸ Connection chose, switched at run time without restarting the
 * shell. `pbx`: the local AppCore (this computer connects to the PBX, or the demo PBX). `team-server` with a
 * stored session: a RemoteCore, every command run on the server. `team-server` without a session (never
 * signed in, or signed out): no core at all; the window can show Settings ▸ Connection and sign in, and every
 * other command fails `auth-failed` saying to sign in.
 *
 * The shell binds `commands` once, so each handler looks up the current core when called; events come from
 * the current core only (re-subscribed on each switch); the desktop hooks forward to it. The local AppCore
 * never connects to the PBX while the kind is `team-server` (it stands by).
 *
 * Local desktop settings (shortcuts, tray, start at login, ring sound, queues on quit) stay this computer's
 * on either core: the shell follows the local settings file, as saved while connected to the PBX or set by
 * the managed policy; a team server's Settings are the agent's on the server and do not move this computer's
 * shortcuts.
 */
import type { DesktopCore, DesktopHooks } from '../app/appCoreDeps';
import { EventHub, type EventListener } from '../app/eventHub';
import type { Clock } from '../shared/clock';
import {
  commandTable,
  isEventChannel,
  type CommandHandlers,
  type ConnectionState,
  type Events,
  type QueuesView,
  type TeamServerLinkState,
} from '../shared/contract';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import { RESYNC_READS } from '../shared/resyncReads';
import type { RemoteCredential } from './enrollment';
import type { RemoteCore } from './remoteCore';
import { RemoteError } from './remoteError';
import type { TeamServerChoice } from './teamServerChoice';

/** The local core: AppCore, which can leave the PBX while the desktop runs on a team server. */
export interface LocalCore extends DesktopCore {
  standBy(): Promise<void>;
}

export interface DesktopConnectionDeps {
  local: LocalCore;
  /** The connection choice now (teamServerChoice.ts). */
  choice(): TeamServerChoice;
  /** The session stored for a server (sessionKeychain.ts), or null. */
  session(origin: string): Promise<RemoteCredential | null>;
  /** The core on a team server for a session. */
  createRemote(credential: RemoteCredential, certificatePem: string | null): RemoteCore;
  /** The server ended the session (a revoke, a sign-out elsewhere): forget it here. */
  onSignedOut(origin: string): Promise<void>;
  /** The commands this computer answers itself, whatever the core (teamServer:*). */
  ownCommands: Partial<CommandHandlers>;
  /** Something the connection view shows changed (the link's state, the agent, the core). */
  onChanged(): void;
  /** A `ringside:` link from the OS: offered to the agent (teamServerAccount.ts). */
  offerLink(link: string): void;
  clock: Clock;
  logger: Logger;
  /** Tests: how long a switch waits for the server's first answer. */
  firstConnectionWaitMs?: number;
}

type Active =
  | { kind: 'pbx' }
  | { kind: 'remote'; core: RemoteCore; credential: RemoteCredential }
  | { kind: 'signed-out' };

/**
 * How long a switch waits for the server's first answer (connected, signed out, or unreachable), so the
 * window's next commands find the link up; a server that neither answers nor fails is left to connect.
 */
const FIRST_CONNECTION_WAIT_MS = 5000;

/** Resolves once `core`'s link has left `connecting`, or after `ms`. */
function firstConnection(core: RemoteCore, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const stop = core.onLinkStatus((status) => {
      if (status !== 'connecting') done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/** Commands the local core answers while signed out: what the window needs to start and show Settings. */
const WHILE_SIGNED_OUT = new Set<string>(['app:info', 'locale:get']);

export class DesktopConnection implements DesktopCore {
  readonly commands: CommandHandlers;
  readonly desktop: DesktopHooks;
  readonly queues: DesktopCore['queues'];
  private readonly events: EventHub;
  private active: Active | undefined;
  private unsubscribe: () => void = () => {};
  private localStarted = false;
  private switching: Promise<void> = Promise.resolve();
  private remoteQueues: QueuesView | undefined;
  private agentName: string | null = null;
  /** The current remote core has connected at least once. */
  private connectedOnce = false;
  private disposed = false;

  constructor(private readonly deps: DesktopConnectionDeps) {
    this.events = new EventHub(deps.logger);
    const { local } = deps;
    // From the start: what the local core says before `start` (a shortcut's registration…) is not lost.
    local.subscribe((channel, payload) => {
      if (this.forwardsLocal()) this.events.emit(channel, payload);
    });
    this.commands = Object.fromEntries(
      Object.keys(commandTable).map((channel) => [
        channel,
        (args?: unknown) => (this.handler(channel) as (args?: unknown) => Promise<unknown>)(args),
      ]),
    ) as unknown as CommandHandlers;
    const current = () => (this.active?.kind === 'remote' ? this.active.core : local);
    this.desktop = {
      requestDial: async (number, source) => {
        if (this.active?.kind === 'signed-out') return { status: 'refused', reason: signInFirst().message };
        return current().desktop.requestDial(number, source);
      },
      pollNow: () => current().desktop.pollNow(),
      // The shortcuts are this computer's: registered by its shell, shown by its own Settings.
      reportShortcut: (setting, status) => local.desktop.reportShortcut(setting, status),
      settings: local.desktop.settings,
      offerTeamServerLink: (link) => deps.offerLink(link),
    };
    this.queues = {
      view: () => (this.active?.kind === 'remote' ? this.remoteQueues : undefined) ?? local.queues.view(),
      get hasActiveQueues(): boolean {
        return queuesOf().hasActiveQueues;
      },
      pauseForAway: (reason) => queuesOf().pauseForAway(reason),
    };
    const queuesOf = () => (this.active?.kind === 'remote' ? this.remoteQueuesActions() : local.queues);
  }

  /** Which core runs now: `pbx`, `remote`, or `signed-out` (team server chosen, no session); undefined before start. */
  get activeKind(): Active['kind'] | undefined {
    return this.active?.kind;
  }

  /** The team server link's state for the connection view. */
  get linkState(): TeamServerLinkState {
    if (this.active?.kind !== 'remote') return this.active?.kind === 'signed-out' ? 'signed-out' : 'idle';
    const status = this.active.core.linkStatus;
    return status === 'closed' ? 'idle' : status;
  }

  /** The PBX user the server signed this computer in as (read once connected). */
  get agent(): { username: string; displayName: string } | null {
    return this.agentName ? { username: this.agentName, displayName: this.agentName } : null;
  }

  subscribe(listener: EventListener): () => void {
    return this.events.subscribe(listener);
  }

  /** Emits one of this computer's own events (teamServer:changed, teamServer:linkOffered). */
  emit<E extends keyof Events>(channel: E, payload: Events[E]): void {
    this.events.emit(channel, payload);
  }

  start(): Promise<void> {
    return this.apply();
  }

  /** Runs on the core the choice and the stored session name now (after a choice, a sign-in or out). */
  apply(): Promise<void> {
    const next = this.switching.then(() => this.applyNow());
    this.switching = next.catch((error: unknown) => this.deps.logger.error('switching cores failed', error));
    return next;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.switching;
    this.unsubscribe();
    if (this.active?.kind === 'remote') await this.active.core.dispose();
    await this.deps.local.dispose();
  }

  private handler(channel: string): (args?: unknown) => Promise<unknown> {
    const own = (this.deps.ownCommands as Record<string, (args?: unknown) => Promise<unknown>>)[channel];
    if (own) return own;
    const active = this.active;
    const handlers = (core: { commands: CommandHandlers }) =>
      (core.commands as unknown as Record<string, (args?: unknown) => Promise<unknown>>)[channel]!;
    if (active?.kind === 'remote') return handlers(active.core);
    if (!active && this.deps.choice().kind === 'team-server') {
      // Starting on a team server: never the local core, which must not touch the PBX; the first switch decides.
      return async (args) => {
        await this.switching;
        if (!this.active) throw signInFirst();
        return this.handler(channel)(args);
      };
    }
    if (active?.kind !== 'signed-out' || WHILE_SIGNED_OUT.has(channel)) return handlers(this.deps.local);
    if (channel === 'connection:get') return async () => this.signedOutState();
    return async () => {
      throw signInFirst();
    };
  }

  private async applyNow(): Promise<void> {
    if (this.disposed) return;
    const choice = this.deps.choice();
    if (choice.kind === 'pbx') {
      await this.leaveRemote();
      if (this.active?.kind === 'pbx') return;
      this.follow({ kind: 'pbx' }, null);
      this.localStarted = true;
      await this.deps.local.start();
      this.resync();
      return;
    }
    const credential = await this.deps.session(choice.serverUrl);
    const current = this.active;
    if (current?.kind === 'remote' && credential && sameSession(current.credential, credential)) return;
    await this.leaveRemote();
    if (this.localStarted) {
      // Its connection closing is no news for the windows: they follow the server from now on.
      if (this.active?.kind === 'pbx') this.active = undefined;
      this.localStarted = false;
      await this.deps.local.standBy();
    }
    if (!credential) {
      this.follow({ kind: 'signed-out' }, null);
      this.events.emit('connection:state', this.signedOutState());
      return;
    }
    const core = this.deps.createRemote(credential, choice.certificatePem);
    this.follow({ kind: 'remote', core, credential }, core);
    core.onLinkStatus((status) => this.linkChanged(core, status));
    const settled = firstConnection(core, this.deps.firstConnectionWaitMs ?? FIRST_CONNECTION_WAIT_MS);
    await core.start();
    await settled;
  }

  /** The local core's events reach the windows while it is (or, before the start, will be) the one in use. */
  private forwardsLocal(): boolean {
    return this.active ? this.active.kind === 'pbx' : this.deps.choice().kind === 'pbx';
  }

  /** Events from `core` (a remote one) from now on; the local core's are forwarded by `forwardsLocal`. */
  private follow(active: Active, core: { subscribe(listener: EventListener): () => void } | null): void {
    this.unsubscribe();
    this.active = active;
    this.remoteQueues = undefined;
    this.agentName = null;
    this.connectedOnce = false;
    this.unsubscribe = core
      ? core.subscribe((channel, payload) => {
          if (channel === 'queues:changed' && active.kind === 'remote')
            this.remoteQueues = payload as QueuesView;
          this.events.emit(channel, payload);
        })
      : () => {};
    this.deps.onChanged();
  }

  private async leaveRemote(): Promise<void> {
    if (this.active?.kind !== 'remote') return;
    const core = this.active.core;
    this.unsubscribe();
    this.unsubscribe = () => {};
    this.active = undefined;
    await core.dispose();
  }

  private linkChanged(core: RemoteCore, status: string): void {
    if (this.active?.kind !== 'remote' || this.active.core !== core) return;
    // The first connection: the windows read what they follow from the new core (RemoteCore itself reads
    // it again after each reconnect).
    if (status === 'connected' && !this.connectedOnce) {
      this.connectedOnce = true;
      void this.readAgent(core);
      this.resync();
    }
    if (status === 'signed-out') {
      const origin = this.active.credential.origin;
      void this.deps
        .onSignedOut(origin)
        .catch((error: unknown) => this.deps.logger.error('the ended session could not be forgotten', error))
        .finally(() => this.apply());
    }
    this.deps.onChanged();
  }

  /** The agent the server signed this computer in as: `agentUsername` of the server's settings. */
  private async readAgent(core: RemoteCore): Promise<void> {
    const result = await core.invoke('settings:get', undefined);
    if (!result.ok || this.active?.kind !== 'remote' || this.active.core !== core) return;
    const username = (result.value as { settings?: { agentUsername?: unknown } }).settings?.agentUsername;
    this.agentName = typeof username === 'string' && username !== '' ? username : null;
    this.deps.onChanged();
  }

  /** The values the windows follow, read from the new core and delivered as their events. */
  private resync(): void {
    for (const [event, command] of Object.entries(RESYNC_READS)) {
      if (!command || !isEventChannel(event)) continue;
      this.commands[command](undefined as never).then(
        (value: unknown) => this.events.emit(event, value as Events[typeof event]),
        () => {},
      );
    }
  }

  private signedOutState(): ConnectionState {
    return { status: 'credentials-rejected', message: signInFirst().message, since: this.deps.clock.now() };
  }

  /** The queues as the quit and away handling needs them, on the server. */
  private remoteQueuesActions(): DesktopCore['queues'] {
    const view = () => this.remoteQueues ?? this.deps.local.queues.view();
    return {
      view,
      get hasActiveQueues() {
        return view().queues.some((queue) => !queue.paused);
      },
      pauseForAway: async () => {
        if (!view().queues.some((queue) => !queue.paused)) return null;
        return this.commands['queues:change']({ action: 'pause-all' });
      },
    };
  }
}

function sameSession(used: RemoteCredential, credential: RemoteCredential): boolean {
  return used.origin === credential.origin && used.cookie === credential.cookie;
}

export function signInFirst(): RemoteError {
  return new RemoteError('auth-failed', t('teamServerClient.signInFirst'));
}
