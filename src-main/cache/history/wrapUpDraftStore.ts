/**
 * Wrap-up drafts: what the agent typed in a call's wrap-up panel and has not saved yet, written as it is typed
 * (debounced by the window) into the history file, the agent's durable store, so a crash or a kill loses at
 * most the last keystrokes. One row per call; a save or the agent's "discard" removes it. Not purged by the
 * retention period (unsent work, like the outbox), but erased by "Clear local data".
 */
import type { WrapUpDraft } from '../../shared/contract';
import type { CacheDatabase } from '../database/openCache';

export interface StoredDraft {
  uniqueid: string;
  draft: WrapUpDraft;
  /** Epoch ms of the last write. */
  updatedAt: number;
}

interface DraftRow {
  uniqueid: string;
  draft: string;
  updated_at: number;
}

export class WrapUpDraftStore {
  private readonly sql;

  constructor(database: CacheDatabase) {
    const { db } = database;
    this.sql = {
      get: db.prepare('SELECT * FROM wrapup_drafts WHERE uniqueid = ?'),
      all: db.prepare('SELECT * FROM wrapup_drafts ORDER BY updated_at'),
      put: db.prepare(`INSERT INTO wrapup_drafts (uniqueid, draft, updated_at) VALUES (?, ?, ?)
        ON CONFLICT (uniqueid) DO UPDATE SET draft = excluded.draft, updated_at = excluded.updated_at`),
      remove: db.prepare('DELETE FROM wrapup_drafts WHERE uniqueid = ?'),
    };
  }

  get(uniqueid: string): StoredDraft | undefined {
    const row = this.sql.get.get(uniqueid) as DraftRow | undefined;
    return row && draftOf(row);
  }

  /** Every draft, oldest first; a row that no longer parses (a damaged file) is skipped. */
  all(): StoredDraft[] {
    return (this.sql.all.all() as DraftRow[]).flatMap((row) => {
      const draft = draftOf(row);
      return draft ? [draft] : [];
    });
  }

  put(uniqueid: string, draft: WrapUpDraft, now: number): void {
    this.sql.put.run(uniqueid, JSON.stringify(draft), now);
  }

  remove(uniqueid: string): boolean {
    return this.sql.remove.run(uniqueid).changes > 0;
  }
}

function draftOf(row: DraftRow): StoredDraft | undefined {
  try {
    return { uniqueid: row.uniqueid, draft: JSON.parse(row.draft) as WrapUpDraft, updatedAt: row.updated_at };
  } catch {
    return undefined;
  }
}
