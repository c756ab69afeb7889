/**
 * The floor of a directory search keystroke: the bare queries (bareSearch.ts) plus what any search must do
 * to show its answer, written plainly: rank the FTS5 candidates by name (each one's sort key read in the
 * statement that finds them, from the cache's own tables and indexes, and a plain sort) and read the
 * entries shown (ten a group) with their numbers. Left out, though the product does them too: the tiers of
 * the ranking, the order of the language (Intl.Collator), a person's companies and e-mails, and turning the
 * rows into the results' objects.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { EntryKind } from '../../../src-main/cache';
import { ftsRowidRange, ftsTable, KIND_CODE } from '../../../src-main/cache/database/entryKind';
import { prefixUpperBound } from '../../../src-main/cache/database/searchText';
import { numberPrefixQueries, type BareQuery } from './bareSearch';

const KINDS: EntryKind[] = ['person', 'company', 'user', 'extension'];
/** Shown per group, one more asked for (to know there are more), and the FTS candidates ranked. */
const SHOWN = 10;
const WANT = SHOWN + 1;
const FTS_CAP = 200;
const IDS = 'SELECT value FROM json_each(?)';

/** Per kind: its name-prefix index (none for extensions), where its sort key is, what a result shows. */
const TABLES: Record<EntryKind, { table: string; named: boolean; rows: string; key: string; shown: string }> =
  {
    person: {
      table: 'persons',
      named: true,
      rows: 'persons AS e INDEXED BY persons_sort_key_by_id',
      key: 'e.sort_key',
      shown: 'id, displayname, firstname, lastname, shown_numbers',
    },
    company: {
      table: 'companies',
      named: true,
      rows: 'companies AS e',
      key: 'e.sort_key',
      shown: 'id, name',
    },
    user: { table: 'users', named: true, rows: 'users AS e', key: 'e.sort_key', shown: 'id, name' },
    extension: {
      table: 'extensions',
      named: false,
      rows: 'extensions AS e',
      key: 'lower(e.name)',
      shown: 'id, name',
    },
  };

interface KindStatements {
  byName: Statement<unknown[]> | undefined;
  candidates: Statement<unknown[]>;
  shown: Statement<unknown[]>;
}

export function floorSearch(db: SqliteDatabase): (query: BareQuery) => void {
  const statements = Object.fromEntries(
    KINDS.map((kind) => {
      const { table, named, rows, key, shown } = TABLES[kind];
      const fts = ftsTable(kind);
      return [
        kind,
        {
          byName: named
            ? db
                .prepare(
                  `SELECT id FROM ${table} WHERE sort_key >= ? AND sort_key < ? ORDER BY sort_key LIMIT ?`,
                )
                .pluck()
            : undefined,
          candidates: db
            .prepare(
              `SELECT hit.id, ${key} FROM (SELECT rowid - ? AS id FROM ${fts}
                WHERE ${fts} MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?) hit LEFT JOIN ${rows} ON e.id = hit.id`,
            )
            .raw(),
          shown: db.prepare(`SELECT ${shown} FROM ${table} WHERE id IN (${IDS})`),
        },
      ];
    }),
  ) as Record<EntryKind, KindStatements>;
  const { byNational, byKey } = numberPrefixQueries(db);
  const numbersOf = db.prepare(
    `SELECT owner_id, raw, label, display, dial FROM numbers WHERE kind = ? AND owner_id IN (${IDS})`,
  );

  const found = (kind: EntryKind, { folded, expression, number }: BareQuery): number[] => {
    const code = KIND_CODE[kind];
    if (number) {
      const ids = byNational.all(code, number, prefixUpperBound(number), WANT) as number[];
      if (ids.length >= WANT) return ids;
      return [...ids, ...(byKey.all(code, `+${number}`, prefixUpperBound(`+${number}`), WANT) as number[])];
    }
    const { byName, candidates } = statements[kind];
    const ids = (byName?.all(folded, prefixUpperBound(folded), WANT) ?? []) as number[];
    if (ids.length >= WANT || !expression) return ids;
    const { first, last } = ftsRowidRange(kind);
    const ranked = (
      candidates.all(first, expression, first, last, FTS_CAP) as [number, string | null][]
    ).sort((a, b) => ((a[1] ?? '') < (b[1] ?? '') ? -1 : 1));
    return [...ids, ...ranked.map(([id]) => id)];
  };

  // In one read transaction, as the search runs: the WAL read lock is taken once, not per statement.
  return db.transaction((query: BareQuery) => {
    for (const kind of KINDS) {
      const shown = JSON.stringify(found(kind, query).slice(0, SHOWN));
      statements[kind].shown.all(shown);
      if (kind !== 'person') numbersOf.all(KIND_CODE[kind], shown);
    }
  });
}
