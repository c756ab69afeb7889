/**
 * The files of each PBX: its directory cache, opened by an injected opener (the composition root puts it in
 * the user data directory), and beside it its history file (calls, reviews, wrap-ups and their outbox). The
 * demo PBX has its own pair (its port changes at every start, its seeded directory does not), every
 * configured PBX one named after its base URL. Switching PBX therefore never mixes two directories or two
 * histories, and switching back finds the old ones ready.
 *
 * The two files recover differently: a damaged directory cache is set aside and rebuilt from the PBX (the
 * sync is told, `onDirectoryRebuilt`); a damaged history file is salvaged. Damage is found at open, by any
 * statement, or by the integrity check after an unclean shutdown; either way the file is replaced here and
 * the listeners get the new pair.
 */
import { createHash } from 'node:crypto';
import { DirectoryCache, historyFileBeside, openHistoryFile, type CacheDatabase } from '../../cache';
import type { Clock } from '../../shared/clock';
import { t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import { failureDetail } from '../../shared/contract';

/** Opens (creating, migrating, recovering) the cache database of that file name. */
export type CacheFileOpener = (fileName: string) => CacheDatabase;

/** The PBX a cache belongs to (ConnectionManager's PbxProfile has this shape). */
export interface CacheOwner {
  kind: 'demo' | 'configured';
  baseUrl: string;
}

export interface OpenedCache {
  fileName: string;
  /** The directory cache. */
  database: CacheDatabase;
  directory: DirectoryCache;
  /** The default country `directory` reads numbers with. */
  country: string;
  /**
   * The PBX's history file (in memory when it could not be opened: the log says why); absent where each
   * agent keeps their own (a team server: `historyBeside` false).
   */
  history?: CacheDatabase;
}

export interface DirectoryCachesDeps {
  /** Absent: no cache at all (tests of other parts; the directory then stays empty and nothing syncs). */
  open: CacheFileOpener | undefined;
  /** The default country for reading numbers, from the settings. */
  defaultCountry: () => string;
  /** A damaged directory cache was replaced by an empty one: a sync is owed to it now. */
  onDirectoryRebuilt?: () => void;
  /** Open a history file beside each directory cache (default); false where the agents have their own. */
  historyBeside?: boolean;
  clock: Clock;
  logger: Logger;
}

export type CacheChangeListener = (opened: OpenedCache | undefined) => void;

/** `directory-demo.sqlite`, or `directory-pbx.example.com-<10 hex of the base URL's hash>.sqlite`. */
export function cacheFileName(owner: CacheOwner): string {
  if (owner.kind === 'demo') return 'directory-demo.sqlite';
  const url = URL.parse(owner.baseUrl);
  const host = (url?.host ?? 'pbx').toLowerCase().replace(/[^a-z0-9.-]+/g, '_');
  const normalized = url ? `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}` : owner.baseUrl;
  const hash = createHash('sha256').update(normalized).digest('hex').slice(0, 10);
  return `directory-${host}-${hash}.sqlite`;
}

export class DirectoryCaches {
  private opened: OpenedCache | undefined;
  /** Why the last cache could not be opened; cleared by the next open. */
  private failure: (() => string) | undefined;
  private readonly listeners = new Set<CacheChangeListener>();

  constructor(private readonly deps: DirectoryCachesDeps) {}

  /** The cache of the active PBX (the last one while none is active); undefined before any PBX. */
  get current(): OpenedCache | undefined {
    return this.opened;
  }

  get openError(): string | undefined {
    return this.failure?.();
  }

  /** Follows the files in use (the history follows its file; a replaced file is a change too). */
  onChange(listener: CacheChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Uses the files of `owner`, opening them unless they are the ones open; the previous ones are closed.
   * Without an owner (no PBX any more) the current files stay open: the directory is still worth searching.
   */
  select(owner: CacheOwner | undefined): OpenedCache | undefined {
    if (!owner || !this.deps.open) return this.opened;
    const fileName = cacheFileName(owner);
    if (this.opened?.fileName === fileName) return this.opened;
    const previous = this.opened;
    this.opened = undefined;
    this.failure = undefined;
    let database: CacheDatabase | undefined;
    try {
      database = this.deps.open(fileName);
      const country = this.deps.defaultCountry();
      let directory: DirectoryCache;
      try {
        directory = this.directoryOver(database, country);
      } catch (error) {
        // Damage met by the first reads: replaced at once, before anything else reads it.
        if (!database.damaged) throw error;
        database = database.recover();
        directory = this.directoryOver(database, country);
      }
      const history = this.deps.historyBeside === false ? undefined : this.openHistory(database);
      this.opened = { fileName, database, country, directory, history };
      this.follow(this.opened);
    } catch (error) {
      database?.close();
      // A full disk or an unreadable directory: no cache (and no sync) until the next switch or restart.
      const reason = failureDetail(error);
      this.failure = () => t('connection.directoryCacheUnopened', { reason });
      this.deps.logger.error(`Directory cache ${fileName} could not be opened`, error);
    }
    this.notify();
    closeFiles(previous);
    return this.opened;
  }

  /**
   * The default country changed: the same database is read under the new numbering plan. Its number index
   * is then outdated, and the next sync re-indexes it first. Returns whether the plan changed.
   */
  renumber(): boolean {
    const opened = this.opened;
    const country = this.deps.defaultCountry();
    if (!opened || opened.country === country) return false;
    try {
      this.opened = { ...opened, country, directory: this.directoryOver(opened.database, country) };
    } catch (error) {
      // The settings accept only countries libphonenumber knows; this keeps the old plan if one slips by.
      this.deps.logger.error(`Directory cache: default country ${country} refused`, error);
      return false;
    }
    this.notify();
    return true;
  }

  close(): void {
    const opened = this.opened;
    this.opened = undefined;
    if (opened) this.notify();
    closeFiles(opened);
    this.listeners.clear();
  }

  /** The history file beside the directory cache, opened the same way; in memory if it cannot be opened. */
  private openHistory(database: CacheDatabase): CacheDatabase {
    const path = historyFileBeside(database.path);
    try {
      return openHistoryFile(path, database.options);
    } catch (error) {
      this.deps.logger.error(
        `History file ${path} could not be opened; calls are kept in memory until Ringside restarts`,
        error,
      );
      return openHistoryFile(':memory:', database.options);
    }
  }

  /** Replaces either file of `opened` once it is found damaged (a replacement is followed in turn). */
  private follow(opened: OpenedCache): void {
    opened.database.onDamaged(() => this.replace(opened, 'database'));
    opened.history?.onDamaged(() => this.replace(opened, 'history'));
  }

  private replace(opened: OpenedCache, file: 'database' | 'history'): void {
    const current = this.opened;
    // Another PBX's files by now (closed), or replaced already.
    if (!current || current[file] !== opened[file]) return;
    const damaged = opened[file];
    if (!damaged) return;
    let replaced: OpenedCache;
    try {
      const database = damaged.recover();
      replaced =
        file === 'database'
          ? { ...current, database, directory: this.directoryOver(database, current.country) }
          : { ...current, history: database };
    } catch (error) {
      this.replaceFailed(current, file, error);
      return;
    }
    this.opened = replaced;
    // The other file keeps its listener; the new one needs its own.
    replaced[file]?.onDamaged(() => this.replace(replaced, file));
    this.notify();
    if (file === 'database') this.deps.onDirectoryRebuilt?.();
  }

  /** No directory cache until the next switch or restart; a history in memory meanwhile. */
  private replaceFailed(current: OpenedCache, file: 'database' | 'history', error: unknown): void {
    if (file === 'database') {
      this.deps.logger.error('The damaged directory cache could not be replaced', error);
      const reason = failureDetail(error);
      this.failure = () => t('connection.directoryCacheUnrebuilt', { reason });
      this.opened = undefined;
      this.notify();
      closeFiles(current);
      return;
    }
    this.deps.logger.error('The damaged history file could not be repaired; calls are kept in memory', error);
    const history = openHistoryFile(':memory:', current.database.options);
    this.opened = { ...current, history };
    this.notify();
  }

  private directoryOver(database: CacheDatabase, defaultCountry: string): DirectoryCache {
    const { clock, logger } = this.deps;
    return new DirectoryCache(database, { numbering: { defaultCountry }, logger, clock });
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.opened);
  }
}

function closeFiles(opened: OpenedCache | undefined): void {
  opened?.database.close();
  opened?.history?.close();
}
