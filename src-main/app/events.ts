import type { EventChannel, Events } from '../shared/contract';

export type EventListener = <E extends EventChannel>(channel: E, payload: Events[E]) => void;

/** Fan-out of contract events from AppCore to whoever forwards them (the IPC binding, the e2e bridge). */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventChannel>(channel: E, payload: Events[E]): void {
    for (const listener of this.listeners) listener(channel, payload);
  }
}
