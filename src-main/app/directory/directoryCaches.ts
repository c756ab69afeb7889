/**
 * One cache database per PBX: the demo PBX has its own file (its port changes at every start, its seeded
 * directory does not), every configured PBX one named after its base URL. Switching PBX therefore never
 * mixes two directories (or two call histories), and switching back finds the old cache ready. The files
 * are opened by an injected opener (the composition root puts them in the user data directory).
 */
import { createHash } from 'node:crypto';
import { DirectoryCache, type CacheDatabase } from '../../cache';
import type { Clock } from '../../shared/clock';
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
  database: CacheDatabase;
  directory: DirectoryCache;
  /** The default country `directory` reads numbers with. */
  country: string;
}

export interface DirectoryCachesDeps {
  /** Absent: no cache at all (tests of other parts; the directory then stays empty and nothing syncs). */
  open: CacheFileOpener | undefined;
  /** The default country for reading numbers, from the settings. */
  defaultCountry: () => string;
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
  private failure: string | undefined;
  private readonly listeners = new Set<CacheChangeListener>();

  constructor(private readonly deps: DirectoryCachesDeps) {}

  /** The cache of the active PBX (the last one while none is active); undefined before any PBX. */
  get current(): OpenedCache | undefined {
    return this.opened;
  }

  get openError(): string | undefined {
    return this.failure;
  }

  /** Follows the cache in use (the history keeps its records in the same database). */
  onChange(listener: CacheChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Uses the cache of `owner`, opening it unless it is the one open; the previous one is closed. Without
   * an owner (no PBX any more) the current cache stays open: the directory is still worth searching.
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
      this.opened = { fileName, database, country, directory: this.directoryOver(database, country) };
    } catch (error) {
      database?.close();
      // A full disk or an unreadable directory: no cache (and no sync) until the next switch or restart.
      this.failure = `The directory cache could not be opened: ${failureDetail(error)}`;
      this.deps.logger.error(`Directory cache ${fileName} could not be opened`, error);
    }
    this.notify();
    previous?.database.close();
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
    opened?.database.close();
    this.listeners.clear();
  }

  private directoryOver(database: CacheDatabase, defaultCountry: string): DirectoryCache {
    const { clock, logger } = this.deps;
    return new DirectoryCache(database, { numbering: { defaultCountry }, logger, clock });
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.opened);
  }
}
