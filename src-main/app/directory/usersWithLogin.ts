/** The users of the local directory with a login name: where AgentDirectory looks first for the agent. */
import type { DirectoryCache } from '../../cache';

/** Ids of the cached users whose login name is `username` (case-insensitively, as the PBX compares it). */
export function usersWithLogin(directory: DirectoryCache | undefined, username: string): number[] {
  const wanted = username.trim().toLowerCase();
  if (!directory || wanted === '') return [];
  return directory
    .searchDirectory(wanted, { limit: 20 })
    .users.items.filter((user) => user.username?.toLowerCase() === wanted)
    .map((user) => user.id);
}
