/**
 * The list phase of a detailed collection: reads the whole list, page by page, writes new and changed list
 * items (which makes them due for a detail fetch), deletes what the complete list lacked, and schedules the
 * rolling refresh of the least recently fetched details (list items do not show contact changes).
 *
 * The PBX need not honour the `limit` asked for (docs/pbx-api.md, Pagination): pages are read on from the
 * items actually received, the list ends by its `total`, a refused limit is halved (listPageReader.ts), and
 * a list that changes while it is read is read again where it moved (see `ListCursor`). Without a `total`
 * a short page may be the end of the list or only a PBX's cap on page size, so the list is read on until an
 * empty page; the run notes the list (Settings ▸ Directory says the PBX gave no total). A PBX that answers
 * every offset with records already seen in this pass (it ignores `offset`) stops the list there, and
 * nothing of it is removed: the sync never takes a list as complete on a guess.
 */
import { KIND_OF_COLLECTION, removeRecord } from './detailOutcome';
import { ListCursor } from './listCursor';
import { ListPageReader } from './listPageReader';
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
  const tracker = run.phase(`${collection.name}:list`);
  const cursor = new ListCursor(pass.listOffset);
  const pages = new ListPageReader(run, collection);
  let total: number | null;
  let endsUncertain = false;
  pages.request(cursor.offset);
  for (;;) {
    const { offset, page } = await pages.next();
    total = page.total;
    if (total === null) run.noteListWithoutTotal(collection.name);
    if (
      total === null &&
      offset > 0 &&
      repeatsSeenRecords(page.items, (id) => ledger.seenIn(kind, id, pass.generation))
    ) {
      endsUncertain = true;
      break;
    }
    const first = page.items[0];
    const firstSeen = first !== undefined && ledger.seenIn(kind, first.id, pass.generation);
    const overlap = cursor.check(offset, page, firstSeen);
    if (overlap === 'read-again') {
      settings.logger.warn(
        `Directory sync: the ${collection.name} list changed while being read; reading it again from ` +
          `offset ${cursor.offset}`,
      );
      pages.restart(cursor.offset);
      continue;
    }
    const changes = collection.store.compareList(page.items);
    const unchanged = page.items.filter((_, index) => changes[index] === 'unchanged').map((item) => item.id);
    const writes = page.items.flatMap((item, index) => {
      const change = changes[index]!;
      return change === 'unchanged' ? [] : [{ item, change }];
    });
    cache.write(() => {
      if (overlap === 'unverified') ledger.markListShifted(collection.name);
      ledger.markSeenUnchanged(kind, unchanged, pass.generation);
    });
    // Writing a list item is idempotent, so a crash between slices only means the page is read again. One
    // the cache cannot store is set aside unseen: the pass then removes nothing.
    const setAside = new Set<number>();
    await run.writeSliced(
      writes,
      ({ item, change }) => {
        collection.store.writeListItem(item, change);
        ledger.markSeen(kind, item.id, pass.generation, true);
      },
      () => ledger.saveListOffset(collection.name, offset + Math.max(0, page.items.length - 1)),
      ({ item }, error) => run.setAside(collection.name, item.id, error) && Boolean(setAside.add(item.id)),
    );
    for (const { item, change } of writes) {
      if (!setAside.has(item.id)) report[change === 'new' ? 'added' : 'changed'] += 1;
    }
    // Without a total the bar has no value (0): how far the list goes is not known.
    const done = offset + page.items.length;
    tracker.update(total === null ? done : Math.min(done, total), total ?? 0);
    if (cursor.advance(offset, page, pages.limit)) break;
    pages.continueAt(cursor.offset, cursor.step, total ?? Number.POSITIVE_INFINITY);
  }
  if (endsUncertain) {
    settings.logger.warn(
      `Directory sync: the PBX sent no total for the ${collection.name} list and answered a later page with ` +
        `${collection.name} already read in this sync (it may ignore offset); the list is not known to be ` +
        `complete, so no ${collection.name} are removed`,
    );
  } else {
    await removeUnseen(run, collection, pass, total);
  }
  cache.write(() => {
    ledger.scheduleRollingRefresh(kind, settings.rollingRefresh[collection.name]);
    ledger.setPhase(collection.name, 'details', settings.clock.now());
  });
}

/**
 * Whether a page past the first holds only records already read in this pass (beyond the one it overlaps
 * the previous page with): a PBX that ignores `offset` would otherwise be read forever without a total.
 */
function repeatsSeenRecords(items: readonly { id: number }[], seen: (id: number) => boolean): boolean {
  return items.length > 1 && items.every((item) => seen(item.id));
}

/** Deletes what the complete list lacked, in batches; skipped when the list shifted while being read. */
async function removeUnseen<L extends { id: number }, D>(
  run: SyncRun,
  collection: RecordCollection<L, D>,
  pass: SyncPass,
  total: number | null,
): Promise<void> {
  const { cache } = run;
  const { ledger } = cache;
  const kind = KIND_OF_COLLECTION[collection.name];
  const seen = ledger.seenCount(kind, pass.generation);
  const shifted = ledger.pass(collection.name)?.listShifted ?? false;
  if (shifted || (total !== null && seen < total)) {
    // Deleting "unseen" records now could drop live ones that the shift hid; the next pass will know.
    run.settings.logger.warn(
      `Directory sync: the ${collection.name} list changed while being read (${seen} of ${total ?? '?'} seen); ` +
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
