/**
 * Bounded concurrency without a dependency: p-limit queues tasks but knows nothing of cancellation or of
 * stopping at the first failure, which is exactly what the sync needs, and the whole thing is a few lines.
 */

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
