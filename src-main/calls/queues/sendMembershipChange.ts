/**
 * The change operation's request: sends the one-element membership body for the agent, reads the PBX's
 * answer as an outcome (a request that fails outright fails every queue), keeps it in the local change log
 * and says it in the app log.
 */
import { errorMessage, type AwayReason, type QueueLogEntry } from '../../shared/contract';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { changeOutcome, failedOutcome, type ChangeOutcome } from './changeOutcome';
import type { MembershipChange, MembershipRequest } from './membershipRequest';
import type { QueueChangeLogStore } from './queueChangeLog';
import type { QueuesClient } from './queueReading';

export interface MembershipChangeDeps {
  log: QueueChangeLogStore;
  logger: Logger;
  clock: Clock;
}

export interface MembershipChangeSent {
  agentId: number;
  change: MembershipChange;
  cause: 'agent' | AwayReason;
  request: Extract<MembershipRequest, { unchanged: false }>;
}

export async function sendMembershipChange(
  client: Pick<QueuesClient, 'agentQueues'>,
  deps: MembershipChangeDeps,
  { agentId, change, cause, request }: MembershipChangeSent,
): Promise<ChangeOutcome> {
  let outcome: ChangeOutcome;
  try {
    outcome = changeOutcome(agentId, await client.agentQueues.set(request.body));
  } catch (error) {
    deps.logger.warn(`queues: ${change.action} failed`, error);
    outcome = failedOutcome(errorMessage(error));
  }
  const entry: QueueLogEntry = {
    at: deps.clock.now(),
    agentId,
    action: change.action,
    cause,
    queueIds: request.changedIds,
    ok: outcome.ok,
    failures: outcome.failures,
    agentError: outcome.agentError,
  };
  deps.log.append({ kind: 'change', ...entry });
  const result = outcome.ok ? 'done' : `failed (${describeFailures(outcome)})`;
  deps.logger.info(`queues: ${change.action} of ${request.changedIds.join(', ')} by ${cause}: ${result}`);
  return outcome;
}

function describeFailures(outcome: ChangeOutcome): string {
  const parts: string[] = [];
  if (outcome.agentError) parts.push(outcome.agentError);
  for (const failure of outcome.failures) parts.push(`queue ${failure.queueId}: ${failure.message}`);
  return parts.join('; ');
}
