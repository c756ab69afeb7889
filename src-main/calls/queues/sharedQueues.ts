/**
 * What the agents of one PBX read once (docs/queues.md, "One reading for all"): the live statistics and the
 * membership listing. A team server builds one set for all its agents; a queue service without one (the
 * desktop's single agent) builds its own, which reads as it always did.
 */
import { DEFAULT_QUEUES_POLICY } from './queuesPolicy';
import { SharedMembership } from './sharedMembership';
import { SharedQueueReadings, type SharedQueueReadingsDeps } from './sharedQueueReadings';

export interface SharedQueues {
  readings: SharedQueueReadings;
  membership: SharedMembership;
}

export type SharedQueuesDeps = SharedQueueReadingsDeps;

/** One agent's own: a reading asked for between polls and every membership read ask the PBX, as alone. */
export function ownQueueReadings(deps: SharedQueuesDeps): SharedQueues {
  return {
    readings: new SharedQueueReadings({ ...deps, policy: { freshMs: 0, ...deps.policy } }),
    membership: new SharedMembership({ clock: deps.clock, maxAgeMs: 0 }),
  };
}

/**
 * Every agent's on a team server. The membership listing is reused while younger than the shortest interval
 * an agent's scheduled read comes at, so one agent reads as often as alone and many read it no more often.
 */
export function teamQueueReadings(deps: SharedQueuesDeps): SharedQueues {
  const { membershipEveryMs, membershipJitter } = DEFAULT_QUEUES_POLICY;
  return {
    readings: new SharedQueueReadings(deps),
    membership: new SharedMembership({
      clock: deps.clock,
      maxAgeMs: Math.floor(membershipEveryMs * (1 - membershipJitter)),
    }),
  };
}
