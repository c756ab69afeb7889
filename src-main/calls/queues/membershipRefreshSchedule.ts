/** The membership's next read: one timer at a time, every `everyMs` ± `jitter` of it so agents spread out. */
import type { Timers } from '../timers';

export class MembershipRefreshSchedule {
  private timer: unknown;

  constructor(
    private readonly timers: Timers,
    private readonly random: () => number,
    private readonly everyMs: number,
    private readonly jitter: number,
  ) {}

  /** Replaces any pending read with `read`, due after one jittered interval. */
  schedule(read: () => void): void {
    this.cancel();
    const { everyMs: every, jitter } = this;
    const delay = Math.round(every * (1 - jitter + 2 * jitter * this.random()));
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      read();
    }, delay);
  }

  cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
