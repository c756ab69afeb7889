/** The kinds of directory entries, as stored in the cache's `kind` columns and the search index's rowids. */

export type EntryKind = 'person' | 'company' | 'user' | 'extension';

/** Every kind, in the order the directory shows their groups. */
export const ENTRY_KINDS: readonly EntryKind[] = ['person', 'company', 'user', 'extension'];

export const KIND_CODE: Readonly<Record<EntryKind, number>> = {
  person: 1,
  company: 2,
  user: 3,
  extension: 4,
};

const KIND_BY_CODE = new Map<number, EntryKind>(
  Object.entries(KIND_CODE).map(([kind, code]) => [code, kind as EntryKind]),
);

export function kindOfCode(code: number): EntryKind {
  const kind = KIND_BY_CODE.get(code);
  if (!kind) throw new Error(`Unknown directory entry kind code ${code}`);
  return kind;
}

/** The FTS5 table holding a kind's search text: persons apart, the smaller kinds together. */
export type FtsTable = 'person_fts' | 'entry_fts';

export function ftsTable(kind: EntryKind): FtsTable {
  return kind === 'person' ? 'person_fts' : 'entry_fts';
}

/**
 * rowid = code × 2^40 + id keeps each kind in its own rowid range of its FTS5 table, so a per-kind query is
 * a rowid range scan instead of a filter.
 */
const KIND_SPAN = 2 ** 40;

export function ftsRowid(kind: EntryKind, id: number): number {
  if (!Number.isSafeInteger(id) || id < 0 || id >= KIND_SPAN) throw new RangeError(`Id ${id} out of range`);
  return KIND_CODE[kind] * KIND_SPAN + id;
}

export function ftsRowidRange(kind: EntryKind): { first: number; last: number } {
  const first = KIND_CODE[kind] * KIND_SPAN;
  return { first, last: first + KIND_SPAN - 1 };
}
