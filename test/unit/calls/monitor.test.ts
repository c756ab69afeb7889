import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, ServerError, Timeout } from '../../../src-main/api/errors';
import type { CallEvent } from '../../../src-main/calls/monitor/diffCalls';
import {
  CallMonitor,
  DEFAULT_MONITOR_POLICY,
  backoffDelayMs,
  type MonitorHealth,
  type MonitorPolicy,
} from '../../../src-main/calls/monitor/callMonitor';
import type { AgentPhone } from '../../../src-main/calls/monitor/observedCall';
import { AGENT, ScriptedCallSource, callItem, globalTimers, spyLogger } from './fixtures';

const agent: AgentPhone = { selector: { identifier: AGENT.identifier }, username: AGENT.username };

interface Harness {
  monitor: CallMonitor;
  source: ScriptedCallSource;
  events: CallEvent[];
  health: MonitorHealth[];
}

const monitors: CallMonitor[] = [];

function startMonitor(
  source: ScriptedCallSource,
  options: { random?: () => number; policy?: Partial<MonitorPolicy>; agent?: AgentPhone } = {},
): Harness {
  const events: CallEvent[] = [];
  const health: MonitorHealth[] = [];
  const monitor = new CallMonitor({
    source,
    agent: options.agent ?? agent,
    host: 'pbx.example.com',
    clock: { now: () => Date.now() },
    logger: spyLogger(),
    timers: globalTimers,
    random: options.random ?? (() => 0.5),
    policy: options.policy,
    onSnapshot: (snapshot) => events.push(...snapshot.events),
    onHealth: (report) => health.push(report),
  });
  monitors.push(monitor);
  monitor.start();
  return { monitor, source, events, health };
}

/** Lets the first poll (started synchronously) and its promise chain settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const eventTypes = (events: CallEvent[]) => events.map((event) => `${event.type} ${event.call.uniqueid}`);
const gaps = (source: ScriptedCallSource) =>
  source.requests.slice(1).map((request, index) => request.at - source.requests[index]!.at);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 10, 9, 0) });
});

afterEach(() => {
  while (monitors.length > 0) monitors.pop()!.stop();
  vi.useRealTimers();
});

describe('CallMonitor: events from successive polls', () => {
  it('follows an inbound call: ringing, connected, held, resumed, ended', async () => {
    const id = '1700000000.1';
    const source = new ScriptedCallSource([
      [],
      [callItem({ uniqueid: id, state: 'ringing' })],
      [callItem({ uniqueid: id, state: 'connected' })],
      [callItem({ uniqueid: id, state: 'held' })],
      [callItem({ uniqueid: id, state: 'connected' })],
      [],
    ]);
    const { events } = startMonitor(source);
    await vi.advanceTimersByTimeAsync(6000);
    expect(eventTypes(events)).toEqual([
      `inbound-ringing ${id}`,
      `connected ${id}`,
      `held ${id}`,
      `resumed ${id}`,
      `ended ${id}`,
    ]);
    expect(events.map((event) => event.call.direction)).toEqual(Array(5).fill('inbound'));
    expect(events[0]!.call.remote).toEqual({
      number: '+420777123456',
      lookupNumber: '+420777123456',
      pbxName: '',
    });
  });

  it('follows a click-to-dial: one outbound-dialling for ringing then dialling, connected, ended', async () => {
    const id = '1700000000.2';
    const source = new ScriptedCallSource([
      [callItem({ uniqueid: id, state: 'ringing', direction: 'outbound', extra: { caller_ringing: true } })],
      [callItem({ uniqueid: id, state: 'dialing', direction: 'outbound' })],
      [callItem({ uniqueid: id, state: 'connected', direction: 'outbound' })],
      [callItem({ uniqueid: id, state: 'ended', direction: 'outbound' })],
      [],
    ]);
    const { events } = startMonitor(source);
    await vi.advanceTimersByTimeAsync(5000);
    expect(eventTypes(events)).toEqual([`outbound-dialling ${id}`, `connected ${id}`, `ended ${id}`]);
    expect(events[0]!.call.remote.number).toBe('+420777123456');
  });

  it('pops no card for a queued call until it rings, and only once when it rings again', async () => {
    const id = '1700000000.3';
    const source = new ScriptedCallSource([
      [callItem({ uniqueid: id, state: 'queued', queueId: 2 })],
      [callItem({ uniqueid: id, state: 'ringing', queueId: 2 })],
      [callItem({ uniqueid: id, state: 'connected', queueId: 2 })],
      [callItem({ uniqueid: id, state: 'ringing', queueId: 2 })],
    ]);
    const { events, monitor } = startMonitor(source);
    await vi.advanceTimersByTimeAsync(4000);
    expect(eventTypes(events)).toEqual([`inbound-ringing ${id}`, `connected ${id}`]);
    expect(monitor.calls[0]!.queue).toEqual({ id: 2, name: 'Support' });
  });

  it('keeps a call with an unknown state code as "unknown (9)" without an event or a crash', async () => {
    const source = new ScriptedCallSource([[callItem({ uniqueid: '1700000000.4', state: 9 })]]);
    const { events, monitor } = startMonitor(source);
    await settle();
    expect(events).toEqual([]);
    expect(monitor.calls.map((call) => [call.state, call.stateName])).toEqual([['unknown', 'unknown (9)']]);
  });

  it('reports several calls independently and a call seen first in the middle of its life', async () => {
    const source = new ScriptedCallSource([
      [callItem({ uniqueid: '1.1', state: 'connected' })],
      [
        callItem({ uniqueid: '1.1', state: 'held' }),
        callItem({ uniqueid: '1.2', state: 'ringing', number: '+420601000000' }),
      ],
      [
        callItem({ uniqueid: '1.2', state: 'connected', number: '+420601000000' }),
        callItem({ uniqueid: '1.1', state: 'held' }),
      ],
    ]);
    const { events } = startMonitor(source);
    await vi.advanceTimersByTimeAsync(3000);
    expect(eventTypes(events)).toEqual(['connected 1.1', 'held 1.1', 'inbound-ringing 1.2', 'connected 1.2']);
  });

  it('converts the PBX times to the local clock through the item’s `now`', async () => {
    const localNow = Date.now();
    const source = new ScriptedCallSource([
      [callItem({ uniqueid: '1.5', state: 'connected', created: 1000, connected: 1030, now: 1090 })],
    ]);
    const { monitor } = startMonitor(source);
    await settle();
    expect(monitor.calls[0]).toMatchObject({ createdAt: localNow - 90_000, connectedAt: localNow - 60_000 });
  });
});

describe('CallMonitor: direction relative to the agent’s phone', () => {
  const outboundByItself = { caller_channel: 'SIP/x-1', caller_username: null, caller_extension: '555' };

  it.each([
    ['the identifier in the caller channel', { identifier: AGENT.identifier }, undefined, {}],
    ['the extension', { extension: AGENT.extension }, undefined, { caller_channel: 'SIP/other-1' }],
    ['the agent user name', { identifier: 'not-in-channel' }, AGENT.username, {}],
    [
      'caller_ringing (click-to-dial rings the own phone first)',
      { identifier: 'zzz' },
      undefined,
      { ...outboundByItself, caller_ringing: true },
    ],
    [
      'autoanswer of the agent’s leg',
      { identifier: 'zzz' },
      undefined,
      { ...outboundByItself, autoanswer: true },
    ],
  ] as const)('reads a call as outbound by %s', async (_name, selector, username, extra) => {
    const source = new ScriptedCallSource([
      [
        callItem({
          uniqueid: '2.1',
          state: 'dialing',
          direction: 'outbound',
          number: '+442079460958',
          extra,
        }),
      ],
    ]);
    const { monitor } = startMonitor(source, { agent: { selector, ...(username ? { username } : {}) } });
    await settle();
    expect(monitor.calls[0]).toMatchObject({ direction: 'outbound', remote: { number: '+442079460958' } });
  });

  it('reads a call from another party as inbound, also from a colleague’s extension', async () => {
    const fromColleague = callItem({
      uniqueid: '2.2',
      state: 'ringing',
      number: '202',
      extra: { caller_channel: 'PJSIP/colleague-1', caller_extension: '202', caller_username: 'colleague' },
    });
    const { monitor } = startMonitor(new ScriptedCallSource([[fromColleague]]), {
      agent: { selector: { extension: AGENT.extension }, username: AGENT.username },
    });
    await settle();
    expect(monitor.calls[0]).toMatchObject({ direction: 'inbound', remote: { number: '202' } });
  });
});

describe('CallMonitor: timing', () => {
  it('polls once per interval with ±10 % jitter, each poll after the previous one finished', async () => {
    let turn = 0;
    const randoms = [0, 1, 0.5];
    const source = new ScriptedCallSource([[]]);
    startMonitor(source, { random: () => randoms[turn++ % 3]! });
    await vi.advanceTimersByTimeAsync(3500);
    expect(gaps(source)).toEqual([900, 1100, 1000]);
  });

  it('never overlaps: a slow answer delays the next poll', async () => {
    const source = new ScriptedCallSource([[]]);
    source.delayMs = 700; // below the 800 ms deadline
    startMonitor(source);
    await vi.advanceTimersByTimeAsync(1000);
    expect(source.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(source.maxInFlight).toBe(1);
    expect(new Set(gaps(source))).toEqual(new Set([1700]));
  });

  it('gives each poll a deadline below the interval and treats a hung poll as a timeout', async () => {
    const source = new ScriptedCallSource(['hang']);
    const { health } = startMonitor(source);
    expect(source.requests[0]!.timeoutMs).toBe(800);
    await vi.advanceTimersByTimeAsync(799);
    expect(health).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(health).toHaveLength(1);
    const failing = health[0]!;
    expect(failing.status).toBe('failing');
    if (failing.status !== 'failing') return;
    expect(failing.error).toBeInstanceOf(Timeout);
    expect(failing.message).toMatch(/did not answer the request within 0.8 s/);
  });

  it('keeps the deadline at 200 ms or more, and below the interval for every interval allowed', () => {
    const deadline = (intervalMs: number) =>
      Math.max(DEFAULT_MONITOR_POLICY.minTimeoutMs, intervalMs * DEFAULT_MONITOR_POLICY.timeoutRatio);
    for (const intervalMs of [250, 1000, 10_000]) {
      expect(deadline(intervalMs)).toBeGreaterThanOrEqual(200);
      expect(deadline(intervalMs)).toBeLessThan(intervalMs * (1 - DEFAULT_MONITOR_POLICY.jitter));
    }
  });
});

describe('CallMonitor: failures, backoff and recovery', () => {
  const offline = new NetworkError('refused', 'pbx.example.com');

  it('backs off exponentially from twice the interval, capped at 30 s', async () => {
    const source = new ScriptedCallSource([offline]);
    const { health } = startMonitor(source, { random: () => 1 });
    await vi.advanceTimersByTimeAsync(200_000);
    expect(gaps(source).slice(0, 7)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(health.slice(0, 3)).toMatchObject([
      { status: 'failing', failures: 1, retryInMs: 2000 },
      { status: 'failing', failures: 2, retryInMs: 4000 },
      { status: 'failing', failures: 3, retryInMs: 8000 },
    ]);
  });

  it("waits out the PBX's Retry-After of a 429 or 503 when longer than the backoff, capped at a minute", async () => {
    const context = { method: 'GET', path: '/call', status: 429 };
    const source = new ScriptedCallSource([
      ServerError.rateLimited(context, undefined, 5000),
      ServerError.failure({ ...context, status: 503 }, undefined, 7000),
      ServerError.rateLimited(context, undefined, 3_600_000),
      [],
    ]);
    const { health } = startMonitor(source, { random: () => 1 });
    await vi.advanceTimersByTimeAsync(5000 + 7000 + 60_000 + 10);
    // Not 2 s and 4 s apart (the backoff): as long as the PBX asked, and never past a minute.
    expect(gaps(source).slice(0, 3)).toEqual([5000, 7000, 60_000]);
    expect(health.slice(0, 3)).toMatchObject([
      { retryInMs: 5000 },
      { retryInMs: 7000 },
      { retryInMs: 60_000 },
    ]);
  });

  it('jitters the backoff downwards by up to 20 % and never above the cap', () => {
    const policy = DEFAULT_MONITOR_POLICY;
    expect(backoffDelayMs(policy, 1, () => 0)).toBe(1600);
    expect(backoffDelayMs(policy, 20, () => 0)).toBe(24_000);
    for (let failures = 1; failures < 40; failures++) {
      expect(backoffDelayMs(policy, failures, () => 0.999)).toBeLessThanOrEqual(30_000);
    }
  });

  it('recovers by itself: reports ok once and polls at the interval again', async () => {
    const source = new ScriptedCallSource([
      offline,
      offline,
      [callItem({ uniqueid: '3.1', state: 'ringing' })],
    ]);
    const { health, events } = startMonitor(source, { random: () => 1 });
    await vi.advanceTimersByTimeAsync(6000 + 1100 * 3);
    expect(health.map((report) => report.status)).toEqual(['failing', 'failing', 'ok']);
    expect(gaps(source).slice(0, 4)).toEqual([2000, 4000, 1100, 1100]);
    expect(eventTypes(events)).toEqual(['inbound-ringing 3.1']);
  });

  it('keeps the calls it knew while the PBX does not answer', async () => {
    const source = new ScriptedCallSource([[callItem({ uniqueid: '3.2', state: 'connected' })], offline]);
    const { monitor, events } = startMonitor(source);
    await vi.advanceTimersByTimeAsync(5000);
    expect(monitor.calls.map((call) => call.uniqueid)).toEqual(['3.2']);
    expect(eventTypes(events)).toEqual(['connected 3.2']);
  });
});

describe('CallMonitor: pollNow and stop', () => {
  it('polls at once when asked, also in the middle of a backoff', async () => {
    const source = new ScriptedCallSource([
      new NetworkError('refused', 'x'),
      new NetworkError('refused', 'x'),
      [],
    ]);
    const { monitor, health } = startMonitor(source, { random: () => 1 });
    await settle();
    await vi.advanceTimersByTimeAsync(2000); // second failure: the next try would be 4 s away
    monitor.pollNow(); // the computer woke up
    await settle();
    expect(source.requests).toHaveLength(3);
    expect(health.at(-1)).toEqual({ status: 'ok' });
  });

  it('asks for one more poll right after a poll in flight instead of a second one beside it', async () => {
    const source = new ScriptedCallSource([[]]);
    source.delayMs = 500;
    const { monitor } = startMonitor(source);
    monitor.pollNow();
    monitor.pollNow();
    await vi.advanceTimersByTimeAsync(510);
    expect(source.requests).toHaveLength(2);
    expect(source.maxInFlight).toBe(1);
    await vi.advanceTimersByTimeAsync(900);
    expect(source.requests).toHaveLength(2); // then back to the interval
  });

  it('ignores the answer of a poll in flight once stopped, and polls no more', async () => {
    const source = new ScriptedCallSource([[callItem({ uniqueid: '4.1', state: 'ringing' })]]);
    source.delayMs = 300;
    const { monitor, events } = startMonitor(source);
    monitor.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(events).toEqual([]);
    expect(source.requests).toHaveLength(1);
    expect(monitor.calls).toEqual([]);
  });
});

// The cadence: fast (250 ms) while a queue call is likely, the configured interval otherwise; going fast brings
// the next poll forward, a backoff after failures is left alone.
describe('CallMonitor.setCadence', () => {
  it('polls at the configured interval, at 250 ms while fast, and back again', async () => {
    const source = new ScriptedCallSource([[]]);
    const { monitor } = startMonitor(source);
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
    const { monitor } = startMonitor(source);
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
    const { monitor } = startMonitor(source, { policy: { intervalMs: 250, fastIntervalMs: 500 } });
    monitor.setCadence('fast');
    await vi.advanceTimersByTimeAsync(1000);
    expect(new Set(gaps(source))).toEqual(new Set([250]));
  });

  it('leaves a backoff after failures as it is', async () => {
    const source = new ScriptedCallSource([new Error('down')]);
    const { monitor } = startMonitor(source);
    await vi.advanceTimersByTimeAsync(0);
    expect(source.requests).toHaveLength(1);
    monitor.setCadence('fast');
    await vi.advanceTimersByTimeAsync(1000);
    // The first backoff is twice the interval (jittered down by at most 20 %): no poll within a second.
    expect(source.requests).toHaveLength(1);
  });
});
