/**
 * The demo's automatic inbound calls: now and then (every `ringEverySeconds` on average, ±30 %) a caller
 * rings the demo agent, directly or through one of the agent's active inbound queues it is not paused in,
 * unless the agent is on a call.
 */
import type { SimClock, TimerId } from '../clock';
import type { Random } from '../random';
import type { CallRegistry } from './callRegistry';
import { inboundQueuesOf, type CallDirectory, type CallPhone } from './directory';
import type { CallEngineOptions } from './options';

export interface AutomaticCallsDependencies {
  clock: SimClock;
  random: Random;
  directory: CallDirectory;
  calls: CallRegistry;
  options: Pick<CallEngineOptions, 'ringEverySeconds'>;
  /** Starts an inbound call to the phone, through the queue when one is given. */
  ring: (phone: CallPhone, queueId: number | undefined) => void;
}

export class AutomaticCalls {
  private timer: TimerId | null = null;

  constructor(private readonly dependencies: AutomaticCallsDependencies) {}

  /** Schedules the first call; 0 seconds between calls turns them off. */
  start(): void {
    const { clock, random, options } = this.dependencies;
    const every = options.ringEverySeconds;
    if (every <= 0) return;
    const delayMs = every * 1000 * (0.7 + 0.6 * random.next());
    this.timer = clock.setTimer(delayMs, () => {
      this.timer = null;
      this.ringAgent();
      this.start();
    });
  }

  stop(): void {
    this.dependencies.clock.cancel(this.timer);
    this.timer = null;
  }

  private ringAgent(): void {
    const { random, directory, calls } = this.dependencies;
    const phone = directory.agentPhone();
    if (calls.callsOn(phone).length > 0) return; // the demo agent is busy: no pile-up of calls
    // Only queues the agent serves now: a paused agent gets no queue calls.
    const agentId = phone.user?.id;
    const queues = inboundQueuesOf(directory, phone).filter(
      (queue) => agentId === undefined || directory.acceptsQueueCalls?.(agentId, queue.id) !== false,
    );
    const queue = queues.length > 0 && random.chance(0.6) ? random.pick(queues) : undefined;
    this.dependencies.ring(phone, queue?.id);
  }
}
