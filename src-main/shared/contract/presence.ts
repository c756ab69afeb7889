/**
 * Colleagues' presence (docs/team-server.md, "Colleagues' presence"): a team server monitors the phone of
 * every signed-in agent, so each agent sees which colleagues are free, ringing or on a call, and who is
 * paused in all their queues, in the Directory and when dialling an internal number. Only a team server knows
 * this; the desktop app and the browser host serve one agent and answer `presence:list` with
 * `available: false`.
 *
 * The window asks for the whole list once (`presence:list`) and then follows `presence:changed`, which
 * carries only what changed (with 500 agents, a whole list per change to every agent would be megabytes).
 */
import { z } from 'zod';
import { command, event } from './define';

/** What a colleague's phone is doing: no call, a call ringing, or on a call (talking or held). */
export type PresenceState = 'free' | 'ringing' | 'busy';

/** One signed-in colleague, as every agent of the team server sees them. */
export interface ColleaguePresence {
  /** The PBX user id (the Directory's users carry the same id). */
  userId: number;
  username: string;
  /** The extension of the phone the server monitors for them; null when they have none. */
  extension: string | null;
  state: PresenceState;
  /** They serve at least one queue and are paused in every one of them. */
  pausedInAllQueues: boolean;
  /** When `state` last changed (epoch milliseconds). */
  since: number;
}

export interface PresenceList {
  /** Whether this host knows colleagues' presence at all (a team server); false: show nothing. */
  available: boolean;
  colleagues: ColleaguePresence[];
}

export interface PresenceChange {
  /** Colleagues whose presence changed, or who just signed in. */
  changed: ColleaguePresence[];
  /** User ids of colleagues whose last session ended: their presence is no longer known. */
  gone: number[];
}

export const presenceCommands = {
  'presence:list': command(z.undefined()).returns<PresenceList>(),
};

export const presenceEvents = {
  /** Some colleagues' presence changed; the window merges this into the list it asked for. */
  'presence:changed': event<PresenceChange>(),
};
