/**
 * What one PBX needs once, however many agents work on it: the connection (client, token, health check),
 * the directory cache of each PBX with its sync, the users the agents are looked up among, and the person
 * activity reads. The desktop app and the browser host build one beside their one agent session (AppCore);
 * a team server builds one for all its agent sessions (app/agent/agentSession.ts), so the directory syncs
 * once, not once per agent.
 *
 * Its events (`sync:progress`) and connection states concern every agent: each session forwards them to its
 * own subscribers. It knows nothing of agents: the country the directory reads numbers in comes in as
 * `defaultCountry` (the one agent's on the desktop, the PBX's on a server).
 */
import type { PbxClient, PbxClientConfig } from '../../api';
import { PersonActivityReader } from '../../calls/context/personActivity';
import type { Clock } from '../../shared/clock';
import type { ConnectionState } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { ConnectionManager, NotConnected, type HealthPolicy } from '../connection/connectionManager';
import { nodeTransport, type PbxTransport } from '../connection/pbxTransport';
import { DirectoryCaches, type CacheFileOpener } from '../directory/directoryCaches';
import { SyncScheduler, type SyncSchedulerDeps } from '../directory/syncScheduler';
import { usersWithLogin } from '../directory/usersWithLogin';
import { EventHub, type EventListener } from '../eventHub';

export interface PbxServicesDeps {
  clock: Clock;
  logger: Logger;
  /** How requests reach the PBX (Electron's net.fetch in the app); Node's fetch when absent. */
  transport?: PbxTransport;
  /** Tests shorten these. */
  health?: Partial<HealthPolicy>;
  pbxClientOptions?: Pick<PbxClientConfig, 'retry' | 'timeoutMs'>;
  /**
   * Opens a directory cache file by name (one per PBX, directoryCaches.ts; the app puts them in the user data
   * directory). The desktop's history file lives beside it, opened the same way. Absent: no directory cache
   * and no sync, and a history in memory unless the session brings its own files.
   */
  openCacheFile?: CacheFileOpener;
  /** False: no history file beside each directory cache (a team server's agents keep their own). */
  historyBesideDirectory?: boolean;
  /** The directory sync's schedule and page sizes; tests shorten them (default: every 15 minutes). */
  directorySync?: Pick<
    SyncSchedulerDeps,
    'intervalMs' | 'progressIntervalMs' | 'syncOptions' | 'timers' | 'returnMemory'
  >;
  /** The country numbers without a country code are read in, for the directory's number index. */
  defaultCountry(): string;
}

export type ConnectionStateListener = (state: ConnectionState) => void;

export class PbxServices {
  /** The active PBX: its client (`connection.client`), state and health check. */
  readonly connection: ConnectionManager;
  /** The directory cache of the active PBX (`caches.current`), one file per PBX. */
  readonly caches: DirectoryCaches;
  /** When the directory sync runs; `await directorySync.idle()` waits for a running one. */
  readonly directorySync: SyncScheduler;
  /** A person's recent calls and CRM records, read from the PBX when a card asks. */
  readonly personActivity: PersonActivityReader;
  private readonly events: EventHub;
  private readonly stateListeners = new Set<ConnectionStateListener>();
  private readonly logger: Logger;

  constructor(deps: PbxServicesDeps) {
    const { clock, logger } = deps;
    this.logger = logger;
    this.events = new EventHub(logger);
    this.connection = new ConnectionManager({
      clock,
      logger,
      transport: deps.transport ?? nodeTransport,
      health: deps.health,
      clientOptions: deps.pbxClientOptions,
      onState: (state) => this.connectionChanged(state),
    });
    this.caches = new DirectoryCaches({
      open: deps.openCacheFile,
      defaultCountry: deps.defaultCountry,
      onDirectoryRebuilt: () => this.directorySync.reset(),
      historyBeside: deps.historyBesideDirectory,
      clock,
      logger,
    });
    this.directorySync = new SyncScheduler({
      cache: () => this.caches.current,
      cacheProblem: () => this.caches.openError,
      source: () => this.connection.client,
      onFailure: (error) => this.connection.reportFailure(error),
      emit: (status) => this.events.emit('sync:progress', status),
      clock,
      logger,
      ...deps.directorySync,
    });
    this.personActivity = new PersonActivityReader(() => this.connection.client);
    // Registered first, so the agents' listeners find the new PBX's cache: the sync of the old one stops.
    this.connection.onClientChange(() => {
      this.caches.select(this.connection.profile);
      this.directorySync.reset();
    });
  }

  /** The active PBX's client; undefined while there is none. */
  get client(): PbxClient | undefined {
    return this.connection.client;
  }

  requireClient(): PbxClient {
    const client = this.connection.client;
    if (!client) throw new NotConnected();
    return client;
  }

  /** The PBX-wide events (`sync:progress`); each agent session forwards them to its own subscribers. */
  subscribe(listener: EventListener): () => void {
    return this.events.subscribe(listener);
  }

  /** Every connection state, after the PBX-wide services have followed it. */
  onConnectionState(listener: ConnectionStateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Users of the local directory with this login name (agent lookups read these first). */
  knownUserIds(username: string): number[] {
    return usersWithLogin(this.caches.current?.directory, username);
  }

  /** Users of the local directory with this e-mail address (the `email` sign-in claim reads these first). */
  knownUserIdsWithEmail(email: string): number[] {
    return this.caches.current?.directory.usersWithEmail(email) ?? [];
  }

  /** The numbering country may have changed: the directory is read under it, and the next sync (now) re-indexes. */
  renumber(): void {
    if (this.caches.renumber()) this.directorySync.reset();
  }

  /** Stops the sync; the connection stays (its owner closes it) until `dispose`. */
  stopSync(): void {
    this.directorySync.dispose();
  }

  /** Closes the connection, then the cache once the cancelled sync has ended (at its next await). */
  async dispose(): Promise<void> {
    this.directorySync.dispose();
    await this.connection.dispose();
    await this.directorySync.idle();
    this.caches.close();
    this.stateListeners.clear();
  }

  private connectionChanged(state: ConnectionState): void {
    for (const listener of this.stateListeners) {
      // One agent's listener that fails must not keep the others (or the sync) on the old state.
      try {
        listener(state);
      } catch (error) {
        this.logger.error('a listener of the connection state failed', error);
      }
    }
    this.directorySync?.connectionChanged(state.status);
  }
}
