/**
 * Chooses, per collection of a sync, between writing on the sync's own thread and a worker thread, by how
 * many details are due (`DetailWriter.plan`). The worker is started at the first large collection and kept
 * for the rest of the run. A collection is planned only once the one before it is written, so the two
 * writers never write at the same time.
 */
import type { DetailWriter } from './detailWriter';

export function sizedDetailWriter(
  inline: DetailWriter,
  startWorker: () => DetailWriter,
  inlineUpTo: number,
): DetailWriter {
  let worker: DetailWriter | undefined;
  let current = inline;
  return {
    plan(collection, due) {
      current = due > inlineUpTo ? (worker ??= startWorker()) : inline;
      current.plan?.(collection, due);
    },
    prepare: (collection, outcome) => current.prepare(collection, outcome),
    write: (collection, outcomes, now) => current.write(collection, outcomes, now),
    async close() {
      await inline.close();
      await worker?.close();
    },
  };
}
