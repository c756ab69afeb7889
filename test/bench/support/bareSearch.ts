/**
 * The limit of a directory search keystroke: the bare index queries `DirectorySearch` runs for a query,
 * prepared once, on the same cache file: per kind, the name-prefix range scan of the sort-key index and,
 * when it did not fill the group, the FTS5 prefix query; for a number, the range scans of the national and
 * E.164 number indexes. No parsing (done beforehand), no reading of entries, no ranking.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { EntryKind } from '../../../src-main/cache';
import { ftsRowidRange, ftsTable, KIND_CODE } from '../../../src-main/cache/database/entryKind';
import { ftsPrefixExpression, prefixUpperBound } from '../../../src-main/cache/database/searchText';
import { NAME_PREFIX_SQL, NUMBER_PREFIX_SQL } from '../../../src-main/cache/directory/directorySearch';
import { parseQuery } from '../../../src-main/cache/directory/parseQuery';

const KINDS: EntryKind[] = ['person', 'company', 'user', 'extension'];
/** The app's group size plus one (to know there are more), and its FTS candidate cap. */
const WANT = 11;
const FTS_CAP = 200;

export interface BareQuery {
  folded: string;
  expression: string;
  number: string;
}

/** What the search derives from a typed query, computed before the timing. */
export function bareQueryOf(query: string): BareQuery {
  const parsed = parseQuery(query);
  return {
    folded: parsed.folded,
    expression: ftsPrefixExpression(parsed.words),
    number: parsed.number ?? '',
  };
}

export function bareSearch(db: SqliteDatabase): (query: BareQuery) => void {
  const fts = {
    person_fts: db.prepare(
      'SELECT rowid FROM person_fts WHERE person_fts MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?',
    ),
    entry_fts: db.prepare(
      'SELECT rowid FROM entry_fts WHERE entry_fts MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?',
    ),
  };
  const { byName, byNational, byKey } = prefixQueries(db);
  return ({ folded, expression, number }) => {
    for (const kind of KINDS) {
      if (number) {
        const found = byNational.all(KIND_CODE[kind], number, prefixUpperBound(number), WANT).length;
        if (found < WANT) byKey.all(KIND_CODE[kind], `+${number}`, prefixUpperBound(`+${number}`), WANT);
        continue;
      }
      const named = byName[kind]?.all(folded, prefixUpperBound(folded), WANT).length ?? 0;
      if (named < WANT && expression) {
        const { first, last } = ftsRowidRange(kind);
        fts[ftsTable(kind)].all(expression, first, last, FTS_CAP);
      }
    }
  };
}

/**
 * The range scans the search runs, as it runs them: per kind, its entries whose name starts with the
 * prefix (none for extensions); the owners of numbers starting with the digits.
 */
export function prefixQueries(db: SqliteDatabase) {
  const byName = {} as Record<EntryKind, Statement<unknown[]> | undefined>;
  for (const kind of KINDS) {
    const sql = NAME_PREFIX_SQL[kind];
    byName[kind] = sql === undefined ? undefined : db.prepare(sql).pluck();
  }
  return {
    byName,
    byNational: db.prepare(NUMBER_PREFIX_SQL.national).pluck(),
    byKey: db.prepare(NUMBER_PREFIX_SQL.key).pluck(),
  };
}
