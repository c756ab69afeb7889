/**
 * The team server's identity file (`identity.sqlite` in its data directory): sessions and enrollment links.
 * It holds no secret a browser could present, only their SHA-256; still, it names who is signed in on which
 * device, so it is the service account's alone (0600, created so before SQLite opens it).
 */
import Database from 'better-sqlite3';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { join } from 'node:path';
import { configureConnection } from '../../cache/database/configureConnection';
import { createPrivateFile } from '../../cache/database/createPrivateFile';

export const IDENTITY_FILE_NAME = 'identity.sqlite';

const SESSIONS_TABLE = `
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  token_hash BLOB NOT NULL UNIQUE,
  agent TEXT NOT NULL,
  device TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('oidc', 'enrollment', 'native')),
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  idle_ms INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_agent ON sessions (agent);
`;

const SCHEMA = `${SESSIONS_TABLE}
CREATE TABLE IF NOT EXISTS enrollment_links (
  id TEXT PRIMARY KEY,
  token_hash BLOB NOT NULL UNIQUE,
  agent TEXT NOT NULL,
  issued_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  redeemed_at INTEGER
);
`;

/** Opens (creating if need be) the identity file in `dataDirectory`; `:memory:` for a throwaway one. */
export function openIdentityDatabase(dataDirectory: string | ':memory:'): SqliteDatabase {
  const path = dataDirectory === ':memory:' ? dataDirectory : join(dataDirectory, IDENTITY_FILE_NAME);
  createPrivateFile(path);
  const db = new Database(path);
  try {
    if (path !== ':memory:') db.pragma('journal_mode = WAL');
    configureConnection(db);
    db.exec(SCHEMA);
    allowNativeSessions(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * A file written before the desktop app could sign in through the browser has a sessions table whose CHECK
 * refuses `native`; SQLite cannot alter a CHECK, so the table is rebuilt with its rows (sessions stay open).
 */
function allowNativeSessions(db: SqliteDatabase): void {
  const table = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'sessions'")
    .pluck();
  if ((table.get() as string).includes("'native'")) return;
  db.transaction(() => {
    db.exec('ALTER TABLE sessions RENAME TO sessions_before_native');
    db.exec('DROP INDEX IF EXISTS sessions_by_agent');
    db.exec(SESSIONS_TABLE);
    db.exec('INSERT INTO sessions SELECT * FROM sessions_before_native');
    db.exec('DROP TABLE sessions_before_native');
  })();
}
