/** Agent queue membership: the listing and the bulk update, with its exact messages. */
import {
  AGENT_QUEUE_MESSAGES as MESSAGES,
  type AgentQueueResult,
  type AgentQueues,
  type AgentQueuesUpdate,
  type Team,
} from '../../api/schemas';
import { businessError, ok, type FailureEnvelope, type SuccessEnvelope } from '../http/envelope';
import type { Membership, UserRecord } from '../seed/organisationSeed';
import type { Organisation } from './organisation';
import type { QueueConfig } from './queueStatistics';

/** Agents are the users that log in to phones; service accounts (public: false) are not listed. */
export function listAgentQueues(organisation: Organisation): AgentQueues[] {
  return organisation
    .allUsers()
    .filter((user) => user.public)
    .map((user) => ({
      id: user.id,
      external_id: user.external_id ?? undefined,
      name: user.displayname,
      queues: [...organisation.membershipOf(user.id)]
        .sort(([a], [b]) => a - b)
        .map(([queueId, membership]) => ({
          id: queueId,
          type: organisation.queues.get(queueId)?.type ?? 1,
          priority: membership.priority,
          suspended: membership.suspended,
        })),
    }));
}

/** A new member's priority: the team's default for the queue's channel, else the lowest. */
function defaultPriority(team: Team | undefined, queue: QueueConfig): number {
  if (!team) return 1;
  if (queue.type === 3) return team.default_email_priority;
  if (queue.type === 2) return team.default_task_priority;
  return team.default_inbound_priority;
}

type QueueResult = AgentQueueResult['queues'][number];

function updateOne(
  organisation: Organisation,
  user: UserRecord,
  wanted: AgentQueues['queues'],
): QueueResult[] {
  const current = organisation.membershipOf(user.id);
  const listed = new Set<number>();
  const results: QueueResult[] = [];
  for (const entry of wanted) {
    const queue = organisation.queues.get(entry.id);
    if (!queue) {
      results.push({ id: entry.id, success: false, message: MESSAGES.unknownQueue });
      continue;
    }
    listed.add(entry.id);
    const existing = current.get(entry.id);
    if (!existing) {
      const team = user.team_id === null ? undefined : organisation.teams.get(user.team_id);
      current.set(entry.id, {
        priority: entry.priority ?? defaultPriority(team, queue),
        suspended: entry.suspended ?? false,
      });
      results.push({ id: entry.id, success: true, message: MESSAGES.added });
      continue;
    }
    const changes: Partial<Membership> = {};
    if (entry.priority !== undefined && entry.priority !== existing.priority)
      changes.priority = entry.priority;
    if (entry.suspended !== undefined && entry.suspended !== existing.suspended)
      changes.suspended = entry.suspended;
    const changed = Object.keys(changes).length > 0;
    if (changed) Object.assign(existing, changes);
    results.push({
      id: entry.id,
      success: true,
      message: changed ? MESSAGES.updated : MESSAGES.nothingToChange,
    });
  }
  for (const queueId of [...current.keys()]) {
    if (listed.has(queueId)) continue;
    current.delete(queueId);
    results.push({ id: queueId, success: true, message: MESSAGES.removed });
  }
  return results;
}

/**
 * Users are found by id when given (external_id is then ignored), else by external_id; users not in the
 * array are untouched; a user's `queues` is the complete list it serves afterwards (see docs/pbx-api.md
 * (Agent queues)).
 */
export function updateAgentQueues(organisation: Organisation, agents: AgentQueuesUpdate): AgentQueueResult[] {
  return agents.map((agent) => {
    const byId = agent.id !== undefined;
    const identity = byId ? { id: agent.id } : { external_id: agent.external_id };
    const user = byId ? organisation.user(agent.id!) : organisation.userByExternalId(agent.external_id!);
    if (!user) {
      const error = byId ? MESSAGES.unknownAgentId : MESSAGES.unknownAgentExternalId;
      return { ...identity, success: false, error, queues: [] };
    }
    const queues = updateOne(organisation, user, agent.queues);
    return { ...identity, success: queues.every((queue) => queue.success), queues };
  });
}

/**
 * How a bulk update in which an agent or a queue is unknown is answered. The API describes both: the
 * per-element failures inside a `success: true` envelope (`in-envelope`, the default), or an envelope with
 * `success: false` carrying the same results in `data` and the first failure as `error` (`declined`). Set
 * through the control interface, so clients are tested against both.
 */
export interface AgentQueueAnswers {
  failedUpdate: 'in-envelope' | 'declined';
}

export function agentQueuesResponse(
  results: AgentQueueResult[],
  answers: AgentQueueAnswers,
): SuccessEnvelope<AgentQueueResult[]> | FailureEnvelope {
  const failed = results.find((result) => !result.success);
  if (!failed || answers.failedUpdate === 'in-envelope') return ok(results);
  const reason = failed.error ?? failed.queues.find((queue) => !queue.success)?.message ?? 'Update failed';
  return businessError(reason, results);
}
