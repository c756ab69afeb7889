/**
 * A value the main process keeps and announces: read once, then followed through its event. Every store
 * that shows such a value (the connection, the ongoing calls, the directory sync, the missed-calls badge,
 * the settings, the pending wrap-up saves) follows it through this class, so each gets the same care:
 *
 * - it subscribes first and reads second, so a change between the two is not missed;
 * - a read that answers after a newer value arrived is older than that value, and is dropped;
 * - after `stop`, nothing changes any more and the subscription is gone;
 * - a failed read is kept as `error` (worded by describeError) for the screen to show, until a value comes.
 */
import { describeError, type ErrorDescription } from '../errors';

export interface FollowedSource<T> {
  /** The value now (a command). */
  read: () => Promise<T>;
  /** Calls `update` with each newer value (an event); returns the function that unsubscribes. */
  follow: (update: (value: T) => void) => () => void;
}

export class Followed<T> {
  /** Null until the first value arrives. */
  value = $state.raw<T | null>(null);
  /** Why the value could not be read, while no value has come since. */
  error = $state.raw<ErrorDescription | null>(null);

  readonly #source: FollowedSource<T>;
  readonly #onValue: (value: T, previous: T | null) => void;
  /** The running `start` (its token); null once stopped. */
  #following: object | null = null;
  /** Goes up with every new value: a read asked before it answers with something older. */
  #version = 0;

  /** `onValue` runs after each new value, given the one before it (e.g. to refresh what depends on it). */
  constructor(source: FollowedSource<T>, onValue: (value: T, previous: T | null) => void = () => {}) {
    this.#source = source;
    this.#onValue = onValue;
  }

  /** Subscribes, then reads; returns the function that stops. */
  start(): () => void {
    const following = {};
    this.#following = following;
    const unsubscribe = this.#source.follow((value) => {
      if (this.#following === following) this.update(value);
    });
    void this.refresh();
    return () => {
      if (this.#following === following) this.#following = null;
      unsubscribe();
    };
  }

  /** Reads the value again (an event said it changed in a way it does not carry); ignored once stopped. */
  async refresh(): Promise<void> {
    const following = this.#following;
    if (following === null) return;
    const version = this.#version;
    const current = () => this.#following === following && this.#version === version;
    try {
      const value = await this.#source.read();
      if (current()) this.update(value);
    } catch (error) {
      if (current()) this.error = describeError(error);
    }
  }

  /** A newer value: from the event, a read, or a command that answers with it. */
  update(value: T): void {
    const previous = this.value;
    this.#version++;
    this.value = value;
    this.error = null;
    this.#onValue(value, previous);
  }
}
