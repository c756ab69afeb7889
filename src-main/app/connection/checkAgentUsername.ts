/**
 * "Check" next to the agent username in Settings: is it a user of the PBX (the one being set up, whose
 * values may not be saved yet)? The running app's own agent is AgentDirectory's (agentDirectory.ts).
 */
import type { AgentCheckResult } from '../../shared/contract';
import { findAgentUser, type UserLookupClient } from './findAgentUser';

export async function checkAgentUsername(
  client: UserLookupClient,
  username: string,
): Promise<AgentCheckResult> {
  const search = await findAgentUser(client, username);
  if (!search.found) return { found: false, message: search.message };
  const { user } = search;
  return {
    found: true,
    user: {
      id: user.id,
      username: user.username,
      displayName: user.displayname,
      active: user.active,
      primaryExtension: user.primary_extension,
      softphoneDeviceId: user.wssip_device_id,
    },
  };
}
