/**
 * The read-only copy of a team server's directory that its desktop client keeps, to search while the server
 * cannot be reached (docs/team-server.md, "Offline directory"). It holds what `directory:export` sends: the
 * summaries search shows (names, company links, numbers, e-mails), nothing else. One private (0600) SQLite
 * file per server in the app's data directory, a directory cache in form, so the cache's own search, with its
 * normalisation and ranking, answers from it.
 *
 * After each connection the server's stamp is compared with the copy's; a changed directory is copied page by
 * page into a file beside the copy (each page one short transaction, the event loop free between pages) that
 * replaces the copy by a rename only once complete and sealed. A copy cut short leaves the old one in use.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFileName } from '../app/directory/directoryCaches';
import {
  DirectoryCache,
  DirectoryCopyWriter,
  directoryCopyInfo,
  openCache,
  type CacheDatabase,
  type DirectoryCopyInfo,
} from '../cache';
import type { Clock } from '../shared/clock';
import type {
  DirectoryExportPage,
  DirectorySearchArgs,
  DirectorySearchResult,
  IpcResult,
} from '../shared/contract';
import type { Logger } from '../shared/logger';

export interface OfflineDirectoryOptions {
  /** The app's data directory. */
  directory: string;
  /** The team server whose directory this copies. */
  serverUrl: string;
  logger: Logger;
  clock: Clock;
  /** Entries asked per page (default 500; the server ends a page early once it is large). */
  pageSize?: number;
}

/** Runs one command on the server (RemoteCore.invoke). */
export type InvokeServer = (channel: string, args: unknown) => Promise<IpcResult<unknown>>;

export type RefreshOutcome = 'copied' | 'unchanged';

const DEFAULT_PAGE_SIZE = 500;
const PARTIAL = '.partial';

/** `offline-directory-<host>-<hash>.sqlite`: one per server origin. */
export function offlineDirectoryFile(directory: string, serverUrl: string): string {
  return join(
    directory,
    `offline-${cacheFileName({ kind: 'configured', baseUrl: new URL(serverUrl).origin })}`,
  );
}

/**
 * Deletes the copy of that server's directory with everything SQLite keeps beside it (-wal, -shm), an
 * unfinished copy and copies set aside as damaged: at sign-out. Close the OfflineDirectory first.
 */
export function removeOfflineDirectory(directory: string, serverUrl: string): void {
  const file = offlineDirectoryFile(directory, serverUrl);
  const name = file.slice(directory.length + 1);
  if (!existsSync(directory)) return;
  for (const entry of readdirSync(directory)) {
    if (entry.startsWith(name)) rmSync(join(directory, entry), { force: true });
  }
}

interface OpenCopy {
  database: CacheDatabase;
  cache: DirectoryCache;
  info: DirectoryCopyInfo;
}

export class OfflineDirectory {
  private readonly file: string;
  private copy: OpenCopy | null = null;
  private running: Promise<RefreshOutcome> | null = null;
  private readonly stopped = new AbortController();

  constructor(private readonly options: OfflineDirectoryOptions) {
    this.file = offlineDirectoryFile(options.directory, options.serverUrl);
    this.copy = this.openCopy();
  }

  /** Epoch ms when the copy in use was made; null: there is none. */
  get copiedAt(): number | null {
    return this.copy?.info.copiedAt ?? null;
  }

  /** The server's stamp of the directory the copy in use was made from; null: there is none. */
  get stamp(): string | null {
    return this.copy?.info.stamp ?? null;
  }

  /** A search of the copy, marked with the copy's time; null without a copy. */
  search({ query, limit }: DirectorySearchArgs): DirectorySearchResult | null {
    if (!this.copy) return null;
    const found = this.copy.cache.searchDirectory(query, { limit });
    return { ...found, offlineCopyFrom: this.copy.info.copiedAt };
  }

  /**
   * Copies the server's directory when its stamp differs from the copy's; one copy at a time (a second call
   * while one runs gets the running one). Rejects when the server fails or the copy cannot be written.
   */
  refresh(invoke: InvokeServer): Promise<RefreshOutcome> {
    this.running ??= this.copyFrom(invoke).finally(() => (this.running = null));
    return this.running;
  }

  /** Stops a running copy (what it wrote is deleted) and closes the copy. */
  close(): void {
    this.stopped.abort();
    this.copy?.database.close();
    this.copy = null;
  }

  private async copyFrom(invoke: InvokeServer): Promise<RefreshOutcome> {
    const pageSize = this.options.pageSize ?? DEFAULT_PAGE_SIZE;
    const signal = this.stopped.signal;
    signal.throwIfAborted();
    // One entry first: its stamp says whether there is anything to copy at all.
    let page = await exportPage(invoke, { limit: 1 });
    // No directory on the server (yet), or the one copied already.
    if (!page.numbering.defaultCountry || page.stamp === this.copy?.info.stamp) return 'unchanged';
    // A stamp that changes between pages means a mix of two versions: sealed with the first, it is copied
    // again after the next connection.
    const stamp = page.stamp;
    const started = this.options.clock.now();
    const partial = this.file + PARTIAL;
    removeFiles(partial);
    let database: CacheDatabase | null = openCache(partial, { logger: this.options.logger });
    try {
      const cache = new DirectoryCache(database, { numbering: page.numbering, logger: this.options.logger });
      const writer = new DirectoryCopyWriter(database.db, cache);
      let copied = 0;
      for (;;) {
        signal.throwIfAborted();
        await writer.write(page.entries);
        copied += page.entries.length;
        if (page.next === null) break;
        page = await exportPage(invoke, { cursor: page.next, limit: pageSize });
      }
      signal.throwIfAborted();
      writer.seal({ stamp, copiedAt: this.options.clock.now(), numbering: cache.numberingPlan });
      database.checkpoint('TRUNCATE');
      database.close();
      database = null;
      this.replaceCopy(partial);
      this.options.logger.info(
        `Offline directory: ${copied} entries copied in ${this.options.clock.now() - started} ms`,
      );
      return 'copied';
    } finally {
      if (database) {
        database.close();
        removeFiles(partial);
      }
    }
  }

  /** The finished copy takes the old one's place: closed, renamed over, opened again. */
  private replaceCopy(partial: string): void {
    this.copy?.database.close();
    this.copy = null;
    // A cleanly closed copy leaves none; a stale -wal beside the new file would be read as its own.
    for (const suffix of ['-wal', '-shm']) rmSync(this.file + suffix, { force: true });
    renameSync(partial, this.file);
    this.copy = this.openCopy();
  }

  private openCopy(): OpenCopy | null {
    if (!existsSync(this.file)) return null;
    const { logger, clock } = this.options;
    try {
      const database = openCache(this.file, { logger, clock });
      const info = directoryCopyInfo(database.db);
      if (!info) {
        database.close();
        return null;
      }
      return { database, info, cache: new DirectoryCache(database, { numbering: info.numbering, logger }) };
    } catch (error) {
      logger.warn(`Offline directory ${this.file} could not be opened`, error);
      return null;
    }
  }
}

/** One page of the server's directory; the server's failure thrown. */
async function exportPage(
  invoke: InvokeServer,
  args: { cursor?: string; limit: number },
): Promise<DirectoryExportPage> {
  const result = await invoke('directory:export', args);
  if (!result.ok) throw new Error(`directory:export failed: ${result.error.code} ${result.error.message}`);
  return result.value as DirectoryExportPage;
}

function removeFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}
