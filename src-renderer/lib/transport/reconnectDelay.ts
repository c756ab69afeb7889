/**
 * How long the client waits before its next connection attempt: doubling from `firstMs` up to `maxMs`, each
 * wait jittered down by up to half, so tabs that lost the same server do not all knock at the same moment.
 */
export const RECONNECT_DELAY = { firstMs: 250, maxMs: 5_000 } as const;

/** `attempt` counts from 1 (the first retry); `random` is in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const { firstMs, maxMs } = RECONNECT_DELAY;
  const ceiling = Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (1 - random() / 2));
}
