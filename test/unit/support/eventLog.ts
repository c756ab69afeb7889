import { vi } from 'vitest';
import type { EventListener } from '../../../src-main/app/eventHub';
import type { EventChannel, Events } from '../../../src-main/shared/contract';

/** Records the contract events an AppCore emits, for tests that drive it against a real demo PBX. */
export class EventLog {
  private entries: { channel: EventChannel; payload: unknown }[] = [];

  /** Pass to `core.subscribe`. */
  readonly listener: EventListener = (channel, payload) => {
    this.entries.push({ channel, payload });
  };

  /** The payloads of `channel` so far, oldest first. */
  of<E extends EventChannel>(channel: E): Events[E][] {
    return this.entries
      .filter((event) => event.channel === channel)
      .map((event) => event.payload as Events[E]);
  }

  clear(): void {
    this.entries = [];
  }

  /** The first event of `channel` that satisfies `test`, once it has arrived. */
  waitFor<E extends EventChannel>(channel: E, test: (payload: Events[E]) => boolean): Promise<Events[E]> {
    return vi.waitFor(
      () => {
        const found = this.of(channel).find(test);
        if (found === undefined) throw new Error(`no matching ${channel} yet`);
        return found;
      },
      { timeout: 8000, interval: 25 },
    );
  }
}
