/**
 * What the rest of the team server reads of colleagues' presence (the presence board keeps it): the whole
 * list now, and each change as it happens. The `presence:*` commands, the supervisor view and the agents'
 * event streams read it through this interface.
 */
import type { ColleaguePresence, PresenceChange } from '../../shared/contract/presence';

export interface PresenceSource {
  /** Every signed-in agent's presence now, ordered by username. */
  list(): ColleaguePresence[];
  /** Calls `listener` with each change; returns the unsubscribe. */
  subscribe(listener: (change: PresenceChange) => void): () => void;
}
