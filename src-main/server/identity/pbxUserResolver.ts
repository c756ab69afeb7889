/**
 * The resolver for the `preferred_username` claim: the PBX user with that login name, found the way the
 * desktop app finds its agent (app/connection/findAgentUser.ts: the list ranked by likeness, details read
 * until the login name matches, case-insensitively). The `email` claim's is pbxEmailResolver.ts.
 */
import { findAgentUser, type UserLookupClient } from '../../app/connection/findAgentUser';
import type { AgentResolver } from './oidcSignIn';

export function pbxUsernameResolver(client: UserLookupClient): AgentResolver {
  return async (claimValue) => {
    const search = await findAgentUser(client, claimValue);
    return search.found ? { username: search.user.username } : undefined;
  };
}
