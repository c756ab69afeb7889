/** The colours of the agent's team that accent the ready and aux states, as the PBX's team list gives them. */
import type { TeamAccent } from '../../shared/contract';
import type { QueuesClient } from './queueReading';

/** The team's accent, or null when `/teams` does not list the team. */
export async function teamAccent(
  client: Pick<QueuesClient, 'teams'>,
  teamId: number,
): Promise<TeamAccent | null> {
  const team = (await client.teams()).find((candidate) => candidate.id === teamId);
  return team ? { ready: teamColour(team.color_agent_ready), aux: teamColour(team.color_agent_aux) } : null;
}

/** A team colour as CSS (`#rrggbb`), or null when the PBX gives none or something else. */
function teamColour(value: unknown): string | null {
  return typeof value === 'string' && /^#?[0-9a-f]{6}$/i.test(value)
    ? `#${value.replace(/^#/, '').toLowerCase()}`
    : null;
}
