/**
 * Settings ▸ Privacy ▸ Clear local data, for desks that are shared: deletes the call history, reviews,
 * transcripts, notes, wrap-ups not yet sent, recent numbers and the directory cache (the next sync, started
 * at once, rebuilds it). The settings and the stored secret stay. Wrap-ups still waiting for the PBX are
 * the agent's unsaved work: the window warns how many first, and nothing is deleted while more are waiting
 * than the agent was told about. Copies of these files set aside after damage (`<file>.corrupt-<time>`)
 * hold the same data, and go too. So do the files of the other PBXs used at this desk: their wrap-ups not
 * yet sent count in what the agent is warned about.
 */
import { rmSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { eraseLocalData } from '../../cache/database/eraseLocalData';
import { clearableFiles, unsentWrapUpsIn } from '../../cache/database/clearableFiles';
import type { RecentNumbersStore } from '../../calls';
import type { PendingSave, PrivacyClearResult } from '../../shared/contract';
import type { Logger } from '../../shared/logger';

export interface LocalDataClearerDeps {
  /** The wrap-ups waiting for the PBX (in the outbox). */
  pendingWrapUps(): PendingSave[];
  /** Stops the directory sync and waits until its writer has closed the file. */
  stopSync(): Promise<void>;
  /** Starts the sync again when nothing was cleared after all. */
  restartSync(): void;
  /** Review fetches and wrap-up sends on their way write nothing back once they end. */
  forgetHistoryInFlight(): void;
  /** Every open database that holds local data (the directory cache; a separate store of the agent's own). */
  databases(): Database[];
  recentNumbers: RecentNumbersStore;
  /** After clearing: the screens reload, the history resumes, the sync starts over. */
  afterClear(cleared: { wrapUps: PendingSave[] }): void;
  logger: Logger;
}

export class LocalDataClearer {
  constructor(private readonly deps: LocalDataClearerDeps) {}

  async clear(unsentWrapUpsAcknowledged: number): Promise<PrivacyClearResult> {
    const { deps } = this;
    const unsent = this.unsentWrapUps().count;
    if (unsent > unsentWrapUpsAcknowledged) return { cleared: false, unsentWrapUps: unsent };
    await deps.stopSync();
    const { count: unsentNow, files } = this.unsentWrapUps();
    if (unsentNow > unsentWrapUpsAcknowledged) {
      // One more was saved while the sync stopped: the agent decides again.
      deps.restartSync();
      return { cleared: false, unsentWrapUps: unsentNow };
    }
    const wrapUps = deps.pendingWrapUps();
    deps.forgetHistoryInFlight();
    for (const db of new Set(deps.databases())) eraseLocalData(db);
    for (const file of files) rmSync(file, { force: true });
    deps.recentNumbers.save([]);
    deps.logger.info(
      `local data cleared (${unsentNow} unsent wrap-ups among it; ${files.length} files deleted)`,
    );
    deps.afterClear({ wrapUps });
    return { cleared: true };
  }

  /**
   * The wrap-ups waiting for the active PBX and those in the other PBXs' history files, and the files to
   * delete (clearableFiles.ts).
   */
  private unsentWrapUps(): { count: number; files: string[] } {
    const { deps } = this;
    const files = clearableFiles(deps.databases().map((db) => db.name));
    const others = unsentWrapUpsIn(files);
    for (const path of others.unreadable)
      deps.logger.warn(`clear local data: ${path} could not be read to count its unsent wrap-ups`);
    return { count: deps.pendingWrapUps().length + others.count, files };
  }
}
