/**
 * The application core of a desktop app that is a client of a team server: the same host-facing surface as
 * AppCore (`commands`, `subscribe`, `desktop`, `start`, `dispose`), but every command runs on the server,
 * over one WebSocket (remoteLink.ts), as the agent signed in on this computer. The desktop never holds the
 * PBX's secret: the server talks to the PBX; this computer keeps only its session cookie (enrollment.ts).
 *
 * A command's failure on the server reaches the window as the server reported it (code, sentence, params).
 * While the server cannot be reached every command fails at once, and windows are told so through the
 * `connection:state` event (status `offline`, or `credentials-rejected` once signed out); after a reconnect
 * the values windows follow are read again (shared/resyncReads.ts), since events sent meanwhile were lost.
 * Directory search is the exception: with an offline copy (offlineDirectory.ts) it is answered from the copy
 * while the server cannot be reached, marked as such; the copy is brought up to date after each connection.
 */
import type { Dispatcher } from 'undici';
import type { EventListener } from '../app/eventHub';
import { EventHub } from '../app/eventHub';
import type { DesktopHooks } from '../app/appCoreDeps';
import type { Clock } from '../shared/clock';
import {
  AppError,
  commandTable,
  isEventChannel,
  type CommandHandlers,
  type ConnectionState,
  type DirectorySearchArgs,
  type DirectorySearchResult,
  type ErrorCode,
  type Events,
  type IpcError,
  type IpcResult,
  type LocaleState,
} from '../shared/contract';
import { INTL_TAGS, setActiveLocale } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import type { ReconnectPolicy } from '../shared/reconnectDelay';
import { RESYNC_READS } from '../shared/resyncReads';
import type { RemoteCredential } from './enrollment';
import type { OfflineDirectory } from './offlineDirectory';
import { RemoteDialRequests } from './remoteDialRequests';
import { signedOut, unreachable, type RemoteError } from './remoteError';
import { RemoteLink, type CreateSocket, type RemoteLinkStatus } from './remoteLink';

export interface RemoteCoreDeps {
  credential: RemoteCredential;
  clock: Clock;
  logger: Logger;
  /** The settings the shell follows (shortcut, tray): this computer's own, not the server's. */
  settings: DesktopHooks['settings'];
  reconnect?: ReconnectPolicy;
  dispatcher?: Dispatcher;
  createSocket?: CreateSocket;
  /** The read-only copy of the server's directory searched while it is unreachable; the core closes it. */
  offlineDirectory?: OfflineDirectory;
}

/** A failure the server reported, thrown so the host's dispatcher hands it on exactly as it came. */
class ServerReported extends AppError {
  readonly code: ErrorCode;

  constructor(error: IpcError) {
    super(error.message, error.params);
    this.code = error.code;
  }
}

/** A result's value, or its failure thrown for the host's dispatcher to hand on as it came. */
function settled<T>(result: IpcResult<unknown>): T {
  if (!result.ok) throw new ServerReported(result.error);
  return result.value as T;
}

export class RemoteCore {
  readonly commands: CommandHandlers;
  readonly desktop: DesktopHooks;
  private readonly events: EventHub;
  private readonly link: RemoteLink;
  private readonly linkListeners = new Set<(status: RemoteLinkStatus) => void>();
  private shownState: ConnectionState | null = null;

  constructor(private readonly deps: RemoteCoreDeps) {
    this.events = new EventHub(deps.logger);
    this.link = new RemoteLink({
      credential: deps.credential,
      logger: deps.logger,
      reconnect: deps.reconnect,
      dispatcher: deps.dispatcher,
      createSocket: deps.createSocket,
      onStatus: (status) => this.linkChanged(status),
      onFailure: () => this.tellWindows(),
      onEvent: (channel, payload) => {
        if (!isEventChannel(channel)) return;
        if (channel === 'locale:changed') this.speak(payload as Events['locale:changed']);
        // A directory sync on the server completed: the copy may be out of date.
        if (channel === 'sync:progress' && !(payload as Events['sync:progress']).running)
          this.refreshOfflineDirectory();
        this.events.emit(channel, payload as Events[typeof channel]);
      },
      onConnected: (again) => {
        void this.readLocale();
        if (again) this.resync();
        this.refreshOfflineDirectory();
      },
    });
    const forward = (channel: string) => async (args?: unknown) => settled(await this.invoke(channel, args));
    const dialRequests = new RemoteDialRequests({
      invoke: (channel, args) => this.invoke(channel, args),
      emit: (channel, payload) => this.events.emit(channel, payload),
    });
    this.commands = {
      ...(Object.fromEntries(
        Object.keys(commandTable).map((channel) => [channel, forward(channel)]),
      ) as unknown as CommandHandlers),
      'calls:dial': async (args) => settled(await dialRequests.dial(args)),
      'directory:search': async (args) =>
        this.offlineSearch(args) ?? settled(await this.invoke('directory:search', args)),
    };
    this.desktop = {
      // A number from a link or the shortcut: asked before dialling as on a desktop of its own.
      requestDial: (number, source) => dialRequests.request(number, source),
      // The server polls the PBX for every agent; there is nothing to poll from here.
      pollNow: () => {},
      // Shortcuts are registered by this computer's shell; the server's Settings cannot show them.
      reportShortcut: () => {},
      settings: deps.settings,
    };
  }

  /** What the link is doing now. */
  get linkStatus(): RemoteLinkStatus {
    return this.link.status;
  }

  /** Follows the link's status (a window's "team server unreachable" notice, the tray's icon). */
  onLinkStatus(listener: (status: RemoteLinkStatus) => void): () => void {
    this.linkListeners.add(listener);
    return () => this.linkListeners.delete(listener);
  }

  /** Runs one command on the server: its result exactly as the server sent it. */
  invoke(channel: string, args: unknown): Promise<IpcResult<unknown>> {
    return this.link.invoke(channel, args);
  }

  subscribe(listener: EventListener): () => void {
    return this.events.subscribe(listener);
  }

  async start(): Promise<void> {
    this.link.start();
  }

  async dispose(): Promise<void> {
    this.link.dispose();
    this.deps.offlineDirectory?.close();
  }

  /** While the server cannot be reached (not once signed out): the search from the copy, if there is one. */
  private offlineSearch(args: DirectorySearchArgs): DirectorySearchResult | null {
    const status = this.link.status;
    if (status !== 'connecting' && status !== 'reconnecting') return null;
    return this.deps.offlineDirectory?.search(args) ?? null;
  }

  /** In the background: commands keep going while the pages are fetched, between them. */
  private refreshOfflineDirectory(): void {
    void this.deps.offlineDirectory
      ?.refresh((channel, args) => this.invoke(channel, args))
      .catch((error) => {
        this.deps.logger.warn('Offline directory: the copy was not brought up to date', error);
      });
  }

  private linkChanged(status: RemoteLinkStatus): void {
    this.deps.logger.info(`team server link: ${status}`);
    for (const listener of [...this.linkListeners]) listener(status);
    this.tellWindows();
  }

  /** The link's state for windows, once per change: a retry failing as the last one did is no news. */
  private tellWindows(): void {
    const state = windowState(this.link.status, this.link.failure, this.deps.clock.now());
    const shown = this.shownState;
    this.shownState = state;
    if (!state || (shown?.status === state.status && shown.message === state.message)) return;
    this.events.emit('connection:state', state);
  }

  /**
   * This process speaks the agent's language, as the server resolves it (their choice, else their PBX
   * locale): the desktop's own sentences, "team server unreachable" included, are worded in it.
   */
  private async readLocale(): Promise<void> {
    const result = await this.invoke('locale:get', undefined);
    if (result.ok) this.speak(result.value as LocaleState);
  }

  private speak(state: LocaleState): void {
    // The server is trusted, but its version may differ: a language this app cannot speak is ignored.
    if (typeof state?.locale === 'string' && Object.hasOwn(INTL_TAGS, state.locale))
      setActiveLocale(state.locale);
  }

  /** After a reconnect: the values the windows follow, read again and delivered as their events. */
  private resync(): void {
    for (const [event, command] of Object.entries(RESYNC_READS)) {
      if (!command || !isEventChannel(event)) continue;
      void this.invoke(command, undefined).then((result) => {
        if (result.ok) this.events.emit(event, result.value as Events[typeof event]);
      });
    }
  }
}

/**
 * What a window shows while the link is down, with why the last attempt failed (an untrusted certificate
 * says so from the first attempt on); connected, the server's own `connection:state` is current.
 */
function windowState(
  status: RemoteLinkStatus,
  failure: RemoteError | null,
  now: number,
): ConnectionState | null {
  if (status === 'reconnecting' || (status === 'connecting' && failure)) {
    return { status: 'offline', message: (failure ?? unreachable()).message, since: now };
  }
  if (status === 'signed-out')
    return { status: 'credentials-rejected', message: signedOut().message, since: now };
  return null;
}
