/**
 * The body of `POST /queues/agents` for one change to the agent's own membership. The API replaces an
 * agent's whole list (a queue left out is removed), so the body always lists every queue the agent serves:
 * the changed ones with what changes, the others by id only, which keeps their priority and suspension as
 * the PBX has them. Built from a membership read fresh just before, never from a cached one; one element,
 * always the agent's own id (docs/pbx-api.md (Agent queues)).
 */
import type { AgentQueues, QueueMembership } from '../../api/schemas';
import type { QueueChange } from '../../shared/contract';
import { QueuesError } from './queuesError';

/** A change as the builder takes it: the contract's, or resuming what Ringside paused while away. */
export type MembershipChange = QueueChange | { action: 'resume-away'; queueIds: readonly number[] };

export type MembershipRequest =
  | {
      unchanged: false;
      /** The request body: exactly one element, the agent's. */
      body: AgentQueues[];
      /** The queues whose membership this changes (added, removed, paused or resumed). */
      changedIds: number[];
    }
  /** Nothing to change (e.g. "Pause all" with every queue paused): no request is sent. */
  | { unchanged: true; changedIds: [] };

type Entry = AgentQueues['queues'][number];

/** The membership once, in the PBX's order: a queue listed twice counts once. */
function distinct(membership: readonly QueueMembership[]): QueueMembership[] {
  const seen = new Set<number>();
  return membership.filter((queue) => !seen.has(queue.id) && seen.add(queue.id));
}

function requireMember(membership: readonly QueueMembership[], queueId: number): QueueMembership {
  const queue = membership.find((candidate) => candidate.id === queueId);
  if (!queue) throw QueuesError.notMember(queueId);
  return queue;
}

/** Which queues get which `suspended`, for the four pause and resume changes. */
function suspensions(membership: readonly QueueMembership[], change: MembershipChange): Map<number, boolean> {
  const isPaused = (queue: QueueMembership) => queue.suspended === true;
  const set = (queues: readonly QueueMembership[], suspended: boolean) =>
    new Map(queues.filter((queue) => isPaused(queue) !== suspended).map((queue) => [queue.id, suspended]));
  switch (change.action) {
    case 'pause':
      return set([requireMember(membership, change.queueId)], true);
    case 'resume':
      return set([requireMember(membership, change.queueId)], false);
    case 'pause-all':
      return set(membership, true);
    case 'resume-all':
      return set(membership, false);
    case 'resume-away': {
      const ids = new Set(change.queueIds);
      return set(
        membership.filter((queue) => ids.has(queue.id)),
        false,
      );
    }
    default:
      return new Map();
  }
}

export function membershipRequest(
  agentId: number,
  current: readonly QueueMembership[],
  change: MembershipChange,
): MembershipRequest {
  const membership = distinct(current);
  const byId = (queue: QueueMembership): Entry => ({ id: queue.id });
  let queues: Entry[];
  let changedIds: number[];

  if (change.action === 'join') {
    if (membership.some((queue) => queue.id === change.queueId))
      throw QueuesError.alreadyMember(change.queueId);
    const joined: Entry = { id: change.queueId };
    if (change.priority !== undefined) joined.priority = change.priority;
    queues = [...membership.map(byId), joined];
    changedIds = [change.queueId];
  } else if (change.action === 'leave') {
    requireMember(membership, change.queueId);
    queues = membership.filter((queue) => queue.id !== change.queueId).map(byId);
    changedIds = [change.queueId];
  } else {
    const changes = suspensions(membership, change);
    queues = membership.map((queue) => {
      const suspended = changes.get(queue.id);
      return suspended === undefined ? byId(queue) : { id: queue.id, suspended };
    });
    changedIds = [...changes.keys()];
  }
  if (changedIds.length === 0) return { unchanged: true, changedIds: [] };
  return { unchanged: false, body: [{ id: agentId, queues }], changedIds };
}
