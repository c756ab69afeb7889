/**
 * Who a signed-in PBX username is on the PBX: their user (found as the desktop's agent check finds it,
 * connection/findAgentUser.ts), their group, whether they administer the server, and the phone the server
 * derives for them (agentPhone.ts).
 */
import type { PbxClient } from '../../api';
import { userDisplayName } from '../../api/schemas';
import { findAgentUser } from '../../app/connection/findAgentUser';
import type { PhoneSelectorDto } from '../../shared/contract';
import { isAdministrator, type AdministratorRules } from '../policy/administrators';
import { agentPhoneOf, type PhoneOverrides } from './agentPhone';

/** A signed-in agent as the PBX knows them (the policy's SignedInAgent, less the session). */
export interface ResolvedAgent {
  username: string;
  /** The PBX user's display name (else first and last name, else the username). */
  displayName: string;
  userId: number;
  groupId: number | null;
  phone: PhoneSelectorDto | null;
  isAdmin: boolean;
}

export class UnknownAgent extends Error {}

export interface AgentResolution {
  phoneOverrides: PhoneOverrides;
  /** Who administers the server: the configuration's `admins` (policy/administrators.ts). */
  administrators: AdministratorRules;
}

export async function resolveAgent(
  client: PbxClient,
  username: string,
  hints: readonly number[],
  options: AgentResolution,
): Promise<ResolvedAgent> {
  const search = await findAgentUser(client, username, hints);
  // i18n-exempt: the server's log, for its administrator.
  if (!search.found) throw new UnknownAgent(`no PBX user ${JSON.stringify(username)}: ${search.message}`);
  const { user } = search;
  const extensions = user.primary_extension === null ? [] : await client.extensions({ type: 'phone' });
  return {
    username: user.username,
    displayName: userDisplayName(user),
    userId: user.id,
    groupId: user.group_id,
    phone: agentPhoneOf(user, extensions, options.phoneOverrides),
    isAdmin: isAdministrator(user, { admins: options.administrators }),
  };
}
