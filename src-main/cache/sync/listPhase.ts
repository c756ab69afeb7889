/**
 * The list phase of a detailed collection: reads the whole list, page by page, writes new and changed list
 * items (which makes them due for a detail fetch), deletes what the complete list lacked, and schedules the
 * rolling refresh of the least recently fetched details (list items do not show contact changes).
 *
 * The PBX need not honour the `limit` asked for (docs/pbx-api.md, Pagination): pages are read on from the
 * items actually received, the list ends by its `total`, a refused limit is halved (listPageReader.ts), and
 * a list that changes while it is read is read again where it moved (see `ListCursor`). Without a `total`
 * a short page may be the end of the list or only a PBX's cap on page size: one more page tells, and when
 * it holds items nothing of the list is removed.
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
  let total: number;
  let endsUncertain: boolean;
  pages.request(cursor.offset);
  for (;;) {
    const { offset, page: received } = await pages.next();
    const page = { items: received.items, total: received.total ?? offset + received.items.length };
    total = page.total;
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
    tracker.update(Math.min(offset + page.items.length, total), total);
    if (cursor.advance(offset, page, pages.limit)) {
      const short = received.total === null && isShortPage(page.items.length, pages.limit);
      endsUncertain = short && (await goesOn(run, collection, offset + page.items.length, pages.limit));
      break;
    }
    pages.continueAt(cursor.offset, cursor.step, total);
  }
  if (endsUncertain) {
    settings.logger.warn(
      `Directory sync: the PBX sent no total for the ${collection.name} list, and it went on past a page of ` +
        `fewer items than the ${pages.limit} asked for; it may cap its pages, so no ${collection.name} are removed`,
    );
  } else {
    await removeUnseen(run, collection, pass, total);
  }
  cache.write(() => {
    ledger.scheduleRollingRefresh(kind, settings.rollingRefresh[collection.name]);
    ledger.setPhase(collection.name, 'details', settings.clock.now());
  });
}

/** A page with some items but fewer than asked for (an empty page does end a list, total or not). */
function isShortPage(received: number, limit: number): boolean {
  return received > 0 && received < limit;
}

/**
 * Whether a list without `total` goes on past a short page: one more page is asked for. Empty, the list did
 * end there; with items (or no answer), the PBX caps its pages and the list is not known to be complete.
 */
async function goesOn<L extends { id: number }>(
  run: SyncRun,
  collection: RecordCollection<L, unknown>,
  offset: number,
  limit: number,
): Promise<boolean> {
  try {
    return (await collection.list(offset, limit, run.signal)).items.length > 0;
  } catch (error) {
    run.signal?.throwIfAborted();
    run.settings.logger.debug(`Directory sync: the ${collection.name} list past ${offset}: ${String(error)}`);
    return true;
  }
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
