/**
 * Is the agent username in Settings a user of the PBX? `GET /users` lists only id, name and external_id,
 * and `name` is the display name on the PBXs we know ("Jana Nováková" for `jana.novakova`); the login name
 * is only in each user's detail. So the list is ranked by how well each entry matches the username (an
 * exact name or external id first, then shared name words, diacritics ignored) and the details are fetched
 * in that order, a few at a time, until the login name matches (case-insensitively, as the PBX compares
 * it). At most MAX_DETAIL_LOOKUPS details are read, so a huge directory costs bounded time.
 */
import type { PbxClient } from '../../api';
import type { UserListItem } from '../../api/schemas';
import { forEachConcurrently } from '../../cache';
import type { AgentCheckResult } from '../../shared/contract';

export const MAX_DETAIL_LOOKUPS = 300;
const CONCURRENCY = 6;

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

export async function checkAgentUsername(client: PbxClient, username: string): Promise<AgentCheckResult> {
  const wanted = username.trim();
  if (wanted === '') return { found: false, message: 'Enter the agent’s login name on the PBX.' };
  const users = await client.users.list();
  const ranked = users
    .map((item, index) => ({ item, score: likeness(item, wanted), index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_DETAIL_LOOKUPS)
    .map(({ item }) => item);

  let match: AgentCheckResult | undefined;
  const stop = new AbortController();
  try {
    await forEachConcurrently(
      ranked,
      CONCURRENCY,
      async (item) => {
        const user = await client.users.get(item.id, { signal: stop.signal });
        if (match || user.username.toLowerCase() !== wanted.toLowerCase()) return;
        match = {
          found: true,
          user: { id: user.id, username: user.username, displayName: user.displayname, active: user.active },
        };
        stop.abort();
      },
      stop.signal,
    );
  } catch (error) {
    if (!match) throw error;
  }
  if (match) return match;
  const scope =
    users.length > MAX_DETAIL_LOOKUPS
      ? ` among the ${MAX_DETAIL_LOOKUPS} likeliest of its ${users.length} users`
      : '';
  return {
    found: false,
    message: `The PBX has no user with the login name “${wanted}”${scope}. Enter the agent’s login name, not the display name.`,
  };
}
