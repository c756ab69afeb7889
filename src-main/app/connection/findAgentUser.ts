/**
 * Finds the PBX user with a login name. `GET /users` lists only id, name and external_id, and `name` is the
 * display name on the PBXs we know ("Jana Nováková" for `jana.novakova`); the login name is only in each
 * user's detail. So the details of the users named in `hints` (the agent found before, users of the local
 * directory with that login name) are read first; failing those, the list is ranked by how well each entry
 * matches the login name (an exact name or external id first, then shared name words, diacritics ignored)
 * and the details are read in that order, a few at a time, until the login name matches (case-insensitively,
 * as the PBX compares it). At most MAX_DETAIL_LOOKUPS details are read, so a huge directory costs bounded
 * time.
 */
import type { UsersApi } from '../../api/endpoints/users';
import type { User, UserListItem } from '../../api/schemas';
import { forEachConcurrently } from '../../cache';
import { activeTranslator, text, type Text } from '../../shared/i18n';

export const MAX_DETAIL_LOOKUPS = 300;
const CONCURRENCY = 6;

/** The users API as the lookup uses it (PbxClient satisfies it). */
export interface UserLookupClient {
  users: Pick<UsersApi, 'list' | 'get'>;
}

/** Not found: why, in words and as a `Text` (AgentDirectory words it again after a language switch). */
export type UserSearch = { found: true; user: User } | { found: false; message: string; text: Text };

function notFound(why: Text): UserSearch {
  return { found: false, message: activeTranslator().text(why), text: why };
}

function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Higher is likelier: an exact name or external id beats shared words, which beat nothing. */
function likeness(item: UserListItem, username: string): number {
  const wanted = username.toLowerCase();
  if (item.name.toLowerCase() === wanted || item.external_id?.toLowerCase() === wanted) return 1000;
  const nameWords = new Set(words(item.name));
  return words(username).filter((word) => nameWords.has(word)).length;
}

/** Reads the details of `ids` (a few at a time) until one has the login name; undefined when none has. */
async function firstWithLogin(
  client: UserLookupClient,
  ids: readonly number[],
  wanted: string,
): Promise<User | undefined> {
  let match: User | undefined;
  const stop = new AbortController();
  try {
    await forEachConcurrently(
      ids,
      CONCURRENCY,
      async (id) => {
        const user = await client.users.get(id, { signal: stop.signal });
        if (match || user.username.toLowerCase() !== wanted.toLowerCase()) return;
        match = user;
        stop.abort();
      },
      stop.signal,
    );
  } catch (error) {
    // A hinted user that is gone (404) is no answer either way; anything else is.
    if (!match && !isGone(error)) throw error;
  }
  return match;
}

function isGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'not-found';
}

export async function findAgentUser(
  client: UserLookupClient,
  username: string,
  hints: readonly number[] = [],
): Promise<UserSearch> {
  const wanted = username.trim();
  if (wanted === '') return notFound(text('connection.agentEnterLogin'));
  const hinted = [...new Set(hints)];
  if (hinted.length > 0) {
    const user = await firstWithLogin(client, hinted, wanted);
    if (user) return { found: true, user };
  }
  const users = await client.users.list();
  const ranked = users
    .filter((item) => !hinted.includes(item.id))
    .map((item, index) => ({ item, score: likeness(item, wanted), index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_DETAIL_LOOKUPS)
    .map(({ item }) => item.id);
  const user = await firstWithLogin(client, ranked, wanted);
  if (user) return { found: true, user };
  return notFound(
    users.length > MAX_DETAIL_LOOKUPS
      ? text('connection.agentNotFoundAmong', {
          login: wanted,
          checked: MAX_DETAIL_LOOKUPS,
          total: users.length,
        })
      : text('connection.agentNotFound', { login: wanted }),
  );
}
