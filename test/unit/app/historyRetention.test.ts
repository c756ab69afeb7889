/** The retention period's schedule: at start, then once a day; "until cleared" removes nothing. */
import { describe, expect, it, vi } from 'vitest';
import { DAY_MS, HistoryRetention } from '../../../src-main/app/privacy/historyRetention';
import type { Timers } from '../../../src-main/calls';
import { spyLogger } from '../calls/fixtures';

const START = Date.UTC(2026, 10, 1, 8);

function retentionWith(days: number | null) {
  let now = START;
  const pending: { callback: () => void; ms: number }[] = [];
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const timer = { callback, ms };
      pending.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const index = pending.indexOf(handle as (typeof pending)[number]);
      if (index >= 0) pending.splice(index, 1);
    },
  };
  const purged: number[] = [];
  const onPurged = vi.fn();
  const settings = { days };
  const retention = new HistoryRetention({
    retentionDays: () => settings.days,
    purgeOlderThan: (before) => {
      purged.push(before);
      return 3;
    },
    onPurged,
    clock: { now: () => now },
    logger: spyLogger(),
    timers,
  });
  const nextDay = () => {
    const timer = pending.shift()!;
    expect(timer.ms).toBe(DAY_MS);
    now += timer.ms;
    timer.callback();
  };
  return { retention, purged, onPurged, settings, nextDay, pending };
}

describe('HistoryRetention', () => {
  it('removes what is older than the period at start and then every day', () => {
    const { retention, purged, onPurged, nextDay, pending } = retentionWith(90);
    retention.start();
    expect(purged).toEqual([START - 90 * DAY_MS]);
    expect(onPurged).toHaveBeenCalledWith(3);

    nextDay();
    nextDay();
    expect(purged).toEqual([START - 90 * DAY_MS, START - 89 * DAY_MS, START - 88 * DAY_MS]);
    expect(pending).toHaveLength(1);

    retention.dispose();
    expect(pending).toEqual([]);
  });

  it('keeps everything while the period is "until I clear it"', () => {
    const { retention, purged, settings } = retentionWith(null);
    retention.start();
    expect(purged).toEqual([]);
    settings.days = 7;
    retention.apply();
    expect(purged).toEqual([START - 7 * DAY_MS]);
  });

  it('a purge that fails is logged and tried again the next day; the app goes on', () => {
    const logger = spyLogger();
    const scheduled: number[] = [];
    const failing = new HistoryRetention({
      retentionDays: () => 30,
      purgeOlderThan: () => {
        throw new Error('SQLITE_FULL');
      },
      onPurged: vi.fn(),
      clock: { now: () => START },
      logger,
      timers: { setTimeout: (_, ms) => scheduled.push(ms), clearTimeout: () => undefined },
    });
    expect(() => failing.start()).not.toThrow();
    expect(logger.warn).toHaveBeenCalledWith(
      'history: the retention period could not be applied',
      expect.any(Error),
    );
    expect(scheduled).toEqual([DAY_MS]);
  });
});
