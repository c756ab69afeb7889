/**
 * Search-as-you-type over persons, companies, users and extensions, grouped by kind.
 *
 * Ranking, cheapest first, the second tier only when the first left room:
 *  1. the name starts with what was typed, alphabetically (a range scan of the folded-name index);
 *  2. every typed word starts a word of the name, company names or e-mails (FTS5 prefix query): those
 *     matched by name first, then the others, alphabetically within each.
 * The entries shown of each tier are in the order of the language in use (`Intl.Collator`: in Czech Č after
 * C and Ch after H); which entries fill a tier follows the folded index, so a tier cut short by the limit
 * may leave out a name the language sorts earlier (the group says there are more).
 * Tier 2 ranks at most CANDIDATE_CAP index hits: a one-letter prefix matches most of 100,000 persons, and
 * ranking all of them would cost more than a keystroke may. Digit words beside names ("novak 777") must
 * start one of the entry's numbers. A query that is a number in any format matches numbers by prefix
 * instead: its digits start the national significant number (`777 12`), or the international number
 * (`+420 777`, `00420777`), or, after a trunk prefix 0, the national significant number (`0905 11`, `020 79`).
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { DirectoryEntry, DirectoryGroup, DirectorySearchResult } from '../../shared/contract';
import type { EntryKind } from '../database/entryKind';
import { ENTRY_KINDS, KIND_CODE, ftsRowidRange, ftsTable } from '../database/entryKind';
import { ftsPrefixExpression, prefixUpperBound } from '../database/searchText';
import { activeTranslator } from '../../shared/i18n';
import type { EntryReader } from './entryReader';
import type { ParsedQuery } from './parseQuery';
import { parseQuery } from './parseQuery';

export interface SearchOptions {
  /** Entries per group; default 10, at most 100. */
  limit?: number;
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
/** Index hits ranked per FTS tier; enough to fill a group several times over. */
const CANDIDATE_CAP = 200;

export class DirectorySearch {
  private readonly sql: ReturnType<typeof prepareStatements>;
  /**
   * A keystroke's dozen statements in one read transaction: they see one snapshot of the cache (the sync's
   * writer may commit in between otherwise), and SQLite takes the WAL read lock once rather than for each
   * statement, which cost more than most of the statements themselves.
   */
  private readonly inOneSnapshot: (query: string, options: SearchOptions) => DirectorySearchResult;

  constructor(
    db: SqliteDatabase,
    private readonly reader: EntryReader,
  ) {
    this.sql = prepareStatements(db);
    this.inOneSnapshot = db.transaction((query: string, options: SearchOptions) =>
      this.searchNow(query, options),
    );
  }

  search(query: string, options: SearchOptions = {}): DirectorySearchResult {
    return this.inOneSnapshot(query, options);
  }

  private searchNow(query: string, options: SearchOptions): DirectorySearchResult {
    const limit = Math.min(Math.max(1, Math.floor(options.limit ?? DEFAULT_LIMIT)), MAX_LIMIT);
    const parsed = parseQuery(query);
    const ids = (kind: EntryKind) => this.candidates(kind, parsed, limit + 1);
    return {
      query,
      persons: group(ids('person'), limit, (found) => this.reader.persons(found)),
      companies: group(ids('company'), limit, (found) => this.reader.companies(found)),
      users: group(ids('user'), limit, (found) => this.reader.users(found)),
      extensions: group(ids('extension'), limit, (found) => this.reader.extensions(found)),
    };
  }

  /** Up to `want` ids of `kind`, best first; for a name query, each one's tier (the shown are sorted within). */
  private candidates(kind: EntryKind, parsed: ParsedQuery, want: number): Candidates {
    const number = parsed.number ?? (parsed.words.length === 0 ? parsed.digitWords.join('') : '');
    if (number) return { ids: this.byDigits(kind, number, want) };
    if (parsed.words.length === 0) return { ids: [] };

    const tiers = new Map<number, number>();
    const accept = (ids: Iterable<number>, tierOf: (id: number) => number) => {
      for (const id of ids) {
        if (tiers.size >= want) return;
        if (!tiers.has(id) && this.hasDigits(kind, id, parsed.digitWords)) tiers.set(id, tierOf(id));
      }
    };
    const byName = this.sql.byNamePrefix[kind];
    if (byName) accept(byName.all(parsed.folded, prefixUpperBound(parsed.folded), want) as number[], () => 0);
    if (tiers.size < want) {
      const expression = ftsPrefixExpression(parsed.words);
      const { ids, byName: matchedByName } = this.ranked(kind, expression, parsed.words);
      accept(ids, (id) => (matchedByName.has(id) ? 1 : 2));
    }
    return { ids: [...tiers.keys()], tiers };
  }

  /**
   * Entries whose name has a word starting with each typed word first, then those matched through a
   * company name or e-mail; alphabetically within each. The candidates are the first CANDIDATE_CAP index
   * hits in id order; one statement returns each with its sort key (for persons from a covering index of
   * (id, sort_key), whose pages for the low ids every query reads stay in SQLite's cache, where the
   * persons' own rows cost a page read each). (An FTS5 column filter would find the name matches, but with
   * detail=column it walks every hit of a common e-mail word such as "gmail" to find none.)
   */
  private ranked(
    kind: EntryKind,
    expression: string,
    words: readonly string[],
  ): { ids: number[]; byName: Set<number> } {
    const { first, last } = ftsRowidRange(kind);
    const rows = this.sql.candidateKeys[kind].all({ expression, first, last, cap: CANDIDATE_CAP }) as [
      number,
      string | null,
    ][];
    const candidates = rows.map(([id, key]) => {
      const sortKey = key ?? '';
      return { id, sortKey, byName: words.every((word) => startsAWord(sortKey, word)) };
    });
    // Sort keys are already folded; plain code-unit order matches the name index's BINARY order.
    candidates.sort(
      (a, b) =>
        Number(b.byName) - Number(a.byName) ||
        (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.id - b.id),
    );
    return {
      ids: candidates.map((candidate) => candidate.id),
      byName: new Set(candidates.filter((candidate) => candidate.byName).map((candidate) => candidate.id)),
    };
  }

  /** Owners of numbers the digits start (see the module comment), national matches first, in number order. */
  private byDigits(kind: EntryKind, digits: string, want: number): number[] {
    const code = KIND_CODE[kind];
    const found = new Set<number>();
    const take = (statement: Statement<unknown[]>, prefix: string) => {
      if (found.size >= want) return;
      for (const id of statement.all(code, prefix, prefixUpperBound(prefix), want) as number[]) {
        found.add(id);
        if (found.size >= want) return;
      }
    };
    take(this.sql.byNational, digits);
    take(this.sql.byKey, `+${digits}`);
    const afterTrunk = withoutTrunkPrefix(digits);
    if (afterTrunk) take(this.sql.byNational, afterTrunk);
    return [...found];
  }

  /** For a mixed query such as "novak 777": each digit word must start one of the entry's numbers. */
  private hasDigits(kind: EntryKind, id: number, digitWords: readonly string[]): boolean {
    return digitWords.every((digits) => {
      const afterTrunk = withoutTrunkPrefix(digits) ?? digits;
      return (
        this.sql.ownerHasDigits.get({
          kind: KIND_CODE[kind],
          id,
          national: digits,
          nationalEnd: prefixUpperBound(digits),
          international: `+${digits}`,
          internationalEnd: prefixUpperBound(`+${digits}`),
          afterTrunk,
          afterTrunkEnd: prefixUpperBound(afterTrunk),
        }) !== undefined
      );
    });
  }
}

const NOT_A_WORD_CHARACTER = /[^\p{L}\p{N}]/u;

/**
 * Whether a word of `name` (split at every character that is neither a letter nor a digit) starts with
 * `word`, which holds only letters and digits (parseQuery). The same answer as splitting the name, without
 * allocating its words: ranking runs this for up to CANDIDATE_CAP names per keystroke.
 */
export function startsAWord(name: string, word: string): boolean {
  for (let at = name.indexOf(word); at !== -1; at = name.indexOf(word, at + 1)) {
    if (at === 0) return true;
    if (NOT_A_WORD_CHARACTER.test(characterBefore(name, at))) return true;
  }
  return false;
}

/** The character before `index`, whole: one beyond the BMP is two code units (a surrogate pair). */
function characterBefore(text: string, index: number): string {
  const unit = text.charCodeAt(index - 1);
  const isLowSurrogate = unit >= 0xdc00 && unit <= 0xdfff;
  return isLowSurrogate && index >= 2 ? text.slice(index - 2, index) : text.slice(index - 1, index);
}

/** `0905` → `905`: the digits after a national trunk prefix 0, when there are some. */
function withoutTrunkPrefix(digits: string): string | undefined {
  return digits.length > 1 && digits.startsWith('0') ? digits.slice(1) : undefined;
}

interface Candidates {
  ids: number[];
  /** For a name query: each id's tier (0 name prefix, 1 name words, 2 company or e-mail words). */
  tiers?: Map<number, number>;
}

function group<T extends DirectoryEntry>(
  { ids, tiers }: Candidates,
  limit: number,
  read: (ids: number[]) => Map<number, T>,
): DirectoryGroup<T> {
  const shown = ids.slice(0, limit);
  const entries = read(shown);
  const items = shown.map((id) => entries.get(id)).filter((entry): entry is T => entry !== undefined);
  if (tiers) {
    const { compare } = activeTranslator();
    items.sort(
      (a, b) => (tiers.get(a.id) ?? 0) - (tiers.get(b.id) ?? 0) || compare(a.name, b.name) || a.id - b.id,
    );
  }
  return { items, more: ids.length > limit };
}

/**
 * Owners of a kind whose numbers start with the digits bound (a range of the index): by national significant
 * number, or by international key.
 */
const NUMBER_PREFIX_SQL = {
  national: 'SELECT DISTINCT owner_id FROM numbers WHERE kind = ? AND national >= ? AND national < ? LIMIT ?',
  key: 'SELECT DISTINCT owner_id FROM numbers WHERE kind = ? AND key >= ? AND key < ? LIMIT ?',
} as const;

/**
 * Entries of a kind whose folded name starts with the prefix bound, in name order (a range of its sort-key
 * index); extensions have no such index.
 */
const NAME_PREFIX_SQL: Record<EntryKind, string | undefined> = {
  person: namePrefixSql('persons'),
  company: namePrefixSql('companies'),
  user: namePrefixSql('users'),
  extension: undefined,
};

function namePrefixSql(table: string): string {
  return `SELECT id FROM ${table} WHERE sort_key >= ? AND sort_key < ? ORDER BY sort_key LIMIT ?`;
}

/** Where each kind's sort key is read for ranking (`e` the entry's row, joined by id). */
const SORT_KEY_SOURCE: Record<EntryKind, { rows: string; key: string }> = {
  person: { rows: 'persons AS e INDEXED BY persons_sort_key_by_id', key: 'e.sort_key' },
  company: { rows: 'companies AS e', key: 'e.sort_key' },
  user: { rows: 'users AS e', key: 'e.sort_key' },
  extension: { rows: 'extensions AS e', key: 'lower(e.name)' },
};

/**
 * The first @cap index hits of the kind in id order, each [id, sort key] (null for an entry not stored);
 * @first is the kind's first FTS rowid (ftsRowidRange), @last its last.
 */
export function candidateKeysSql(kind: EntryKind): string {
  const table = ftsTable(kind);
  const { rows, key } = SORT_KEY_SOURCE[kind];
  return `SELECT hit.id, ${key} FROM (SELECT rowid - @first AS id FROM ${table}
      WHERE ${table} MATCH @expression AND rowid BETWEEN @first AND @last LIMIT @cap) hit
    LEFT JOIN ${rows} ON e.id = hit.id`;
}

/** One value per kind, made by `make`. */
function byKind<T>(make: (kind: EntryKind) => T): Record<EntryKind, T> {
  return Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, make(kind)])) as Record<EntryKind, T>;
}

/**
 * The range scans a keystroke starts with, as the search runs them: per kind, the entries whose name starts
 * with the prefix (none for extensions); the owners of numbers starting with the digits. Also the
 * benchmark's limit for a keystroke.
 */
export function preparePrefixQueries(db: SqliteDatabase) {
  return {
    byNamePrefix: byKind((kind) => {
      const sql = NAME_PREFIX_SQL[kind];
      return sql === undefined ? undefined : db.prepare(sql).pluck();
    }),
    byNational: db.prepare(NUMBER_PREFIX_SQL.national).pluck(),
    byKey: db.prepare(NUMBER_PREFIX_SQL.key).pluck(),
  };
}

function prepareStatements(db: SqliteDatabase) {
  return {
    ...preparePrefixQueries(db),
    ownerHasDigits: db.prepare(`SELECT 1 FROM numbers WHERE kind = @kind AND owner_id = @id AND (
        (national >= @national AND national < @nationalEnd) OR (key >= @international AND key < @internationalEnd)
        OR (national >= @afterTrunk AND national < @afterTrunkEnd)) LIMIT 1`),
    candidateKeys: byKind((kind) => db.prepare(candidateKeysSql(kind)).raw()),
  };
}
