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

/**
 * A team server's clients (the desktop app and the pages it serves) wait at most 1.5 s: an agent on a call
 * sees its state again within about two seconds of a restarted server listening; the jitter spreads the
 * attempts of many clients.
 */
export const TEAM_SERVER_RECONNECT: ReconnectPolicy = { firstMs: 250, maxMs: 1_500 };

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
