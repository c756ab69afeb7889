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
