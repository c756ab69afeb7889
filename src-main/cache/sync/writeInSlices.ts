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
export const WRITE_SLICE_MS = 25;

export interface SliceOptions<T> {
  /** Runs in the last transaction. */
  finish?: () => void;
  /** Takes an item that fails alone (see below); false: its error is thrown. */
  setAside?: (item: T, error: unknown) => boolean;
  /** The longest slice, for writing that may take longer in all to keep the loop freer (default 25 ms). */
  sliceMs?: number;
}

/**
 * Applies `items` in transactions (through `write`) of at most `sliceMs` each (at least one item),
 * yielding to the event loop before each; `finish` runs in the last transaction. The yield comes first
 * because the caller has usually just parsed what it writes (a list of 2,000 extensions: ~35 ms of
 * validation) in the same turn: a slice straight after it held the loop for both.
 *
 * With `setAside`, an item that fails alone does not stop the rest: when a slice fails, it is rolled back
 * and its items are applied again one by one, each in a savepoint (`write` nested in `write`), and an item
 * that still fails goes to `setAside`, which says whether it took it (else its error is thrown). Savepoints
 * cost about as much as a small write, so only a failed slice pays for them.
 */
export async function writeInSlices<T>(
  write: (fn: () => void) => void,
  items: readonly T[],
  apply: (item: T) => void,
  { finish, setAside, sliceMs = WRITE_SLICE_MS }: SliceOptions<T> = {},
): Promise<void> {
  let index = 0;
  do {
    await yieldToEventLoop();
    const deadline = performance.now() + sliceMs;
    const first = index;
    try {
      write(() => {
        while (index < items.length && (index === first || performance.now() < deadline))
          apply(items[index++]!);
        if (index >= items.length) finish?.();
      });
    } catch (error) {
      if (!setAside) throw error;
      const end = index;
      index = first;
      write(() => {
        while (index < end) {
          const item = items[index++]!;
          try {
            write(() => apply(item));
          } catch (itemError) {
            if (!setAside(item, itemError)) throw itemError;
          }
        }
        if (index >= items.length) finish?.();
      });
    }
  } while (index < items.length);
}
