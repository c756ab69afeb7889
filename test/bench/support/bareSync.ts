/**
 * The limit of a directory sync's CPU per person: a bare loop over the same HTTP requests the sync makes for
 * persons (the list in pages of 500, then each person's detail, 8 at a time over undici keep-alive
 * connections), each answer parsed with JSON.parse and each person inserted as its JSON text into a plain
 * SQLite table, 500 to a transaction. No validation, no normalisation of numbers, no search index, no
 * worker thread: what fetching, parsing and storing the persons costs at least.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Pool } from 'undici';
import { forEachConcurrently } from '../../../src-main/cache';

const PAGE_SIZE = 500;
const CONCURRENCY = 8;

/** A fetched person's detail as the loop hands it to its store. */
export interface FetchedPerson {
  id: number;
  detail: unknown;
}

/** How a loop stores what it fetched: its tables, and the writing of one person inside a transaction. */
export type LoopStore = (db: Database.Database) => (person: FetchedPerson) => void;

/** The bare loop's store: each person's JSON text in a plain table. */
const jsonText: LoopStore = (db) => {
  db.exec('CREATE TABLE persons (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT OR REPLACE INTO persons (id, body) VALUES (?, ?)');
  return (person) => insert.run(person.id, JSON.stringify(person.detail));
};

/** This process's CPU time (all threads) per person of a bare sync of the first `persons` persons, in µs. */
export function bareSyncCpuPerPerson(
  baseUrl: string,
  authorization: string,
  persons: number,
): Promise<number> {
  return syncLoopCpuPerPerson(baseUrl, authorization, persons, jsonText);
}

/** The CPU time per person of the loop above storing each person with `store` (floorSync.ts), in µs. */
export async function syncLoopCpuPerPerson(
  baseUrl: string,
  authorization: string,
  persons: number,
  store: LoopStore,
): Promise<number> {
  const { origin, pathname } = new URL(baseUrl);
  const pool = new Pool(origin, { connections: CONCURRENCY });
  const dir = mkdtempSync(join(tmpdir(), 'ringside-bare-sync-'));
  const db = new Database(join(dir, 'bare.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    const write = store(db);
    const insertAll = db.transaction((rows: FetchedPerson[]) => rows.forEach(write));
    const get = async (path: string) => {
      const response = await pool.request({ method: 'GET', path, headers: { authorization } });
      const body = (await response.body.json()) as { data: unknown };
      if (response.statusCode !== 200) throw new Error(`GET ${path}: HTTP ${response.statusCode}`);
      return body.data;
    };

    const cpuBefore = process.cpuUsage();
    const ids: number[] = [];
    for (let offset = 0; offset < persons; offset += PAGE_SIZE) {
      const limit = Math.min(PAGE_SIZE, persons - offset);
      const page = (await get(`${pathname}/crm/persons?limit=${limit}&offset=${offset}`)) as { id: number }[];
      ids.push(...page.map((person) => person.id));
    }
    let batch: FetchedPerson[] = [];
    await forEachConcurrently(ids, CONCURRENCY, async (id) => {
      // Awaited before `batch` is read: another lane may hand the current batch to SQLite meanwhile.
      const detail = await get(`${pathname}/crm/person/${id}`);
      batch.push({ id, detail });
      if (batch.length >= PAGE_SIZE) {
        insertAll(batch);
        batch = [];
      }
    });
    insertAll(batch);
    const cpu = process.cpuUsage(cpuBefore);
    const stored = db.prepare('SELECT count(*) FROM persons').pluck().get() as number;
    if (stored !== new Set(ids).size)
      throw new Error(`the bare sync stored ${stored} of ${new Set(ids).size} persons`);
    return (cpu.user + cpu.system) / ids.length;
  } finally {
    db.close();
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
