/**
 * Full-text search over transcripts, summaries and wrap-up notes (FTS5, external content `history_text`).
 * A transcript row is one segment, so a hit names the segment the review should open at. Hits come newest
 * first (by when the text was indexed): FTS5 walks its index backwards and stops at the limit, which keeps
 * a search fast however common its words are.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { HistorySearchHit, SnippetPart } from '../../shared/contract';
import type { CacheDatabase } from '../database/openCache';
import { fold, ftsPrefixExpression } from '../database/searchText';

export type TextSource = HistorySearchHit['source'];

export interface IndexedText {
  channel: number | null;
  segment: number | null;
  begin: number | null;
  text: string;
}

export type TextHit = Omit<HistorySearchHit, 'call'>;

/** Snippet markers: private-use characters, so no ordinary text can fake a highlight. */
const MARK_START = '\ue000';
const MARK_END = '\ue001';
const SNIPPET_TOKENS = 16;

export class HistoryTextIndex {
  private readonly db: SqliteDatabase;
  private readonly sql;

  constructor(private readonly database: CacheDatabase) {
    this.db = database.db;
    this.sql = {
      remove: this.db.prepare('DELETE FROM history_text WHERE uniqueid = ? AND source = ?'),
      insert: this.db.prepare(
        'INSERT INTO history_text (uniqueid, source, channel, segment, begin, text) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      // Notes are the agent's own; transcripts and summaries were indexed only as far as the agent named in
      // review_records may see them, so they count only while that is still the agent.
      search: this.db.prepare(`
        SELECT t.uniqueid, t.source, t.channel, t.segment, t.begin,
          snippet(history_fts, 0, char(57344), char(57345), '…', ${SNIPPET_TOKENS}) AS snippet
        FROM history_fts JOIN history_text t ON t.id = history_fts.rowid
        WHERE history_fts MATCH @match AND (t.source = 'note' OR EXISTS (
          SELECT 1 FROM review_records r WHERE r.uniqueid = t.uniqueid AND r.permissions_agent = @agent))
        ORDER BY history_fts.rowid DESC LIMIT @limit`),
    };
  }

  /** Replaces the indexed text of one source of a call (none: removes it). */
  replace(uniqueid: string, source: TextSource, rows: readonly IndexedText[]): void {
    this.database.write(() => {
      this.sql.remove.run(uniqueid, source);
      for (const row of rows) {
        if (row.text.trim() === '') continue;
        this.sql.insert.run(uniqueid, source, row.channel, row.segment, row.begin, row.text);
      }
    });
  }

  /** Every word of `query` must start a word of the text (diacritics and case ignored). */
  search(query: string, options: { limit: number; agent: string }): TextHit[] {
    const words = fold(query)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 0);
    if (words.length === 0) return [];
    const rows = this.sql.search.all({
      match: ftsPrefixExpression(words),
      agent: options.agent,
      limit: options.limit,
    }) as {
      uniqueid: string;
      source: TextSource;
      channel: number | null;
      segment: number | null;
      begin: number | null;
      snippet: string;
    }[];
    return rows.map((row) => ({
      uniqueid: row.uniqueid,
      source: row.source,
      segment:
        row.source === 'transcript' && row.channel !== null && row.segment !== null
          ? { channel: row.channel, index: row.segment, begin: row.begin ?? 0 }
          : null,
      snippet: snippetParts(row.snippet),
    }));
  }
}

/** `a \ue000b\ue001 c` → [{a, false}, {b, true}, {c, false}]. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of snippet.split(MARK_START).entries()) {
    const end = piece.indexOf(MARK_END);
    if (index === 0 || end < 0) {
      if (piece) parts.push({ text: piece, match: false });
      continue;
    }
    parts.push({ text: piece.slice(0, end), match: true });
    const rest = piece.slice(end + MARK_END.length);
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}
