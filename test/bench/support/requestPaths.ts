/**
 * Requests to the demo PBX by what they read, for benches that count them at the PBX (demoPbxProcess.ts):
 * a route as a pattern (parameters as `{id}`), and the kinds of reading a team server does that the benches
 * compare per agent.
 */

/**
 * A demo PBX route as its request counts name it (`GET /api/v1.0/queue/:queue_id`, RequestCounts) with its
 * parameters as `{id}`: `GET /api/v1.0/queue/{id}`.
 */
export function routePattern(key: string): string {
  return key.replace(/:[A-Za-z_]+/g, '{id}');
}

const API = '/api/v1.0';

/** What a team server reads from the PBX, by `METHOD /path` pattern. */
export const PBX_READINGS = {
  /** The directory sync (one for the whole server): organisation, users, CRM persons and companies. */
  directory: (key: string) =>
    key.startsWith('GET ') &&
    [
      `${API}/groups`,
      `${API}/roles`,
      `${API}/teams`,
      `${API}/extensions`,
      `${API}/users`,
      `${API}/user/{id}`,
      `${API}/crm/persons`,
      `${API}/crm/person/{id}`,
      `${API}/crm/companies`,
      `${API}/crm/company/{id}`,
    ].includes(key.slice(4)),
  /** The queues: their list, one queue's live figures, and who is a member of which. */
  queues: (key: string) =>
    [`GET ${API}/queues`, `GET ${API}/queue/{id}`, `GET ${API}/queues/agents`].includes(key),
  /** The call monitors' polls of the phones' calls. */
  calls: (key: string) => key === `GET ${API}/call`,
} satisfies Record<string, (key: string) => boolean>;

export type PbxReading = keyof typeof PBX_READINGS;

/** How many of the counted requests were of `reading`. */
export function requestsOf(counts: Readonly<Record<string, number>>, reading: PbxReading): number {
  return Object.entries(counts)
    .filter(([key]) => PBX_READINGS[reading](key))
    .reduce((sum, [, count]) => sum + count, 0);
}
