/**
 * The call monitor's cadence: fast (250 ms) while a queue call is likely, the configured interval
 * otherwise; going fast brings the next poll forward, a backoff after failures is left alone, and the
 * calls service keeps the cadence across a restarted monitor.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallMonitor, type MonitorPolicy } from '../../../src-main/calls/monitor/callMonitor';
import { AGENT, ScriptedCallSource, globalTimers, spyLogger } from '../calls/fixtures';

const monitors: CallMonitor[] = [];

function startMonitor(source: ScriptedCallSource, policy: Partial<MonitorPolicy> = {}): CallMonitor {
  const monitor = new CallMonitor({
    source,
    agent: { selector: { identifier: AGENT.identifier }, username: AGENT.username },
    host: 'pbx.example.com',
    clock: { now: () => Date.now() },
    logger: spyLogger(),
    timers: globalTimers,
    random: () => 0.5,
    policy: { intervalMs: 1000, ...policy },
    onSnapshot: () => {},
  });
  monitors.push(monitor);
  monitor.start();
  return monitor;
}

const gaps = (source: ScriptedCallSource) =>
  source.requests.slice(1).map((request, index) => request.at - source.requests[index]!.at);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 10, 9, 0) });
});

afterEach(() => {
  while (monitors.length > 0) monitors.pop()!.stop();
  vi.useRealTimers();
});

describe('CallMonitor.setCadence', () => {
  it('polls at the configured interval, at 250 ms while fast, and back again', async () => {
    const source = new ScriptedCallSource([[]]);
    const monitor = startMonitor(source);
    await vi.advanceTimersByTimeAsync(3000);
    expect(gaps(source)).toEqual([1000, 1000, 1000]);
    expect(monitor.cadence).toBe('normal');

    monitor.setCadence('fast');
    const before = source.requests.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(source.requests.length - before).toBe(4);
    expect(gaps(source).slice(-3)).toEqual([250, 250, 250]);
    // The fast poll's deadline is below the fast interval too.
    expect(source.requests.at(-1)?.timeoutMs).toBe(200);

    monitor.setCadence('normal');
    await vi.advanceTimersByTimeAsync(3000);
    expect(gaps(source).slice(-2)).toEqual([1000, 1000]);
  });

  it('going fast brings a poll due in a second forward to within the fast interval', async () => {
    const source = new ScriptedCallSource([[]]);
    const monitor = startMonitor(source);
    await vi.advanceTimersByTimeAsync(100);
    expect(source.requests).toHaveLength(1);
    const wentFastAt = Date.now();
    monitor.setCadence('fast');
    await vi.advanceTimersByTimeAsync(250);
    expect(source.requests).toHaveLength(2);
    expect(source.requests[1]!.at - wentFastAt).toBe(250);
  });

  it('never polls faster than the configured interval when that is faster still', async () => {
    const source = new ScriptedCallSource([[]]);
    const monitor = startMonitor(source, { intervalMs: 250, fastIntervalMs: 500 });
    monitor.setCadence('fast');
    await vi.advanceTimersByTimeAsync(1000);
    expect(new Set(gaps(source))).toEqual(new Set([250]));
  });

  it('leaves a backoff after failures as it is', async () => {
    const source = new ScriptedCallSource([new Error('down')]);
    const monitor = startMonitor(source);
    await vi.advanceTimersByTimeAsync(0);
    expect(source.requests).toHaveLength(1);
    monitor.setCadence('fast');
    await vi.advanceTimersByTimeAsync(1000);
    // The first backoff is twice the interval (jittered down by at most 20 %): no poll within a second.
    expect(source.requests).toHaveLength(1);
  });
});
