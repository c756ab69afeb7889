/**
 * The numbers dialled recently: newest first, each number once, at most 20. Kept in a small JSON file beside
 * the cache (the composition root names it), written atomically; an unreadable file starts an empty list.
 * The store is the one copy (the file store keeps what it read or wrote in memory), so clearing it
 * (`save([])`, Settings ▸ Privacy) clears the list the dial pad shows.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { DialSourceSchema, type DialSource } from '../../shared/contract';
import type { Logger } from '../../shared/logger';

export const RECENT_NUMBERS_LIMIT = 20;

const StoredRecentSchema = z.object({
  dial: z.string().min(1).max(64),
  display: z.string().max(256),
  at: z.number(),
  source: DialSourceSchema,
});
export type StoredRecent = z.infer<typeof StoredRecentSchema>;

export interface RecentNumbersStore {
  load(): StoredRecent[];
  save(recents: StoredRecent[]): void;
}

export class MemoryRecentNumbersStore implements RecentNumbersStore {
  constructor(private recents: StoredRecent[] = []) {}

  load(): StoredRecent[] {
    return [...this.recents];
  }

  save(recents: StoredRecent[]): void {
    this.recents = [...recents];
  }
}

export class JsonFileRecentNumbersStore implements RecentNumbersStore {
  /** What the file holds, once read or written. */
  private recents: StoredRecent[] | undefined;

  constructor(
    private readonly path: string,
    private readonly logger: Logger,
  ) {}

  load(): StoredRecent[] {
    this.recents ??= this.read();
    return [...this.recents];
  }

  private read(): StoredRecent[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.warn(`recent numbers: ${this.path} could not be read; starting an empty list`, error);
      }
      return [];
    }
    try {
      const parsed = z.array(StoredRecentSchema).safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: reported below
    }
    this.logger.warn(`recent numbers: ${this.path} is not a list of recent numbers; starting an empty list`);
    return [];
  }

  save(recents: StoredRecent[]): void {
    this.recents = [...recents];
    const temporary = `${this.path}.tmp`;
    // The user's alone, as everything in the user data directory (app/privateFiles.ts).
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, JSON.stringify(recents), { mode: 0o600 });
    renameSync(temporary, this.path);
  }
}

export class RecentNumbers {
  constructor(
    private readonly store: RecentNumbersStore,
    private readonly logger: Logger,
  ) {}

  list(): StoredRecent[] {
    return this.store.load().slice(0, RECENT_NUMBERS_LIMIT);
  }

  add(entry: { dial: string; display: string; at: number; source: DialSource }): void {
    const recents = [entry, ...this.list().filter((recent) => recent.dial !== entry.dial)].slice(
      0,
      RECENT_NUMBERS_LIMIT,
    );
    try {
      this.store.save(recents);
    } catch (error) {
      // Dialling worked; a list that is not saved is a small loss, not a failed call.
      this.logger.warn('recent numbers: could not be saved', error);
    }
  }
}
