import { afterEach, describe, expect, it } from 'vitest';
import { createSimClock, type SimClock } from '../../../src-main/demo-pbx/clock';

const START = Date.UTC(2025, 0, 1);

describe('SimClock (manual mode)', () => {
  it('stands still until advanced, then moves by exactly the seconds given', () => {
    const clock = createSimClock({ mode: 'manual', startMs: START });
    expect(clock.now()).toBe(START);
    clock.advance(2.5);
    expect(clock.now()).toBe(START + 2500);
  });

  it('fires due timers in time order, each seeing its own due time, and leaves later ones pending', () => {
    const clock = createSimClock({ mode: 'manual', startMs: START });
    const fired: string[] = [];
    clock.setTimer(3000, () => fired.push(`b@${clock.now() - START}`));
    clock.setTimerAt(START + 1000, () => fired.push(`a@${clock.now() - START}`));
    clock.setTimer(10_000, () => fired.push('late'));
    clock.advance(5);
    expect(fired).toEqual(['a@1000', 'b@3000']);
    expect(clock.now()).toBe(START + 5000);
    clock.advance(5);
    expect(fired).toEqual(['a@1000', 'b@3000', 'late']);
  });

  it('fires timers of equal due time in the order they were set', () => {
    const clock = createSimClock({ mode: 'manual', startMs: START });
    const fired: number[] = [];
    for (const n of [1, 2, 3]) clock.setTimer(1000, () => fired.push(n));
    clock.advance(1);
    expect(fired).toEqual([1, 2, 3]);
  });

  it('runs timers set by a firing timer when they fall within the same advance', () => {
    const clock = createSimClock({ mode: 'manual', startMs: START });
    const fired: number[] = [];
    clock.setTimer(1000, () => clock.setTimer(1000, () => fired.push(clock.now() - START)));
    clock.advance(3);
    expect(fired).toEqual([2000]);
  });

  it('does not fire cancelled timers; cancelling nothing is harmless', () => {
    const clock = createSimClock({ mode: 'manual', startMs: START });
    let fired = false;
    const id = clock.setTimer(1000, () => (fired = true));
    clock.cancel(id);
    clock.cancel(null);
    clock.advance(2);
    expect(fired).toBe(false);
  });

  it('refuses to go backwards or by a non-number', () => {
    const clock = createSimClock({ mode: 'manual', startMs: START });
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(clock.now()).toBe(START);
  });
});

describe('SimClock (real mode)', () => {
  let clock: SimClock | undefined;
  afterEach(() => clock?.dispose());

  it('follows real time plus the offset that advance adds', () => {
    clock = createSimClock();
    const before = Date.now();
    clock.advance(3600);
    expect(clock.now()).toBeGreaterThanOrEqual(before + 3_600_000);
  });

  it('fires timers from a real timer', async () => {
    clock = createSimClock();
    const fired = await new Promise<boolean>((resolve) => clock!.setTimer(5, () => resolve(true)));
    expect(fired).toBe(true);
  });

  it('fires a timer at once when advance jumps past it', () => {
    clock = createSimClock();
    let fired = false;
    clock.setTimer(60_000, () => (fired = true));
    clock.advance(61);
    expect(fired).toBe(true);
  });
});
