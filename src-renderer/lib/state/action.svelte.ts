/**
 * A request the agent starts with a button (Save, Test connection, Dial): whether it is on its way, what it
 * answered last, and why it failed (worded by describeError). A second start while one is on its way does
 * nothing, so a double click sends one request.
 */
import { describeError, type ErrorDescription } from '../errors';

export class Action<T> {
  running = $state(false);
  result = $state.raw<T | null>(null);
  error = $state.raw<ErrorDescription | null>(null);

  /**
   * Runs `request`; resolves to its answer, or null when it failed (see `error`) or one was on its way.
   * `keepResult` leaves the last answer on screen while the new one is asked (a list being reloaded).
   */
  async run(request: () => Promise<T>, { keepResult = false } = {}): Promise<T | null> {
    if (this.running) return null;
    this.running = true;
    this.error = null;
    if (!keepResult) this.result = null;
    try {
      const result = await request();
      this.result = result;
      return result;
    } catch (error) {
      this.result = null;
      this.error = describeError(error);
      return null;
    } finally {
      this.running = false;
    }
  }

  /** Forgets the last answer and failure (the input they were about changed). */
  reset(): void {
    this.result = null;
    this.error = null;
  }
}
