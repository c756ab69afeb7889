/**
 * The limit of a directory search keystroke: the bare index queries `DirectorySearch` runs for a query,
 * prepared once, on the same cache file: per kind, the name-prefix range scan of the sort-key index and,
 * when it did not fill the group, the FTS5 prefix query; for a number, the range scans of the national and
 * E.164 number indexes. No parsing (done beforehand), no reading of entries, no ranking.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { ENTRY_KINDS, ftsRowidRange, ftsTable, KIND_CODE } from '../../../src-main/cache/database/entryKind';
import { ftsPrefixExpression, prefixUpperBound } from '../../../src-main/cache/database/searchText';
import { preparePrefixQueries } from '../../../src-main/cache/directory/directorySearch';
import { parseQuery } from '../../../src-main/cache/directory/parseQuery';

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
  const { byNamePrefix, byNational, byKey } = preparePrefixQueries(db);
  return ({ folded, expression, number }) => {
    for (const kind of ENTRY_KINDS) {
      if (number) {
        const found = byNational.all(KIND_CODE[kind], number, prefixUpperBound(number), WANT).length;
        if (found < WANT) byKey.all(KIND_CODE[kind], `+${number}`, prefixUpperBound(`+${number}`), WANT);
        continue;
      }
      const named = byNamePrefix[kind]?.all(folded, prefixUpperBound(folded), WANT).length ?? 0;
      if (named < WANT && expression) {
        const { first, last } = ftsRowidRange(kind);
        fts[ftsTable(kind)].all(expression, first, last, FTS_CAP);
      }
    }
  };
}
