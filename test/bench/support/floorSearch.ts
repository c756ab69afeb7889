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
import { ENTRY_KINDS, ftsRowidRange, KIND_CODE } from '../../../src-main/cache/database/entryKind';
import { prefixUpperBound } from '../../../src-main/cache/database/searchText';
import { candidateKeysSql, preparePrefixQueries } from '../../../src-main/cache/directory/directorySearch';
import type { BareQuery } from './bareSearch';

/** Shown per group, one more asked for (to know there are more), and the FTS candidates ranked. */
const SHOWN = 10;
const WANT = SHOWN + 1;
const FTS_CAP = 200;
const IDS = 'SELECT value FROM json_each(?)';

/** Per kind: its table and what a result shows of an entry. */
const SHOWN_COLUMNS: Record<EntryKind, { table: string; shown: string }> = {
  person: { table: 'persons', shown: 'id, displayname, firstname, lastname, shown_numbers' },
  company: { table: 'companies', shown: 'id, name' },
  user: { table: 'users', shown: 'id, name' },
  extension: { table: 'extensions', shown: 'id, name' },
};

export function floorSearch(db: SqliteDatabase): (query: BareQuery) => void {
  const { byNamePrefix, byNational, byKey } = preparePrefixQueries(db);
  const candidates = {} as Record<EntryKind, Statement<unknown[]>>;
  const shownEntries = {} as Record<EntryKind, Statement<unknown[]>>;
  for (const kind of ENTRY_KINDS) {
    const { table, shown } = SHOWN_COLUMNS[kind];
    // The statement the search finds and ranks candidates with: their sort keys come with them.
    candidates[kind] = db.prepare(candidateKeysSql(kind)).raw();
    shownEntries[kind] = db.prepare(`SELECT ${shown} FROM ${table} WHERE id IN (${IDS})`);
  }
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
    const ids = (byNamePrefix[kind]?.all(folded, prefixUpperBound(folded), WANT) ?? []) as number[];
    if (ids.length >= WANT || !expression) return ids;
    const { first, last } = ftsRowidRange(kind);
    const ranked = (
      candidates[kind].all({ expression, first, last, cap: FTS_CAP }) as [number, string | null][]
    ).sort((a, b) => ((a[1] ?? '') < (b[1] ?? '') ? -1 : 1));
    return [...ids, ...ranked.map(([id]) => id)];
  };

  // In one read transaction, as the search runs: the WAL read lock is taken once, not per statement.
  return db.transaction((query: BareQuery) => {
    for (const kind of ENTRY_KINDS) {
      const shown = JSON.stringify(found(kind, query).slice(0, SHOWN));
      shownEntries[kind].all(shown);
      if (kind !== 'person') numbersOf.all(KIND_CODE[kind], shown);
    }
  });
}
