/**
 * `directory:export`: the directory as search shows it, a page at a time, with the stamp of the version it
 * comes from, for a team server's clients to keep a read-only copy to search offline (docs/team-server.md,
 * "Offline directory"). The cursor names the kind and the last id sent.
 */
import type { EntryKind } from '../../cache';
import type { DirectoryExportArgs, DirectoryExportPage } from '../../shared/contract';
import type { OpenedCache } from './directoryCaches';

const DEFAULT_PAGE = 500;

export function directoryExportPage(
  cache: OpenedCache | undefined,
  { cursor, limit }: DirectoryExportArgs,
): DirectoryExportPage {
  if (!cache) return { stamp: 'no-directory', numbering: { defaultCountry: '' }, entries: [], next: null };
  const { directory } = cache;
  const { entries, next } = directory.exportEntries(readCursor(cursor), limit ?? DEFAULT_PAGE);
  return {
    stamp: directory.exportStamp(),
    numbering: directory.numberingPlan,
    entries,
    next: next && `${next.kind}:${next.afterId}`,
  };
}

/** The contract's schema checked the form (`person:1234`). */
function readCursor(cursor: string | undefined): { kind: EntryKind; afterId: number } | null {
  if (cursor === undefined) return null;
  const [kind, id] = cursor.split(':');
  return { kind: kind as EntryKind, afterId: Number(id) };
}
