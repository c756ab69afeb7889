/**
 * The resolver for the `email` claim: the PBX user whose `email` is the claim's address (compared without
 * regard to case). `GET /users` lists no e-mails, so the details are read: first of the users the local
 * directory has with that address (synced from the PBX), else of the users the list names, at most
 * MAX_DETAIL_LOOKUPS of them. Every candidate's detail is read (not just until a first match), so two
 * active users with the same address are found: that sign-in is refused as ambiguous (`AmbiguousClaim`),
 * never given to either. A deactivated user is nobody to sign in as.
 */
import { MAX_DETAIL_LOOKUPS, type UserLookupClient } from '../../app/connection/findAgentUser';
import type { User } from '../../api/schemas';
import { forEachConcurrently } from '../../cache';
import { AmbiguousClaim, type AgentResolver } from './oidcSignIn';

const CONCURRENCY = 6;

async function activeWithEmail(
  client: UserLookupClient,
  ids: readonly number[],
  wanted: string,
): Promise<User[]> {
  const found: User[] = [];
  await forEachConcurrently([...new Set(ids)], CONCURRENCY, async (id) => {
    const user = await client.users.get(id).catch((error: unknown) => {
      // A user deleted since the directory was synced is nobody; any other failure is the lookup's.
      if ((error as { code?: unknown } | null)?.code === 'not-found') return undefined;
      throw error;
    });
    if (!user) return;
    const email = typeof user.email === 'string' ? user.email.trim().toLowerCase() : '';
    if (email === wanted && user.active !== false) found.push(user);
  });
  return found;
}

/** `cachedIds`: the local directory's users with the address (lower-cased), read first. */
export function pbxEmailResolver(
  client: UserLookupClient,
  cachedIds: (email: string) => readonly number[],
): AgentResolver {
  return async (claimValue) => {
    const wanted = claimValue.trim().toLowerCase();
    if (wanted === '') return undefined;
    let matches = await activeWithEmail(client, cachedIds(wanted), wanted);
    if (matches.length === 0) {
      const listed = await client.users.list();
      matches = await activeWithEmail(
        client,
        listed.slice(0, MAX_DETAIL_LOOKUPS).map((item) => item.id),
        wanted,
      );
    }
    const usernames = [...new Set(matches.map((user) => user.username))];
    if (usernames.length > 1) throw new AmbiguousClaim(usernames);
    return usernames[0] === undefined ? undefined : { username: usernames[0] };
  };
}
