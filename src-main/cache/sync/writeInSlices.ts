/**
 * Cache writing between turns of the event loop: a sync writes for seconds on end, and the call monitor
 * must keep polling meanwhile.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

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
