/**
 * The details phase of a detailed collection: fetches the due details (new, changed and refreshed records)
 * at bounded concurrency and hands them to the writer in batches. The writer has up to WRITES_IN_FLIGHT
 * batches at a time (one being committed, the next waiting), so it never idles while the next batch is
 * fetched; a lane that fills a batch waits only when that many are outstanding.
 */
import type { DetailOutcome } from './detailOutcome';
import { KIND_OF_COLLECTION } from './detailOutcome';
import type { DetailWriter } from './detailWriter';
import { isNotFound } from './directorySource';
import { forEachConcurrently } from './forEachConcurrently';
import type { RecordCollection } from './recordCollections';
import type { SyncRun } from './syncRun';

/** Batches handed to the writer and not yet committed, at most. */
const WRITES_IN_FLIGHT = 2;

export async function detailsPhase<L extends { id: number }, D>(
  run: SyncRun,
  writer: DetailWriter,
  collection: RecordCollection<L, D>,
): Promise<void> {
  const { settings } = run;
  const report = run.report(collection.name);
  const due = run.cache.ledger.dueIds(KIND_OF_COLLECTION[collection.name]);
  const tracker = run.phase(`${collection.name}:details`);
  tracker.update(0, due.length);
  writer.plan?.(collection.name, due.length);
  let done = 0;
  let buffer: DetailOutcome[] = [];
  const writing: Promise<void>[] = [];
  const flush = async () => {
    const batch = buffer;
    buffer = [];
    if (batch.length > 0) {
      const written = writer.write(collection.name, batch, settings.clock.now()).then((counts) => {
        report.fetched += counts.fetched;
        report.removed += counts.removed;
        for (const { id, reason } of counts.quarantined) run.quarantine(collection.name, id, reason);
        done += batch.length;
        tracker.update(done, due.length);
      });
      // Awaited below in order; this only keeps a failure from being reported as unhandled meanwhile.
      written.catch(() => {});
      writing.push(written);
    }
    while (writing.length >= WRITES_IN_FLIGHT) await writing.shift();
  };
  try {
    await forEachConcurrently(
      due,
      settings.concurrency,
      async (id) => {
        let outcome: DetailOutcome;
        try {
          outcome = { id, detail: await collection.get(id, run.signal) };
        } catch (error) {
          if (!isNotFound(error)) throw error;
          outcome = { id, gone: true };
        }
        writer.prepare(collection.name, outcome);
        // Pushed only now: `flush` replaces the buffer while this fetch was awaited.
        buffer.push(outcome);
        if (buffer.length >= settings.batchSize) await flush();
      },
      run.signal,
    );
  } finally {
    // What completed before a failure or a cancel is kept, so the next run does not fetch it again.
    await flush();
    while (writing.length > 0) await writing.shift();
  }
}
