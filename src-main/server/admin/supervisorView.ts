/**
 * The supervisor view (docs/team-server.md, "Administration"): every agent with a live sign-in session, with
 * how many devices they are signed in on, whether one has the app open now, and their presence from the
 * presence board; and the queue board of every queue of the PBX (supervisorQueueBoard.ts). A failed queue
 * reading is the board's problem only: the agents are listed all the same.
 */
import type { AdminSupervisorView, SupervisorAgent, SupervisorPresence } from '../../shared/contract';
import type { ColleaguePresence } from '../../shared/contract/presence';
import type { ResolvedAgent } from '../agents/resolveAgent';
import type { Session, SessionStore } from '../identity/sessionStore';
import type { PresenceSource } from '../presence/presenceSource';
import type { SupervisorQueueBoard } from './supervisorQueueBoard';

export interface SupervisorViewDeps {
  sessions: Pick<SessionStore, 'list'>;
  /** The agent as the server resolved them on the PBX; undefined until their session is made. */
  servedAgent(username: string): ResolvedAgent | undefined;
  /** Whether a socket of this sign-in session is open now. */
  connected(sessionId: string): boolean;
  /** The presence board; absent: every presence is unknown. */
  presence?: PresenceSource;
  queueBoard: Pick<SupervisorQueueBoard, 'board'>;
}

const canonical = (username: string) => username.trim().toLowerCase();

function presenceOf(found: ColleaguePresence | undefined): SupervisorPresence | null {
  return found
    ? { state: found.state, pausedInAllQueues: found.pausedInAllQueues, since: found.since }
    : null;
}

/** Live sessions by agent, each agent once under the first spelling of their username. */
function sessionsByAgent(sessions: readonly Session[]): Map<string, Session[]> {
  const byAgent = new Map<string, Session[]>();
  for (const session of sessions) {
    const key = canonical(session.agent);
    byAgent.set(key, [...(byAgent.get(key) ?? []), session]);
  }
  return byAgent;
}

export async function supervisorView(deps: SupervisorViewDeps): Promise<AdminSupervisorView> {
  const board = deps.queueBoard.board();
  const presence = new Map(
    (deps.presence?.list() ?? []).map((colleague) => [canonical(colleague.username), colleague]),
  );
  const agents: SupervisorAgent[] = [];
  for (const [key, sessions] of sessionsByAgent(deps.sessions.list())) {
    const username = sessions[0]!.agent;
    const identity = deps.servedAgent(username);
    const colleague = presence.get(key);
    const phone = identity?.phone;
    agents.push({
      username: identity?.username ?? username,
      displayName: identity?.displayName ?? username,
      extension: (phone && 'extension' in phone ? phone.extension : null) ?? colleague?.extension ?? null,
      devices: sessions.length,
      connected: sessions.some((session) => deps.connected(session.id)),
      presence: presenceOf(colleague),
    });
  }
  agents.sort((a, b) => a.username.localeCompare(b.username));
  return { agents, presenceKnown: deps.presence !== undefined, board: await board };
}
