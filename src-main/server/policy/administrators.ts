/**
 * Who administers the team server: a PBX user named in `admins.usernames` (compared without regard to
 * case, as the PBX compares user names), or one in a PBX group or role listed there. Read from the PBX user
 * at each sign-in, so a change on the PBX takes effect at the next one.
 */
import type { User } from '../../api/schemas';

export interface AdministratorRules {
  usernames: readonly string[];
  pbxGroupIds: readonly number[];
  pbxRoleIds: readonly number[];
}

/** A server whose configuration names no administrator. */
export const NO_ADMINISTRATORS: AdministratorRules = { usernames: [], pbxGroupIds: [], pbxRoleIds: [] };

export type AdministratorCandidate = Pick<User, 'username' | 'group_id' | 'role_id' | 'active'>;

/** `config`: the server's configuration (its `admins`). */
export function isAdministrator(
  user: AdministratorCandidate,
  config: { admins: AdministratorRules },
): boolean {
  const { admins } = config;
  // A deactivated PBX user cannot sign in to the PBX; they administer nothing here either.
  if (!user.active) return false;
  const username = user.username.toLowerCase();
  return (
    admins.usernames.some((name) => name.toLowerCase() === username) ||
    admins.pbxGroupIds.includes(user.group_id) ||
    (user.role_id !== null && admins.pbxRoleIds.includes(user.role_id))
  );
}
