/**
 * The team server's presence board (docs/team-server.md, "Colleagues' presence"): it follows the session of
 * every agent being served (AgentSessions tells it as each is made and ended), derives each one's presence
 * from the events their session emits anyway (`calls:changed` from the phone monitor's polls,
 * `queues:changed` from the membership reads), and tells only real changes: to its subscribers and, as
 * `presence:changed`, to every served agent's session, which carries it to that agent's sockets.
 */
import type { AgentSession } from '../../app/agent/agentSession';
import type { Clock } from '../../shared/clock';
import type { ColleaguePresence, Events, PhoneSelectorDto, PresenceChange } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { pausedInAllQueues, presenceStateOf } from './derivePresence';
import type { PresenceSource } from './presenceSource';

/** What the board reads of an agent being served (agents/agentSessions.ts's ServedAgent). */
export interface FollowedAgent {
  readonly identity: {
    readonly userId: number;
    readonly username: string;
    readonly phone: PhoneSelectorDto | null;
  };
  readonly session: Pick<AgentSession, 'subscribe' | 'emit'> & {
    readonly calls: Pick<AgentSession['calls'], 'list'>;
    readonly queues: Pick<AgentSession['queues'], 'view'>;
  };
}

export interface PresenceBoardDeps {
  clock: Clock;
  logger: Logger;
}

interface Followed {
  agent: FollowedAgent;
  presence: ColleaguePresence;
  stopFollowing: () => void;
}

type ChangeListener = (change: PresenceChange) => void;

export class PresenceBoard implements PresenceSource {
  /** By PBX user id: AgentSessions serves one session per PBX user. */
  private readonly followed = new Map<number, Followed>();
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly deps: PresenceBoardDeps) {}

  list(): ColleaguePresence[] {
    return [...this.followed.values()]
      .map((entry) => entry.presence)
      .sort((a, b) => a.username.localeCompare(b.username));
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** An agent's session was made: follow it, and tell everyone they are here. */
  served(agent: FollowedAgent): void {
    const { identity, session } = agent;
    this.followed.get(identity.userId)?.stopFollowing();
    const presence: ColleaguePresence = {
      userId: identity.userId,
      username: identity.username,
      extension: identity.phone && 'extension' in identity.phone ? identity.phone.extension : null,
      state: presenceStateOf(session.calls.list()),
      pausedInAllQueues: pausedInAllQueues(session.queues.view()),
      since: this.deps.clock.now(),
    };
    const entry: Followed = { agent, presence, stopFollowing: () => {} };
    entry.stopFollowing = session.subscribe((channel, payload) => {
      if (channel === 'calls:changed') {
        this.update(entry, { state: presenceStateOf(payload as Events['calls:changed']) });
      } else if (channel === 'queues:changed') {
        this.update(entry, { pausedInAllQueues: pausedInAllQueues(payload as Events['queues:changed']) });
      }
    });
    this.followed.set(identity.userId, entry);
    this.publish({ changed: [presence], gone: [] });
  }

  /** An agent's session ended: their presence is no longer known. */
  ended(agent: FollowedAgent): void {
    const entry = this.followed.get(agent.identity.userId);
    // A session of theirs made again since (signed out and in at once) is not the one ending.
    if (!entry || entry.agent.session !== agent.session) return;
    entry.stopFollowing();
    this.followed.delete(agent.identity.userId);
    this.publish({ changed: [], gone: [agent.identity.userId] });
  }

  private update(
    entry: Followed,
    next: Partial<Pick<ColleaguePresence, 'state' | 'pausedInAllQueues'>>,
  ): void {
    const current = entry.presence;
    const state = next.state ?? current.state;
    const paused = next.pausedInAllQueues ?? current.pausedInAllQueues;
    if (state === current.state && paused === current.pausedInAllQueues) return;
    entry.presence = {
      ...current,
      state,
      pausedInAllQueues: paused,
      since: state === current.state ? current.since : this.deps.clock.now(),
    };
    this.publish({ changed: [entry.presence], gone: [] });
  }

  /** Every subscriber and every served agent's session hears the change; one that fails stops no other. */
  private publish(change: PresenceChange): void {
    for (const listener of this.listeners) this.tell(() => listener(change));
    for (const { agent } of this.followed.values()) {
      this.tell(() => agent.session.emit('presence:changed', change));
    }
  }

  private tell(deliver: () => void): void {
    try {
      deliver();
    } catch (error) {
      this.deps.logger.error('presence board: a listener of presence:changed failed', error);
    }
  }
}
