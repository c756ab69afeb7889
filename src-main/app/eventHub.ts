import type { EventChannel, Events } from '../shared/contract';
import type { Logger } from '../shared/logger';

export type EventListener = <E extends EventChannel>(channel: E, payload: Events[E]) => void;

/** Fan-out of contract events from AppCore to whoever forwards them (the IPC binding, the e2e bridge). */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly logger?: Logger) {}

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Every listener hears every event: one that throws (a full disk under the history recorder, a closed
   * window) is logged and must not stop the others, nor make the emitter's own work look failed.
   */
  emit<E extends EventChannel>(channel: E, payload: Events[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(channel, payload);
      } catch (error) {
        this.logger?.error(`a listener of ${channel} failed`, error);
      }
    }
  }
}
