/**
 * One-time enrollment links: an administrator issues one for a PBX username and hands it to the agent
 * (e-mail, chat); opening it on a device signs that device in. The token travels in the URL's fragment
 * (`<origin>/enroll#<token>`), which a browser never sends: it stays out of the server's and any proxy's
 * access logs and out of Referer headers. The enrollment page reads it and POSTs it to `/auth/enroll`, and
 * drops it from the address bar and history. Each link also has an app form, `ringside://enroll?server=…#…`,
 * which the OS hands to the desktop app (shared/enrollmentLink.ts). Only the token's SHA-256 is stored; a redeemed link is kept
 * (burnt) until a while after its expiry so a second use is told "already used", not "unknown".
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Clock } from '../../shared/clock';
import { appEnrollmentLink, WEB_ENROLLMENT_PATH } from '../../shared/enrollmentLink';
import { isWellFormedToken, newPublicId, newSecretToken, tokenHash } from './secretTokens';
import type { Session, SessionStore } from './sessionStore';

export const DEFAULT_ENROLLMENT_LIFETIME_MS = 24 * 60 * 60_000;
/** How long a used or expired link is remembered, to say why it no longer works. */
const BURNT_LINK_MEMORY_MS = 30 * 24 * 60 * 60_000;
export const ENROLLMENT_PATH = WEB_ENROLLMENT_PATH;

export interface EnrollmentLink {
  id: string;
  agent: string;
  /** Who issued it (an administrator's username), for the list. */
  issuedBy: string;
  createdAt: number;
  expiresAt: number;
}

export type EnrollmentRefusal = 'unknown' | 'used' | 'expired';

export type Redemption =
  { ok: true; session: Session; token: string } | { ok: false; reason: EnrollmentRefusal };

export interface EnrollmentLinksOptions {
  db: SqliteDatabase;
  clock: Clock;
  sessions: SessionStore;
  /** The origin agents reach the server at (`https://ringside.example.com`), for the links. */
  serverOrigin: string;
  lifetimeMs?: number;
}

interface LinkRow {
  id: string;
  agent: string;
  issued_by: string;
  created_at: number;
  expires_at: number;
  redeemed_at: number | null;
}

const linkOf = (row: LinkRow): EnrollmentLink => ({
  id: row.id,
  agent: row.agent,
  issuedBy: row.issued_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

export class EnrollmentLinks {
  readonly #db: SqliteDatabase;
  readonly #clock: Clock;
  readonly #sessions: SessionStore;
  readonly #origin: string;
  readonly #lifetimeMs: number;

  constructor(options: EnrollmentLinksOptions) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.#sessions = options.sessions;
    this.#origin = new URL(options.serverOrigin).origin;
    this.#lifetimeMs = options.lifetimeMs ?? DEFAULT_ENROLLMENT_LIFETIME_MS;
    if (!(this.#lifetimeMs > 0)) throw new RangeError('The enrollment link lifetime must be positive');
  }

  /**
   * A new link for `agent`, in its web form (`url`) and its app form (`appUrl`); both are shown once to the
   * administrator and not kept.
   */
  issue(
    agent: string,
    issuedBy: string,
    lifetimeMs = this.#lifetimeMs,
  ): { link: EnrollmentLink; url: string; appUrl: string } {
    const token = newSecretToken();
    const now = this.#clock.now();
    const row: LinkRow = {
      id: newPublicId(),
      agent,
      issued_by: issuedBy,
      created_at: now,
      expires_at: now + lifetimeMs,
      redeemed_at: null,
    };
    this.#forgetOld(now);
    this.#db
      .prepare(
        `INSERT INTO enrollment_links (id, token_hash, agent, issued_by, created_at, expires_at)
         VALUES (@id, @token_hash, @agent, @issued_by, @created_at, @expires_at)`,
      )
      .run({ ...row, token_hash: tokenHash(token) });
    return {
      link: linkOf(row),
      url: `${this.#origin}${ENROLLMENT_PATH}#${token}`,
      appUrl: appEnrollmentLink(this.#origin, token),
    };
  }

  /** Burns the link and opens a device session for its agent, or says why not. */
  redeem(token: unknown, device: string): Redemption {
    if (!isWellFormedToken(token)) return { ok: false, reason: 'unknown' };
    return this.#db.transaction((): Redemption => {
      const row = this.#db
        .prepare('SELECT * FROM enrollment_links WHERE token_hash = ?')
        .get(tokenHash(token)) as LinkRow | undefined;
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.redeemed_at !== null) return { ok: false, reason: 'used' };
      const now = this.#clock.now();
      if (now >= row.expires_at) return { ok: false, reason: 'expired' };
      this.#db.prepare('UPDATE enrollment_links SET redeemed_at = ? WHERE id = ?').run(now, row.id);
      return { ok: true, ...this.#sessions.create({ agent: row.agent, device, method: 'enrollment' }) };
    })();
  }

  /** Links not yet used nor expired, oldest first; of one agent when given. */
  pending(agent?: string): EnrollmentLink[] {
    const rows = this.#db
      .prepare(
        `SELECT * FROM enrollment_links WHERE redeemed_at IS NULL AND expires_at > ?
         AND (? IS NULL OR agent = ?) ORDER BY created_at, rowid`,
      )
      .all(this.#clock.now(), agent ?? null, agent ?? null) as LinkRow[];
    return rows.map(linkOf);
  }

  /** Withdraws a pending link (sent to the wrong person); false when there was no pending link by that id. */
  cancel(linkId: string): boolean {
    return (
      this.#db.prepare('DELETE FROM enrollment_links WHERE id = ? AND redeemed_at IS NULL').run(linkId)
        .changes > 0
    );
  }

  #forgetOld(now: number): void {
    this.#db.prepare('DELETE FROM enrollment_links WHERE expires_at <= ?').run(now - BURNT_LINK_MEMORY_MS);
  }
}
