/**
 * The list phase of a detailed collection: reads the whole list, page by page, writes new and changed list
 * items (which makes them due for a detail fetch), deletes what the complete list lacked, and schedules the
 * rolling refresh of the least recently fetched details (list items do not show contact changes).
 */
import { KIND_OF_COLLECTION, removeRecord } from './detailOutcome';
import type { SourcePage } from './directorySource';
import type { RecordCollection } from './recordCollections';
import type { SyncPass } from './syncLedger';
import type { SyncRun } from './syncRun';

export async function listPhase<L extends { id: number }, D>(
  run: SyncRun,
  collection: RecordCollection<L, D>,
  pass: SyncPass,
): Promise<void> {
  const { cache, settings } = run;
  const { ledger } = cache;
  const kind = KIND_OF_COLLECTION[collection.name];
  const report = run.report(collection.name);
  const limit = collection.pageSize ?? settings.pageSize;
  // Consecutive pages overlap by one record. Had records before a page been deleted since the previous
  // page was read, later ones would have moved to lower offsets and one would be skipped unseen; the
  // overlap shows it (the page's first record was not seen yet), and the pass then deletes nothing.
  const step = limit - 1;
  const tracker = run.phase(`${collection.name}:list`);
  let total = Number.POSITIVE_INFINITY;
  let nextOffset = pass.listOffset;
  // Pages are fetched a few at a time but applied in offset order, so the saved offset is always exact.
  const inFlight: { offset: number; page: Promise<SourcePage<L>> }[] = [];
  const request = () => {
    const page = collection.list(nextOffset, limit, run.signal);
    page.catch(() => {}); // awaited below in order; this only keeps an early rejection from going unhandled
    inFlight.push({ offset: nextOffset, page });
    nextOffset += step;
  };
  request();
  while (inFlight.length > 0) {
    const { offset, page: pending } = inFlight.shift()!;
    const page = await pending;
    total = page.total;
    const first = page.items[0];
    const shifted = offset > 0 && first !== undefined && !ledger.seenIn(kind, first.id, pass.generation);
    const changes = collection.store.compareList(page.items);
    const unchanged = page.items.filter((_, index) => changes[index] === 'unchanged').map((item) => item.id);
    const writes = page.items.flatMap((item, index) => {
      const change = changes[index]!;
      return change === 'unchanged' ? [] : [{ item, change }];
    });
    cache.write(() => {
      if (shifted) ledger.markListShifted(collection.name);
      ledger.markSeenUnchanged(kind, unchanged, pass.generation);
    });
    // Writing a list item is idempotent, so a crash between slices only means the page is read again.
    await run.writeSliced(
      writes,
      ({ item, change }) => {
        collection.store.writeListItem(item, change);
        report[change === 'new' ? 'added' : 'changed'] += 1;
        ledger.markSeen(kind, item.id, pass.generation, true);
      },
      () => ledger.saveListOffset(collection.name, offset + Math.max(0, page.items.length - 1)),
    );
    tracker.update(Math.min(offset + page.items.length, total), total);
    if (page.items.length < limit || offset + limit >= total) break;
    while (inFlight.length < settings.listConcurrency && nextOffset < total) request();
  }
  await removeUnseen(run, collection, pass, total);
  cache.write(() => {
    ledger.scheduleRollingRefresh(kind, settings.rollingRefresh[collection.name]);
    ledger.setPhase(collection.name, 'details', settings.clock.now());
  });
}

/** Deletes what the complete list lacked, in batches; skipped when the list shifted while being read. */
async function removeUnseen<L extends { id: number }, D>(
  run: SyncRun,
  collection: RecordCollection<L, D>,
  pass: SyncPass,
  total: number,
): Promise<void> {
  const { cache } = run;
  const { ledger } = cache;
  const kind = KIND_OF_COLLECTION[collection.name];
  const seen = ledger.seenCount(kind, pass.generation);
  const shifted = ledger.pass(collection.name)?.listShifted ?? false;
  if (shifted || seen < total) {
    // Deleting "unseen" records now could drop live ones that the shift hid; the next pass will know.
    run.settings.logger.warn(
      `Directory sync: the ${collection.name} list changed while being read (${seen} of ${total} seen); ` +
        'removals wait for the next sync',
    );
    return;
  }
  const unseen = ledger.unseenIds(kind, pass.generation, pass.startedAt);
  await run.writeSliced(unseen, (id) => {
    removeRecord(cache.store, collection.name, id);
    ledger.forget(kind, id);
  });
  run.report(collection.name).removed += unseen.length;
}
