/**
 * The "paused while away" offer: the queues Ringside paused when the agent last left, of those the ones the
 * membership still shows paused; null when there is nothing to resume.
 */
import type { QueueMembership } from '../../api/schemas';
import type { QueuesView } from '../../shared/contract';
import { pendingAwayPause, type QueueLogRecord } from './queueChangeLog';

export function awayPauseOffer(
  records: readonly QueueLogRecord[],
  agentId: number,
  membership: readonly QueueMembership[],
): QueuesView['awayPause'] {
  const offer = pendingAwayPause(records, agentId);
  if (!offer) return null;
  const paused = new Set(membership.filter((queue) => queue.suspended === true).map((queue) => queue.id));
  const queueIds = offer.queueIds.filter((id) => paused.has(id));
  return queueIds.length > 0 ? { ...offer, queueIds } : null;
}
