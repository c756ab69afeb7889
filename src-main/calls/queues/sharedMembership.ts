/**
 * The membership listing, `GET /queues/agents`, which answers every user's at once: shared by the agents of
 * one PBX (docs/queues.md, "One reading for all"). A read asked for on schedule is served by one younger than
 * `maxAgeMs` or by one in flight; a `fresh` read never is (a change is built from a fresh read and followed
 * by one, so an agent sees their own change at once), and any agent's change (`changed()`) makes everyone's
 * next read fresh. With `maxAgeMs` 0 (the desktop's one agent) every read goes to the PBX.
 */
import type { AgentQueues } from '../../api/schemas';
import type { Clock } from '../../shared/clock';
import type { QueuesClient } from './queueReading';

type MembershipClient = Pick<QueuesClient, 'agentQueues'>;

interface Listing {
  client: MembershipClient;
  /** The order the read was asked in: a later change or read makes earlier answers stale. */
  sequence: number;
  at: number;
  agents: Promise<readonly AgentQueues[]>;
}

export class SharedMembership {
  private sequence = 0;
  /** Reads asked before this sequence number may predate a change: never served again. */
  private validFrom = 0;
  private latest: Listing | undefined;

  constructor(private readonly deps: { clock: Clock; maxAgeMs: number }) {}

  read(client: MembershipClient, options: { fresh: boolean }): Promise<readonly AgentQueues[]> {
    const { latest } = this;
    const reusable =
      !options.fresh &&
      latest !== undefined &&
      latest.client === client &&
      latest.sequence >= this.validFrom &&
      this.deps.clock.now() - latest.at < this.deps.maxAgeMs;
    if (reusable) return latest.agents;
    const listing: Listing = {
      client,
      sequence: ++this.sequence,
      at: this.deps.clock.now(),
      agents: client.agentQueues.get(),
    };
    this.latest = listing;
    // A failed read is not served to anyone else.
    listing.agents.catch(() => {
      if (this.latest === listing) this.latest = undefined;
    });
    return listing.agents;
  }

  /** Someone's membership changed (POST /queues/agents): every read from now on asks the PBX again. */
  changed(): void {
    this.validFrom = this.sequence + 1;
  }
}
