/**
 * The call history follows the PBX as the directory does: calls, reviews and the wrap-up outbox live in the
 * active PBX's history file (historyFiles.ts: beside its directory cache on the desktop), so switching PBX never shows
 * one PBX's calls under another, nor asks or writes a PBX about calls it never had. Each switch of file
 * stops the old history's review fetches and outbox (what they had not finished stays in its file, for when
 * that PBX is back), builds the history over the new file, resumes its fetches, drains its outbox and says
 * `history:changed` so the screens reload. A history file replaced after damage is such a switch too: the
 * wrap-ups saved while it was broken (KeptWrapUps) are saved into the repaired file first.
 *
 * Without a cache (no opener, or the file could not be opened) the history is kept in memory: nothing
 * survives a restart, and a later switch starts another one rather than carrying those calls over.
 */
import { CacheDamagedError, openHistoryFile, type CacheDatabase } from '../../cache';
import { HistoryService, type HistoryServiceDeps } from '../../calls';
import type { WrapUpSaveArgs, WrapUpSaveResult } from '../../shared/contract';
import type { HistoryFiles } from './historyFiles';
import { KeptWrapUps, WrapUpKeptError } from './keptWrapUps';

export interface HistoryPerPbxDeps extends Omit<HistoryServiceDeps, 'database'> {
  /** The agent's history file of the active PBX (historyFiles.ts). */
  files: HistoryFiles;
}

export class HistoryPerPbx {
  private service: HistoryService;
  private database: CacheDatabase;
  /** The in-memory database in use, if any (this class opened it, so it closes it). */
  private memory: CacheDatabase | undefined;
  private readonly kept = new KeptWrapUps();
  private readonly stopFollowing: () => void;

  constructor(private readonly deps: HistoryPerPbxDeps) {
    this.database = this.databaseOf(deps.files.current);
    this.service = this.serviceOver(this.database);
    this.stopFollowing = deps.files.onChange((file) => this.follow(file));
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

  private follow(file: CacheDatabase | undefined): void {
    // The same file read under another numbering plan, or with a rebuilt directory, is the same history.
    if (file && file === this.database) return;
    const previous = { service: this.service, memory: this.memory };
    previous.service.dispose();
    this.memory = undefined;
    this.database = this.databaseOf(file);
    this.service = this.serviceOver(this.database);
    previous.memory?.close();
    this.kept.saveInto(this.database.path, this.service, this.deps.logger);
    this.deps.emit('history:changed', {
      uniqueids: [],
      missedUnseen: this.service.store.missedUnseen(),
      reset: true,
    });
    this.service.resume();
  }

  private databaseOf(file: CacheDatabase | undefined): CacheDatabase {
    if (file) return file;
    this.memory = openHistoryFile(':memory:', { logger: this.deps.logger, clock: this.deps.clock });
    return this.memory;
  }

  private serviceOver(database: CacheDatabase): HistoryService {
    const service: HistoryService = new DurableHistoryService(
      {
        ...this.deps,
        database,
        // A replaced history talks to no PBX: whatever of it is still on its way cannot reach the next one.
        client: () => (this.service === service ? this.deps.client() : undefined),
      },
      this.kept,
    );
    return service;
  }
}

/**
 * Saves wrap-ups so that nothing the agent typed is lost: a save is checkpointed into the file itself (it
 * survives losing the WAL too), and a save that meets a damaged file is kept until the file is repaired.
 */
class DurableHistoryService extends HistoryService {
  private readonly file: CacheDatabase;

  constructor(
    deps: HistoryServiceDeps,
    private readonly kept: KeptWrapUps,
  ) {
    super(deps);
    this.file = deps.database;
  }

  override save(args: WrapUpSaveArgs): WrapUpSaveResult {
    let result: WrapUpSaveResult;
    try {
      result = super.save(args);
    } catch (error) {
      if (!(error instanceof CacheDamagedError)) throw error;
      this.kept.keep(this.file.path, args);
      throw new WrapUpKeptError(args.uniqueid, { cause: error });
    }
    try {
      this.file.checkpoint();
    } catch {
      // Saved all the same (in the WAL); the next checkpoint copies it.
    }
    return result;
  }
}
