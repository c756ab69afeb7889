/**
 * Calls `fn` at most once per `intervalMs`: the first request at once, later ones folded into one trailing
 * call at the end of the interval (so the last state is never lost). `flush` calls it now.
 */
import type { Timers } from '../../calls';
import type { Clock } from '../../shared/clock';

export interface Throttled {
  request(): void;
  /** Calls `fn` now and starts a new interval (a pending trailing call is dropped: this one supersedes it). */
  flush(): void;
  cancel(): void;
}

export function throttle(fn: () => void, intervalMs: number, timers: Timers, clock: Clock): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: unknown;
  const cancel = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  const flush = () => {
    cancel();
    last = clock.now();
    fn();
  };
  return {
    request: () => {
      if (timer !== undefined) return;
      const wait = last + intervalMs - clock.now();
      if (wait <= 0) flush();
      else timer = timers.setTimeout(flush, wait);
    },
    flush,
    cancel,
  };
}
