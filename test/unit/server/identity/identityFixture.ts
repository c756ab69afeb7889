/** A throwaway identity file in a temporary data directory, on a clock the test moves. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { openIdentityDatabase } from '../../../../src-main/server/identity/identityDatabase';
import { SessionStore, type SessionStoreOptions } from '../../../../src-main/server/identity/sessionStore';

export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function testClock(startMs = Date.UTC(2026, 11, 5, 9, 0)): TestClock {
  let now = startMs;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

export interface IdentityFixture {
  dataDirectory: string;
  db: SqliteDatabase;
  clock: TestClock;
  sessions: SessionStore;
  dispose(): void;
}

export function identityFixture(options: Partial<SessionStoreOptions> = {}): IdentityFixture {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ringside-identity-'));
  const db = openIdentityDatabase(dataDirectory);
  const clock = testClock();
  const sessions = new SessionStore({ db, clock, sweepIntervalMs: 0, ...options });
  return {
    dataDirectory,
    db,
    clock,
    sessions,
    dispose() {
      sessions.close();
      db.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}
