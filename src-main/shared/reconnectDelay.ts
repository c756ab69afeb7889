/**
 * How long a client waits before its next connection attempt: doubling from `firstMs` up to `maxMs`, each
 * wait jittered down by up to half, so clients that lost the same server do not all knock at the same moment.
 * Shared by the browser tab's client (src-renderer/lib/transport/) and the desktop's team-server client
 * (src-main/remote/).
 */
export interface ReconnectPolicy {
  readonly firstMs: number;
  readonly maxMs: number;
}

export const RECONNECT_DELAY: ReconnectPolicy = { firstMs: 250, maxMs: 5_000 };

/** `attempt` counts from 1 (the first retry); `random` is in [0, 1). */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  policy: ReconnectPolicy = RECONNECT_DELAY,
): number {
  const { firstMs, maxMs } = policy;
  const ceiling = Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (1 - random() / 2));
}
