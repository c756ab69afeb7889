/** Timers that fire only when the test advances them (the app's `Timers` port). */
import type { Timers } from '../../../src-main/calls';

export class ManualTimers implements Timers {
  private elapsed = 0;
  private pending: { at: number; callback: () => void }[] = [];

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { at: this.elapsed + ms, callback };
    this.pending.push(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.pending = this.pending.filter((timer) => timer !== handle);
  }

  /** Moves time on by `ms`, firing what falls due in order (timers set by those too). */
  advance(ms: number): void {
    this.elapsed += ms;
    for (;;) {
      const due = this.pending.filter((timer) => timer.at <= this.elapsed).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      this.pending = this.pending.filter((timer) => timer !== due);
      due.callback();
    }
  }
}
