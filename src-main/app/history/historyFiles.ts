/**
 * Which file holds an agent's call history on the active PBX. On the desktop it is the history file beside
 * the PBX's directory cache (one agent per profile: `historyBesideDirectory`); where one process serves many
 * agents each agent has a file of their own per PBX (`AgentHistoryFiles`), opened by an injected opener.
 * Either follows the PBX in use, and a damaged file's replacement is a change too.
 */
import { openHistoryFile, type CacheDatabase } from '../../cache';
import type { Logger } from '../../shared/logger';
import type { DirectoryCaches } from '../directory/directoryCaches';

export type HistoryFileListener = (file: CacheDatabase | undefined) => void;

export interface HistoryFiles {
  /** The history file of the active PBX; undefined before any PBX, or without files. */
  readonly current: CacheDatabase | undefined;
  onChange(listener: HistoryFileListener): () => void;
  /** Closes the files this source opened itself (the agent session closes its own with it). */
  close?(): void;
}

/** The history file DirectoryCaches opens beside each PBX's directory cache. */
export function historyBesideDirectory(caches: DirectoryCaches): HistoryFiles {
  return {
    get current() {
      return caches.current?.history;
    },
    onChange: (listener) => caches.onChange((opened) => listener(opened?.history)),
  };
}

export interface AgentHistoryFilesDeps {
  caches: DirectoryCaches;
  /** Opens the agent's history file for the PBX whose directory cache has this file name. */
  open(directoryFileName: string): CacheDatabase;
  logger: Logger;
}

/** One agent's own history file for each PBX, following the PBX the shared directory cache follows. */
export class AgentHistoryFiles implements HistoryFiles {
  private file: CacheDatabase | undefined;
  private directoryFileName: string | undefined;
  private readonly listeners = new Set<HistoryFileListener>();
  private readonly stopFollowing: () => void;

  constructor(private readonly deps: AgentHistoryFilesDeps) {
    this.stopFollowing = deps.caches.onChange((opened) => this.follow(opened?.fileName));
    this.follow(deps.caches.current?.fileName);
  }

  get current(): CacheDatabase | undefined {
    return this.file;
  }

  onChange(listener: HistoryFileListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes the file; the listeners hear no more. */
  close(): void {
    this.stopFollowing();
    this.listeners.clear();
    this.file?.close();
    this.file = undefined;
  }

  private follow(directoryFileName: string | undefined): void {
    // No PBX any more, or the same PBX's directory renumbered or rebuilt: the same history.
    if (!directoryFileName || directoryFileName === this.directoryFileName) return;
    const previous = this.file;
    this.directoryFileName = directoryFileName;
    this.file = this.opened(directoryFileName);
    this.notify();
    previous?.close();
  }

  private opened(directoryFileName: string): CacheDatabase | undefined {
    try {
      const file = this.deps.open(directoryFileName);
      file.onDamaged(() => this.replace(file));
      return file;
    } catch (error) {
      // The history then lives in memory (HistoryPerPbx), as when the desktop's file cannot be opened.
      this.deps.logger.error(`The agent's history file for ${directoryFileName} could not be opened`, error);
      return undefined;
    }
  }

  private replace(damaged: CacheDatabase): void {
    if (this.file !== damaged) return;
    let repaired: CacheDatabase;
    try {
      repaired = damaged.recover();
    } catch (error) {
      this.deps.logger.error(
        'The damaged history file could not be repaired; calls are kept in memory',
        error,
      );
      repaired = openHistoryFile(':memory:', damaged.options);
    }
    this.file = repaired;
    repaired.onDamaged(() => this.replace(repaired));
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.file);
  }
}
