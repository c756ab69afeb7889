/**
 * The call history follows the PBX as the directory does: calls, reviews and the wrap-up outbox live in the
 * active PBX's cache file (directoryCaches.ts), so switching PBX never shows one PBX's calls under another,
 * nor asks or writes a PBX about calls it never had. Each switch of cache stops the old PBX's review fetches
 * and outbox (what they had not finished stays in its file, for when that PBX is back), builds the history
 * over the new file, resumes its fetches, drains its outbox and says `history:changed` so the screens reload.
 *
 * Without a cache file (no opener, or the file could not be opened) the history is kept in memory: nothing
 * survives a restart, and a later switch starts another one rather than carrying those calls over.
 */
import { openCache, type CacheDatabase } from '../../cache';
import { HistoryService, type HistoryServiceDeps } from '../../calls';
import type { DirectoryCaches, OpenedCache } from '../directory/directoryCaches';

export interface HistoryPerPbxDeps extends Omit<HistoryServiceDeps, 'database'> {
  caches: DirectoryCaches;
}

export class HistoryPerPbx {
  private service: HistoryService;
  private database: CacheDatabase;
  /** The in-memory database in use, if any (this class opened it, so it closes it). */
  private memory: CacheDatabase | undefined;
  private readonly stopFollowing: () => void;

  constructor(private readonly deps: HistoryPerPbxDeps) {
    this.database = this.databaseOf(deps.caches.current);
    this.service = this.serviceOver(this.database);
    this.stopFollowing = deps.caches.onChange((opened) => this.follow(opened));
  }

  /** The history of the active PBX. */
  get current(): HistoryService {
    return this.service;
  }

  dispose(): void {
    this.stopFollowing();
    this.service.dispose();
    this.memory?.close();
    this.memory = undefined;
  }

  private follow(opened: OpenedCache | undefined): void {
    // The same file read under another numbering plan is the same history.
    if (opened && opened.database === this.database) return;
    const previous = { service: this.service, memory: this.memory };
    previous.service.dispose();
    this.memory = undefined;
    this.database = this.databaseOf(opened);
    this.service = this.serviceOver(this.database);
    previous.memory?.close();
    this.deps.emit('history:changed', {
      uniqueids: [],
      missedUnseen: this.service.store.missedUnseen(),
      reset: true,
    });
    this.service.resume();
  }

  private databaseOf(opened: OpenedCache | undefined): CacheDatabase {
    if (opened) return opened.database;
    this.memory = openCache(':memory:', { logger: this.deps.logger, clock: this.deps.clock });
    return this.memory;
  }

  private serviceOver(database: CacheDatabase): HistoryService {
    const service: HistoryService = new HistoryService({
      ...this.deps,
      database,
      // A replaced history talks to no PBX: whatever of it is still on its way cannot reach the next one.
      client: () => (this.service === service ? this.deps.client() : undefined),
    });
    return service;
  }
}
