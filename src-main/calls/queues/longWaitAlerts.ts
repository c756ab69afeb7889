/** Which long waits to alert now: a queue's alert repeats at most once every `repeatMs`. */
import type { QueueLongWait } from '../../shared/contract';

export class LongWaitAlerts {
  private readonly lastAlertAt = new Map<number, number>();

  constructor(private readonly repeatMs: number) {}

  /** The waits of a reading taken at `at` that are due an alert; those are marked alerted. */
  due(waits: readonly QueueLongWait[], at: number): QueueLongWait[] {
    const due: QueueLongWait[] = [];
    for (const wait of waits) {
      const last = this.lastAlertAt.get(wait.queueId);
      if (last !== undefined && at - last < this.repeatMs) continue;
      this.lastAlertAt.set(wait.queueId, at);
      due.push(wait);
    }
    return due;
  }

  clear(): void {
    this.lastAlertAt.clear();
  }
}
