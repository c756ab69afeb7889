import { percentile } from './percentile';

/** Milliseconds of each call of `fn` over `inputs`, sorted. */
export function timings<T>(inputs: readonly T[], fn: (input: T) => unknown): number[] {
  const result = inputs.map((input) => {
    const start = performance.now();
    fn(input);
    return performance.now() - start;
  });
  return result.sort((a, b) => a - b);
}

/**
 * Milliseconds of each call of `app` and of its limit `bare` over the same inputs, interleaved (so a change in
 * the machine's speed during the run weighs on both alike), each sorted.
 */
export function pairedTimings<T>(
  inputs: readonly T[],
  app: (input: T) => unknown,
  bare: (input: T) => unknown,
): { app: number[]; bare: number[] } {
  const appTimes: number[] = [];
  const bareTimes: number[] = [];
  for (const input of inputs) {
    let start = performance.now();
    app(input);
    appTimes.push(performance.now() - start);
    start = performance.now();
    bare(input);
    bareTimes.push(performance.now() - start);
  }
  return { app: appTimes.sort((a, b) => a - b), bare: bareTimes.sort((a, b) => a - b) };
}

/**
 * The `p`th percentile of `app` and of `bare` (pairedTimings) in each of `rounds` slices of `inputs`, the
 * lowest of each over the rounds. On a shared machine another process now and then takes the core in the
 * middle of a call; that lands in one round's tail, not in every round's, while a cost of the code itself
 * (its garbage collection too) shows in all of them.
 */
export function bestPercentileOfRounds<T>(
  inputs: readonly T[],
  rounds: number,
  p: number,
  app: (input: T) => unknown,
  bare: (input: T) => unknown,
): { app: number; bare: number } {
  const size = Math.ceil(inputs.length / rounds);
  const best = { app: Infinity, bare: Infinity };
  for (let start = 0; start < inputs.length; start += size) {
    const times = pairedTimings(inputs.slice(start, start + size), app, bare);
    best.app = Math.min(best.app, percentile(times.app, p));
    best.bare = Math.min(best.bare, percentile(times.bare, p));
  }
  return best;
}
