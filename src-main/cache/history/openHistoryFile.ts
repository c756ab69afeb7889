/**
 * The history file of a PBX: its call history, stored reviews, wrap-ups and their outbox, the agent's
 * notes. What the agent wrote is not rebuildable from the PBX, so it lives apart from the directory cache
 * (which is: a damaged cache is set aside and synced again) and is recovered differently: a damaged history
 * file is salvaged. What can be read goes into a new file (historySalvage.ts), the damaged one is kept aside
 * (corruptCopies.ts), and a notice says what was recovered and what was lost (HistoryStore.repairNotice).
 * Commits are synchronous=FULL (a saved wrap-up survives a power cut) and deletions overwrite what they
 * delete (secure_delete), so history the agent's retention removed is gone from the file.
 */
import { existsSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { systemClock } from '../../shared/clock';
import type { MessageKey } from '../../shared/i18n';
import { setAsideAsCorrupt } from '../database/corruptCopies';
import {
  openStoreFile,
  type CacheDatabase,
  type OpenCacheOptions,
  type StoreFileKind,
  type UnusableFile,
} from '../database/storeFile';
import { copyReadableHistory, removeWithCompanions, repairOf, saveRepair } from './historySalvage';
import { HISTORY_APPLICATION_ID, HISTORY_MIGRATIONS, migrateHistoryFile } from './historySchema';

const HISTORY_FILE: StoreFileKind = {
  name: 'local history',
  applicationId: HISTORY_APPLICATION_ID,
  version: HISTORY_MIGRATIONS.length,
  synchronous: 'FULL',
  secureDelete: true,
  // The message key CacheDamagedError words (storeFileErrors.ts).
  recovery: 'store.recoveryHistory' satisfies MessageKey,
  migrate: (db) => migrateHistoryFile(db),
  replace: (unusable) => salvageHistoryFile(unusable),
};

export function openHistoryFile(path: string, options: OpenCacheOptions): CacheDatabase {
  return openStoreFile(path, HISTORY_FILE, options);
}

/** `directory-demo.sqlite` → `history-demo.sqlite` in the same folder; other names get a `history-` prefix. */
export function historyFileBeside(cachePath: string): string {
  if (cachePath === ':memory:' || cachePath === '') return ':memory:';
  const name = basename(cachePath);
  const history = name.startsWith('directory')
    ? `history${name.slice('directory'.length)}`
    : `history-${name}`;
  return join(dirname(cachePath), history);
}

/**
 * Builds the new file beside the damaged one and swaps it in only when it is complete: a crash on the way
 * leaves the damaged file where it was, and the next start salvages it again.
 */
function salvageHistoryFile({ path, reason, options, reopen }: UnusableFile): CacheDatabase {
  const clock = options.clock ?? systemClock;
  const building = `${path}.salvaging`;
  removeWithCompanions(building);
  const target = openHistoryFile(building, options);
  let repair;
  try {
    const salvage = existsSync(path)
      ? copyReadableHistory(path, () => target)
      : { tables: {}, readable: false };
    repair = repairOf(salvage, clock.now());
    saveRepair(target, repair);
  } finally {
    target.close();
  }
  const aside = existsSync(path) ? setAsideAsCorrupt(path, clock) : null;
  renameSync(building, path);
  const lost =
    repair.unreadable === null
      ? 'how much could not be read is unknown'
      : // i18n-exempt: words of the log line below, for developers
        `${repair.unreadable} records could not be read`;
  options.logger.warn(
    `Local history ${path} was unusable (${reason}); kept it as ${aside ?? '(nothing)'} and recovered ` +
      `${repair.recoveredCalls} calls and ${repair.recoveredUnsentWrapUps} unsent wrap-ups into a new file; ` +
      `${lost}.`,
  );
  return reopen();
}
