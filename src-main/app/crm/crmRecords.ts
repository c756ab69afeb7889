/**
 * What the caller's-context features read of the directory cache: the team's CRM templates and after-call
 * time, and a person's external id.
 */
import type { CacheDatabase } from '../../cache/database/storeFile';
import type { CrmTemplates } from './crmLinks';

interface TeamTasks {
  tasks?: { call_url?: unknown; person_url?: unknown };
  default_inbound_acw_timeout?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function cachedTeam(cache: CacheDatabase, teamId: number): TeamTasks | undefined {
  const raw = cache.db.prepare('SELECT raw FROM teams WHERE id = ?').pluck().get(teamId);
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw) as TeamTasks;
  } catch {
    return undefined;
  }
}

/** The CRM templates of a team the sync copied into the cache; undefined when it is not there. */
export function cachedTeamTemplates(cache: CacheDatabase, teamId: number): CrmTemplates | undefined {
  const team = cachedTeam(cache, teamId);
  return team && { callUrl: text(team.tasks?.call_url), personUrl: text(team.tasks?.person_url) };
}

/** A team's after-call time for inbound calls in seconds; null when it sets none (or is not cached). */
export function cachedTeamAfterCallSeconds(cache: CacheDatabase, teamId: number): number | null {
  const seconds = cachedTeam(cache, teamId)?.default_inbound_acw_timeout;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

export function cachedPersonExternalId(cache: CacheDatabase, personId: number): string | null {
  const value = cache.db.prepare('SELECT external_id FROM persons WHERE id = ?').pluck().get(personId);
  return text(value);
}
