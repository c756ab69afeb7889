/**
 * Server-side sessions of the team server. A browser holds a random 256-bit token in its cookie; the store
 * keeps its SHA-256 only. A session ends when it is revoked, when it was not used for its idle lifetime, or
 * at its absolute lifetime, whichever comes first; an ended session is deleted and reported to `onEnded`
 * listeners (the server closes that session's WebSockets). Expiry is noticed on use and by a timer sweep,
 * so a socket left open without requests is closed on time too.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { isWellFormedToken, newPublicId, newSecretToken, tokenHash } from './secretTokens';

/** `native`: the desktop app, through the system browser (nativeSignIn.ts). */
export type SignInMethod = 'oidc' | 'enrollment' | 'native';
export type SessionEndReason = 'revoked' | 'expired';

export interface SessionLifetimes {
  /** Ends a session not used for this long. */
  idleMs: number;
  /** Ends a session this long after sign-in, however busy. */
  absoluteMs: number;
}

export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = {
  idleMs: 12 * 60 * 60_000,
  absoluteMs: 7 * 24 * 60 * 60_000,
};

/** Last-seen is written at most this often per session, so each request does not cost a disk write. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;
const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

export interface Session {
  /** A public id for lists and revocation; not the cookie's token. */
  id: string;
  /** The PBX username this session acts as. */
  agent: string;
  /** What the agent sees in a list of their devices: a browser and system, or the name given at enrollment. */
  device: string;
  method: SignInMethod;
  createdAt: number;
  lastSeenAt: number;
  /** When the session ends if it stays unused. */
  idleExpiresAt: number;
  /** When the session ends in any case. */
  expiresAt: number;
}

export interface NewSession {
  agent: string;
  device: string;
  method: SignInMethod;
}

export interface SessionEnded {
  session: Session;
  reason: SessionEndReason;
}

export type SessionEndedListener = (ended: SessionEnded) => void;

export interface SessionStoreOptions {
  db: SqliteDatabase;
  clock: Clock;
  lifetimes?: Partial<SessionLifetimes>;
  /** How often expired sessions are looked for without a request; 0 for no timer (the caller sweeps). */
  sweepIntervalMs?: number;
  /** Told when a listener throws, so one broken listener neither stops the others nor the sweep. */
  onListenerError?: (error: unknown) => void;
}

interface SessionRow {
  id: string;
  agent: string;
  device: string;
  method: SignInMethod;
  created_at: number;
  last_seen_at: number;
  idle_ms: number;
  expires_at: number;
}

const COLUMNS = 'id, agent, device, method, created_at, last_seen_at, idle_ms, expires_at';

function sessionOf(row: SessionRow): Session {
  return {
    id: row.id,
    agent: row.agent,
    device: row.device,
    method: row.method,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    idleExpiresAt: row.last_seen_at + row.idle_ms,
    expiresAt: row.expires_at,
  };
}

export class SessionStore {
  readonly lifetimes: SessionLifetimes;
  readonly #db: SqliteDatabase;
  readonly #clock: Clock;
  readonly #listeners = new Set<SessionEndedListener>();
  readonly #onListenerError: (error: unknown) => void;
  readonly #sweepTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: SessionStoreOptions) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.lifetimes = { ...DEFAULT_SESSION_LIFETIMES, ...options.lifetimes };
    if (!(this.lifetimes.idleMs > 0 && this.lifetimes.absoluteMs > 0)) {
      throw new RangeError('Session lifetimes must be positive');
    }
    this.#onListenerError = options.onListenerError ?? (() => {});
    const sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
    if (sweepIntervalMs > 0) {
      this.#sweepTimer = setInterval(() => this.sweep(), sweepIntervalMs);
      this.#sweepTimer.unref();
    }
  }

  /** Opens a session; the token goes into the cookie and is never stored. */
  create(fields: NewSession): { session: Session; token: string } {
    const token = newSecretToken();
    const now = this.#clock.now();
    const row: SessionRow = {
      id: newPublicId(),
      agent: fields.agent,
      device: fields.device,
      method: fields.method,
      created_at: now,
      last_seen_at: now,
      idle_ms: this.lifetimes.idleMs,
      expires_at: now + this.lifetimes.absoluteMs,
    };
    this.#db
      .prepare(
        `INSERT INTO sessions (${COLUMNS}, token_hash) VALUES (@id, @agent, @device, @method, @created_at,
          @last_seen_at, @idle_ms, @expires_at, @token_hash)`,
      )
      .run({ ...row, token_hash: tokenHash(token) });
    return { session: sessionOf(row), token };
  }

  /** The live session a cookie's token opens, marking it used; undefined for anything else. */
  lookup(token: unknown): Session | undefined {
    if (!isWellFormedToken(token)) return undefined;
    const row = this.#db
      .prepare(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = ?`)
      .get(tokenHash(token)) as SessionRow | undefined;
    if (!row) return undefined;
    const now = this.#clock.now();
    if (this.#isExpired(row, now)) {
      this.#end([row], 'expired');
      return undefined;
    }
    if (now - row.last_seen_at >= LAST_SEEN_WRITE_INTERVAL_MS) {
      this.#db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?').run(now, row.id);
      row.last_seen_at = now;
    }
    return sessionOf(row);
  }

  /** Live sessions, oldest first; of one agent when given. */
  list(agent?: string): Session[] {
    const now = this.#clock.now();
    const rows = (
      agent === undefined
        ? this.#db.prepare(`SELECT ${COLUMNS} FROM sessions ORDER BY created_at, rowid`).all()
        : this.#db
            .prepare(`SELECT ${COLUMNS} FROM sessions WHERE agent = ? ORDER BY created_at, rowid`)
            .all(agent)
    ) as SessionRow[];
    return rows.filter((row) => !this.#isExpired(row, now)).map(sessionOf);
  }

  /** Ends one session; false when there was none (already ended, or never). */
  revoke(sessionId: string): boolean {
    const rows = this.#db
      .prepare(`SELECT ${COLUMNS} FROM sessions WHERE id = ?`)
      .all(sessionId) as SessionRow[];
    return this.#end(rows, 'revoked') > 0;
  }

  /** Ends every session of an agent (signed out everywhere, or their PBX user removed); how many ended. */
  revokeAgent(agent: string): number {
    const rows = this.#db
      .prepare(`SELECT ${COLUMNS} FROM sessions WHERE agent = ? ORDER BY rowid`)
      .all(agent) as SessionRow[];
    return this.#end(rows, 'revoked');
  }

  /** Ends every session (a suspected breach, a new IdP); how many ended. */
  revokeAll(): number {
    return this.#end(
      this.#db.prepare(`SELECT ${COLUMNS} FROM sessions ORDER BY rowid`).all() as SessionRow[],
      'revoked',
    );
  }

  /** Ends the sessions whose time is up; the timer calls it, and so may tests. How many ended. */
  sweep(): number {
    const now = this.#clock.now();
    const rows = this.#db
      .prepare(`SELECT ${COLUMNS} FROM sessions WHERE expires_at <= ? OR last_seen_at + idle_ms <= ?`)
      .all(now, now) as SessionRow[];
    return this.#end(rows, 'expired');
  }

  /** Calls `listener` for each session that ends from now on; returns a function that stops it. */
  onEnded(listener: SessionEndedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops the sweep timer; the database is the caller's to close. */
  close(): void {
    clearInterval(this.#sweepTimer);
    this.#listeners.clear();
  }

  #isExpired(row: SessionRow, now: number): boolean {
    return now >= row.expires_at || now >= row.last_seen_at + row.idle_ms;
  }

  #end(rows: SessionRow[], reason: SessionEndReason): number {
    const remove = this.#db.prepare('DELETE FROM sessions WHERE id = ?');
    const ended = this.#db.transaction(() => rows.filter((row) => remove.run(row.id).changes > 0))();
    for (const row of ended) {
      for (const listener of this.#listeners) {
        try {
          listener({ session: sessionOf(row), reason });
        } catch (error) {
          this.#onListenerError(error);
        }
      }
    }
    return ended.length;
  }
}
