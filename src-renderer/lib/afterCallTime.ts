/**
 * The wrap-up panel's after-call countdown (docs/caller-context.md): the team's after-call time counted from
 * the call's end. At zero nothing is discarded: the panel stays, and says the time is over.
 */
export function afterCallRemainingMs(endedAt: number, seconds: number, now: number): number {
  return Math.max(0, endedAt + seconds * 1000 - now);
}
