/**
 * The directory as search shows it, page by page (`directory:export`): persons, then companies, users and
 * extensions, each in id order, read by the same EntryReader as search results, so a page holds nothing a
 * search would not show. A page ends at its entry limit or once its entries pass PAGE_BYTES of JSON, so a
 * person with a hundred long contacts cannot make one answer large; each page is one short read.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { DirectoryEntry } from '../../shared/contract';
import type { EntryKind } from '../database/entryKind';
import type { EntryReader } from './entryReader';

/** Kinds in export order. */
const EXPORT_ORDER: readonly EntryKind[] = ['person', 'company', 'user', 'extension'];
/** A page's entries as JSON stop growing past this (the last entry may pass it). */
export const PAGE_BYTES = 256 * 1024;

export interface ExportPosition {
  kind: EntryKind;
  /** The last id sent of that kind. */
  afterId: number;
}

export interface ExportedEntries {
  entries: DirectoryEntry[];
  /** Where the next page starts; null: nothing is left. */
  next: ExportPosition | null;
}

export class DirectoryExport {
  private readonly idsAfter: Record<EntryKind, Statement<unknown[]>>;
  private readonly inOneSnapshot: (from: ExportPosition, limit: number) => ExportedEntries;

  constructor(
    db: SqliteDatabase,
    private readonly reader: EntryReader,
  ) {
    const ids = (table: string): Statement<unknown[]> =>
      db.prepare(`SELECT id FROM ${table} WHERE id > ? ORDER BY id LIMIT ?`).pluck();
    this.idsAfter = {
      person: ids('persons'),
      company: ids('companies'),
      user: ids('users'),
      extension: ids('extensions'),
    };
    this.inOneSnapshot = db.transaction((from: ExportPosition, limit: number) => this.readPage(from, limit));
  }

  /** Up to `limit` entries after `from` (null: from the start). */
  page(from: ExportPosition | null, limit: number): ExportedEntries {
    return this.inOneSnapshot(from ?? { kind: 'person', afterId: 0 }, limit);
  }

  private readPage(from: ExportPosition, limit: number): ExportedEntries {
    const entries: DirectoryEntry[] = [];
    let bytes = 0;
    for (const kind of EXPORT_ORDER.slice(EXPORT_ORDER.indexOf(from.kind))) {
      const afterId = kind === from.kind ? from.afterId : 0;
      const ids = this.idsAfter[kind].all(afterId, limit - entries.length) as number[];
      const found = this.read(kind, ids);
      for (const id of ids) {
        const entry = found.get(id);
        if (entry) {
          entries.push(entry);
          bytes += JSON.stringify(entry).length;
        }
        if (entries.length >= limit || bytes >= PAGE_BYTES) return { entries, next: { kind, afterId: id } };
      }
    }
    return { entries, next: null };
  }

  private read(kind: EntryKind, ids: number[]): Map<number, DirectoryEntry> {
    if (kind === 'person') return this.reader.persons(ids);
    if (kind === 'company') return this.reader.companies(ids);
    if (kind === 'user') return this.reader.users(ids);
    return this.reader.extensions(ids);
  }
}
