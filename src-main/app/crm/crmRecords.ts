/** What "Open in CRM" reads of the directory cache: the team's templates and a person's external id. */
import type { CacheDatabase } from '../../cache/database/storeFile';
import type { CrmTemplates } from './crmLinks';

interface TeamTasks {
  tasks?: { call_url?: unknown; person_url?: unknown };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The CRM templates of a team the sync copied into the cache; undefined when it is not there. */
export function cachedTeamTemplates(cache: CacheDatabase, teamId: number): CrmTemplates | undefined {
  const raw = cache.db.prepare('SELECT raw FROM teams WHERE id = ?').pluck().get(teamId) as
    string | undefined;
  if (raw === undefined) return undefined;
  let team: TeamTasks;
  try {
    team = JSON.parse(raw) as TeamTasks;
  } catch {
    return undefined;
  }
  return { callUrl: text(team.tasks?.call_url), personUrl: text(team.tasks?.person_url) };
}

export function cachedPersonExternalId(cache: CacheDatabase, personId: number): string | null {
  const value = cache.db.prepare('SELECT external_id FROM persons WHERE id = ?').pluck().get(personId);
  return text(value);
}
