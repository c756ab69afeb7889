import type { ConnectionState } from '../../../src-main/shared/contract';
import { describeError, invoke, subscribe } from '../ringside';

/** The PBX connection as the main process reports it: asked for once, then followed through events. */
export class ConnectionTracker {
  current = $state<ConnectionState | null>(null);
  /** Why the state could not be read, when it could not. */
  error = $state<string | null>(null);

  /** Starts following; returns the function that stops. */
  start(): () => void {
    let stopped = false;
    let heardEvent = false;
    // Subscribe before asking, so a change between the answer and the subscription is not lost.
    const unsubscribe = subscribe('connection:state', (state) => {
      heardEvent = true;
      this.current = state;
      this.error = null;
    });
    invoke('connection:get').then(
      (state) => {
        // An event that arrived meanwhile is newer than this answer.
        if (!stopped && !heardEvent) this.current = state;
      },
      (error: unknown) => {
        if (!stopped && !heardEvent) this.error = describeError(error);
      },
    );
    return () => {
      stopped = true;
      unsubscribe();
    };
  }
}
