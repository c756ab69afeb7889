/**
 * The agent's PBX user as the queue services see it, from the one place that knows it (the connection
 * area's AgentDirectory): whose membership to show and change, and why there is none when there is none.
 */
import { QueuesError, type AgentUser } from '../../calls/queues';
import type { AgentState } from '../connection/agentDirectory';

export function queuesAgentOf(state: AgentState): AgentUser | undefined {
  if (state.status !== 'known') return undefined;
  const { id, username, teamId } = state.profile;
  return { id, username, teamId };
}

/** Why the queues have no agent: no username, no such PBX user, or the PBX could not be asked. */
export function queuesAgentProblem(state: AgentState): QueuesError | undefined {
  if (state.status === 'none') return QueuesError.noAgent();
  if (state.status === 'unknown' || state.status === 'unavailable') {
    return new QueuesError('not-configured', state.message);
  }
  return undefined;
}
