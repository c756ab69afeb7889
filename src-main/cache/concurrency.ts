/**
 * Bounded concurrency without a dependency: p-limit queues tasks but knows nothing of cancellation or of
 * stopping at the first failure, which is exactly what the sync needs, and the whole thing is a few lines.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `worker` over `items` with at most `concurrency` at a time. After the first failure or an abort no
 * new item starts; the call settles once the running ones have, then rejects with that failure (or the
 * signal's reason). Work that completed stays completed, which is what makes an interrupted sync resumable.
 */
export async function forEachConcurrently<T>(
  items: Iterable<T>,
  concurrency: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const iterator = items[Symbol.iterator]();
  let failure: { error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (!failure && !signal?.aborted) {
      const next = iterator.next();
      if (next.done) return;
      try {
        await worker(next.value);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.floor(concurrency)) }, lane));
  signal?.throwIfAborted();
  if (failure) throw failure.error;
}

/** Lets timers and I/O callbacks (the call monitor's poll) run between two stretches of synchronous work. */
export function yieldToEventLoop(): Promise<void> {
  return nextTurn();
}

/**
 * Longest stretch of synchronous cache writing between two turns of the event loop. Writes are sliced by
 * time, not by count: on a busy machine 200 persons took 300 ms, which would hold up the call monitor.
 * Not much shorter either: every commit writes each page it changed, so small transactions cost more.
 */
export const WRITE_SLICE_MS = 40;

/**
 * Applies `items` in transactions (through `write`) of at most WRITE_SLICE_MS each (at least one item),
 * yielding to the event loop between them; `finish` runs in the last transaction.
 */
export async function writeInSlices<T>(
  write: (fn: () => void) => void,
  items: readonly T[],
  apply: (item: T) => void,
  finish?: () => void,
): Promise<void> {
  let index = 0;
  do {
    const deadline = performance.now() + WRITE_SLICE_MS;
    write(() => {
      const first = index;
      while (index < items.length && (index === first || performance.now() < deadline))
        apply(items[index++]!);
      if (index >= items.length) finish?.();
    });
    await yieldToEventLoop();
  } while (index < items.length);
}
