/**
 * The demo PBX's clock: real time plus an offset that `advance` moves, and timers that fire in time order.
 * In `real` mode one unref'd Node timer drives the earliest pending timer (the process can still exit); in
 * `manual` mode time stands still until `advance`, so tests are fully deterministic.
 */
import type { Clock } from '../shared/clock';

export type TimerId = number;

export interface SimClock extends Clock {
  /** Epoch milliseconds: the base time plus every `advance` so far. */
  now(): number;
  /** Moves time forward, firing every timer that falls due, in order, each at its own due time. */
  advance(seconds: number): void;
  /** Runs `fn` once `delayMs` from now. */
  setTimer(delayMs: number, fn: () => void): TimerId;
  /** Runs `fn` once the clock reaches `atMs` (at once on the next tick if that is already past). */
  setTimerAt(atMs: number, fn: () => void): TimerId;
  cancel(id: TimerId | null | undefined): void;
  /** Drops every pending timer and the real timer behind them. */
  dispose(): void;
}

export interface SimClockOptions {
  /** `real` (default): time flows and real timers fire; `manual`: time moves only by `advance`. */
  mode?: 'real' | 'manual';
  /** Manual mode's starting time (epoch ms); defaults to the real time at creation. */
  startMs?: number;
}

interface PendingTimer {
  id: TimerId;
  dueMs: number;
  fn: () => void;
}

export function createSimClock(options: SimClockOptions = {}): SimClock {
  const mode = options.mode ?? 'real';
  const manualBase = options.startMs ?? Date.now();
  const base = mode === 'real' ? () => Date.now() : () => manualBase;
  let offsetMs = 0;
  let nextId = 1;
  let pending: PendingTimer[] = [];
  let realTimer: ReturnType<typeof setTimeout> | null = null;
  let firing = false;

  const now = () => base() + offsetMs;

  /** The earliest timer first; equal due times in creation order. */
  const earliest = (): PendingTimer | undefined =>
    pending.reduce<PendingTimer | undefined>(
      (best, timer) =>
        !best || timer.dueMs < best.dueMs || (timer.dueMs === best.dueMs && timer.id < best.id)
          ? timer
          : best,
      undefined,
    );

  function fireDue(untilMs: number, stepTime: boolean): void {
    firing = true;
    try {
      for (let timer = earliest(); timer && timer.dueMs <= untilMs; timer = earliest()) {
        pending = pending.filter((other) => other !== timer);
        // While advancing, each callback sees the clock at its own due time, not at the end of the jump.
        if (stepTime && timer.dueMs > now()) offsetMs = timer.dueMs - base();
        timer.fn();
      }
    } finally {
      firing = false;
    }
  }

  function scheduleReal(): void {
    if (mode !== 'real') return;
    if (realTimer) clearTimeout(realTimer);
    realTimer = null;
    const next = earliest();
    if (!next) return;
    // Node timers overflow above 2^31-1 ms; a far timer is simply re-armed when this one fires.
    const delay = Math.min(Math.max(0, next.dueMs - now()), 2_147_483_647);
    realTimer = setTimeout(() => {
      realTimer = null;
      fireDue(now(), false);
      scheduleReal();
    }, delay);
    realTimer.unref();
  }

  function setTimerAt(atMs: number, fn: () => void): TimerId {
    if (!Number.isFinite(atMs)) throw new RangeError('timer time must be a finite number of milliseconds');
    const id = nextId++;
    pending.push({ id, dueMs: atMs, fn });
    if (!firing) scheduleReal();
    return id;
  }

  return {
    now,
    advance(seconds: number) {
      if (!Number.isFinite(seconds) || seconds < 0) {
        throw new RangeError('advance needs a finite, non-negative number of seconds');
      }
      const targetMs = now() + seconds * 1000;
      fireDue(targetMs, true);
      offsetMs = targetMs - base();
      scheduleReal();
    },
    setTimer: (delayMs, fn) => setTimerAt(now() + Math.max(0, delayMs), fn),
    setTimerAt,
    cancel(id) {
      if (id == null) return;
      pending = pending.filter((timer) => timer.id !== id);
      if (!firing) scheduleReal();
    },
    dispose() {
      pending = [];
      if (realTimer) clearTimeout(realTimer);
      realTimer = null;
    },
  };
}
