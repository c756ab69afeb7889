/**
 * The call history in the PBX's history file: one row per call the monitor saw, written as the call goes on,
 * listed newest first with keyset pagination (stable while new calls arrive), filtered by outcome,
 * direction, time and a quick query, with the missed-calls badge and the last calls with a number for the
 * screen-pop. Also what the retention setting removes (`purgeOlderThan`) and the notice of a repair.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type {
  CallDirection,
  CallOutcome,
  HistoryFilter,
  HistoryRepair,
  HistoryItem,
  NumberMatch,
  ReviewFetchState,
  ScreenPopRecentCall,
} from '../../shared/contract';
import { digitsKey } from '../../shared/numbers';
import type { CacheDatabase } from '../database/openCache';
import { fold } from '../database/searchText';
import { HISTORY_META } from './historySchema';
import { prepareHistoryPurge } from './historyPurge';

export interface NewHistoryCall {
  uniqueid: string;
  direction: CallDirection;
  remote: HistoryItem['remote'];
  match: NumberMatch | null;
  company: { id: number; name: string } | null;
  queue: { id: number; name: string | null } | null;
  startedAt: number;
  /** Digit forms of the number (E.164 digits, national…), searched by `query`. */
  digitForms: readonly string[];
}

export interface HistoryCallUpdate {
  outcome?: CallOutcome;
  rang?: boolean;
  answeredAt?: number | null;
  endedAt?: number | null;
  seen?: boolean;
}

export interface HistoryQuery {
  filter: HistoryFilter;
  from?: number;
  to?: number;
  query?: string;
  limit: number;
  before?: string;
}

/** A cursor that is not one `list` produced. */
export class InvalidHistoryCursor extends Error {}

interface HistoryRow {
  uniqueid: string;
  direction: CallDirection;
  outcome: CallOutcome;
  remote_number: string;
  remote_display: string;
  remote_dial: string | null;
  remote_name: string;
  match_json: string | null;
  company_id: number | null;
  company_name: string | null;
  queue_id: number | null;
  queue_name: string | null;
  started_at: number;
  answered_at: number | null;
  ended_at: number | null;
  seen: number;
  review_state: ReviewFetchState | null;
  wrapup_disposition: string | null;
  wrapup_follow_up: number | null;
  wrapup_has_note: number | null;
  wrapup_pending: number | null;
}

const SELECT_ITEM = `
  SELECT h.*, r.state AS review_state, w.disposition AS wrapup_disposition, w.follow_up AS wrapup_follow_up,
    (w.note <> '') AS wrapup_has_note,
    EXISTS (SELECT 1 FROM wrapup_outbox o WHERE o.uniqueid = h.uniqueid) AS wrapup_pending
  FROM call_history h
  LEFT JOIN review_records r ON r.uniqueid = h.uniqueid
  LEFT JOIN wrapups w ON w.uniqueid = h.uniqueid`;

const CURSOR = /^(\d{1,16})~(\d{1,12}\.\d{1,9})$/;

export class HistoryStore {
  private readonly db: SqliteDatabase;
  private readonly sql;
  private readonly purge: (before: number) => number;

  constructor(private readonly database: CacheDatabase) {
    this.db = database.db;
    const db = this.db;
    this.purge = prepareHistoryPurge(database);
    this.sql = {
      insert: db.prepare(`INSERT OR IGNORE INTO call_history (uniqueid, direction, outcome, remote_number,
          remote_display, remote_dial, remote_name, match_json, company_id, company_name, queue_id, queue_name,
          started_at, search_text)
        VALUES (@uniqueid, @direction, 'ongoing', @remote_number, @remote_display, @remote_dial, @remote_name,
          @match_json, @company_id, @company_name, @queue_id, @queue_name, @started_at, @search_text)`),
      get: db.prepare(`${SELECT_ITEM} WHERE h.uniqueid = ?`),
      exists: db.prepare('SELECT outcome, rang, answered_at, direction FROM call_history WHERE uniqueid = ?'),
      ongoing: db.prepare("SELECT uniqueid FROM call_history WHERE outcome = 'ongoing'").pluck(),
      recent: db.prepare(`SELECT uniqueid, direction, started_at, answered_at, ended_at FROM call_history
        WHERE remote_dial = ? AND uniqueid <> ? ORDER BY started_at DESC LIMIT ?`),
      missedUnseen: db
        .prepare("SELECT count(*) FROM call_history WHERE seen = 0 AND outcome = 'missed'")
        .pluck(),
      seeAll: db.prepare('UPDATE call_history SET seen = 1 WHERE seen = 0'),
      seeOne: db.prepare('UPDATE call_history SET seen = 1 WHERE uniqueid = ? AND seen = 0'),
      meta: db.prepare('SELECT value FROM meta WHERE key = ?').pluck(),
      removeMeta: db.prepare('DELETE FROM meta WHERE key = ?'),
    };
  }

  /** The last repair of a damaged history file, until the agent dismisses it. */
  repairNotice(): HistoryRepair | null {
    const value = this.sql.meta.get(HISTORY_META.repair) as string | undefined;
    return value === undefined ? null : (JSON.parse(value) as HistoryRepair);
  }

  dismissRepairNotice(): boolean {
    return this.database.write(() => this.sql.removeMeta.run(HISTORY_META.repair).changes > 0);
  }

  /** Writes a call seen for the first time (outcome `ongoing`); false when it was already there. */
  insert(call: NewHistoryCall): boolean {
    const names = [call.remote.pbxName, call.match?.name ?? '', call.company?.name ?? ''];
    const words = fold(names.join(' ')).replace(/[^\p{L}\p{N}]+/gu, ' ');
    const searchText = ` ${words} ${[digitsKey(call.remote.number), ...call.digitForms].join(' ')} `;
    const result = this.database.write(() =>
      this.sql.insert.run({
        uniqueid: call.uniqueid,
        direction: call.direction,
        remote_number: call.remote.number,
        remote_display: call.remote.display,
        remote_dial: call.remote.dial,
        remote_name: call.remote.pbxName,
        match_json: call.match ? JSON.stringify(call.match) : null,
        company_id: call.company?.id ?? null,
        company_name: call.company?.name ?? null,
        queue_id: call.queue?.id ?? null,
        queue_name: call.queue?.name ?? null,
        started_at: Math.round(call.startedAt),
        search_text: searchText,
      }),
    );
    return result.changes > 0;
  }

  /** What the outcome rules need to know about a stored call; undefined when it is not in the history. */
  progress(
    uniqueid: string,
  ):
    { outcome: CallOutcome; rang: boolean; answeredAt: number | null; direction: CallDirection } | undefined {
    const row = this.sql.exists.get(uniqueid) as
      | { outcome: CallOutcome; rang: number; answered_at: number | null; direction: CallDirection }
      | undefined;
    return (
      row && {
        outcome: row.outcome,
        rang: row.rang === 1,
        answeredAt: row.answered_at,
        direction: row.direction,
      }
    );
  }

  update(uniqueid: string, changes: HistoryCallUpdate): boolean {
    const columns: Record<string, unknown> = {};
    if (changes.outcome !== undefined) columns['outcome'] = changes.outcome;
    if (changes.rang !== undefined) columns['rang'] = changes.rang ? 1 : 0;
    if (changes.answeredAt !== undefined) columns['answered_at'] = roundOrNull(changes.answeredAt);
    if (changes.endedAt !== undefined) columns['ended_at'] = roundOrNull(changes.endedAt);
    if (changes.seen !== undefined) columns['seen'] = changes.seen ? 1 : 0;
    const names = Object.keys(columns);
    if (names.length === 0) return false;
    // Column names come from the fixed list above, never from the caller.
    const statement = this.db.prepare(
      `UPDATE call_history SET ${names.map((name) => `${name} = @${name}`).join(', ')} WHERE uniqueid = @uniqueid`,
    );
    return this.database.write(() => statement.run({ ...columns, uniqueid }).changes > 0);
  }

  get(uniqueid: string): HistoryItem | null {
    const row = this.sql.get.get(uniqueid) as HistoryRow | undefined;
    return row ? itemOf(row) : null;
  }

  /** Calls still marked ongoing (Ringside may have stopped before they ended). */
  ongoing(): string[] {
    return this.sql.ongoing.all() as string[];
  }

  list(query: HistoryQuery): { items: HistoryItem[]; nextCursor: string | null } {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    if (query.filter === 'missed') where.push("h.outcome = 'missed'");
    if (query.filter === 'inbound' || query.filter === 'outbound') {
      where.push('h.direction = @direction');
      params['direction'] = query.filter;
    }
    if (query.from !== undefined) {
      where.push('h.started_at >= @from');
      params['from'] = query.from;
    }
    if (query.to !== undefined) {
      where.push('h.started_at < @to');
      params['to'] = query.to;
    }
    if (query.before !== undefined) {
      const cursor = parseCursor(query.before);
      where.push('(h.started_at, h.uniqueid) < (@cursorStart, @cursorId)');
      params['cursorStart'] = cursor.startedAt;
      params['cursorId'] = cursor.uniqueid;
    }
    queryTerms(query.query ?? '').forEach((term, index) => {
      // A word starts some word of the names; digits appear anywhere in the number's forms.
      where.push(`instr(h.search_text, @term${index}) > 0`);
      params[`term${index}`] = term;
    });
    params['limit'] = query.limit + 1;
    const sql = `${SELECT_ITEM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY h.started_at DESC, h.uniqueid DESC LIMIT @limit`;
    const rows = this.db.prepare(sql).all(params) as HistoryRow[];
    const items = rows.slice(0, query.limit).map(itemOf);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > query.limit && last ? `${last.startedAt}~${last.uniqueid}` : null,
    };
  }

  /** The last calls with this number (`dial`: E.164 or internal digits), newest first, without `excluding`. */
  recentWithNumber(dial: string, limit: number, excluding = ''): ScreenPopRecentCall[] {
    const rows = this.sql.recent.all(dial, excluding, limit) as {
      uniqueid: string;
      direction: CallDirection;
      started_at: number;
      answered_at: number | null;
      ended_at: number | null;
    }[];
    return rows.map((row) => ({
      uniqueid: row.uniqueid,
      direction: row.direction,
      startedAt: row.started_at,
      durationSeconds: durationOf(row.started_at, row.ended_at),
      answered: row.answered_at !== null,
    }));
  }

  missedUnseen(): number {
    return Number(this.sql.missedUnseen.get());
  }

  /**
   * Removes the calls that started before `epochMs`, with their reviews, transcripts and notes (the
   * retention period, historyPurge.ts); a call whose wrap-up is not sent yet stays. Returns how many went.
   */
  purgeOlderThan(epochMs: number): number {
    const removed = this.purge(epochMs);
    // secure_delete overwrote the rows in the file; the WAL still holds older copies of the pages until emptied.
    this.database.checkpoint('TRUNCATE');
    return removed;
  }

  /** Marks these calls (or every call) as seen; returns the uniqueids that changed when given. */
  markSeen(uniqueids?: readonly string[]): void {
    this.database.write(() => {
      if (!uniqueids) this.sql.seeAll.run();
      else for (const uniqueid of uniqueids) this.sql.seeOne.run(uniqueid);
    });
  }
}

/** The quick query as instr() needles: ' word' (a word prefix in the folded names) or digits (anywhere). */
function queryTerms(query: string): string[] {
  const tokens = fold(query)
    .split(/[^\p{L}\p{N}+]+/u)
    .filter((token) => token.length > 0);
  return tokens.map((token) => (/^\+?\d+$/.test(token) ? digitsKey(token) : ` ${token}`)).filter(Boolean);
}

function parseCursor(cursor: string): { startedAt: number; uniqueid: string } {
  const match = CURSOR.exec(cursor);
  if (!match)
    throw new InvalidHistoryCursor(`"${cursor}" is not a history cursor (pass nextCursor as it came)`);
  return { startedAt: Number(match[1]), uniqueid: match[2]! };
}

function roundOrNull(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}

function durationOf(startedAt: number, endedAt: number | null): number {
  return endedAt === null ? 0 : Math.max(0, Math.round((endedAt - startedAt) / 1000));
}

function itemOf(row: HistoryRow): HistoryItem {
  return {
    uniqueid: row.uniqueid,
    direction: row.direction,
    outcome: row.outcome,
    remote: {
      number: row.remote_number,
      display: row.remote_display,
      dial: row.remote_dial,
      pbxName: row.remote_name,
    },
    match: row.match_json ? (JSON.parse(row.match_json) as NumberMatch) : null,
    company: row.company_id === null ? null : { id: row.company_id, name: row.company_name ?? '' },
    queue: row.queue_id === null ? null : { id: row.queue_id, name: row.queue_name },
    startedAt: row.started_at,
    answeredAt: row.answered_at,
    endedAt: row.ended_at,
    durationSeconds: durationOf(row.started_at, row.ended_at),
    seen: row.seen === 1,
    review: row.review_state ?? 'none',
    wrapUp:
      row.wrapup_follow_up === null
        ? null
        : {
            disposition: row.wrapup_disposition,
            followUp: row.wrapup_follow_up === 1,
            hasNote: row.wrapup_has_note === 1,
            pending: row.wrapup_pending === 1,
          },
  };
}
