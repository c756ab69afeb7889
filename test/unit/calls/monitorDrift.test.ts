/**
 * The call monitor under drift. Through the real client, a GET /call item with any field drifted (to each
 * JSON type, or left out) never stops the polling, never hides the other calls, and is logged once. And whatever still
 * throws inside a poll (reading the answer, a listener) counts as a failed poll: backoff, the health
 * reported as failing, and recovery once polls succeed again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerError } from '../../../src-main/api/errors';
import { ActiveCall } from '../../../src-main/api/schemas';
import {
  CallMonitor,
  type CallListSource,
  type MonitorHealth,
} from '../../../src-main/calls/monitor/callMonitor';
import type { CallEvent } from '../../../src-main/calls/monitor/diffCalls';
import type { AgentPhone } from '../../../src-main/calls/monitor/observedCall';
import { DRIFTED_VALUES, drifted, fieldPaths, type DriftKind } from '../api/drift/fieldMutations';
import { clientFor, fakePbx, ok } from '../api/fakePbx';
import { AGENT, ScriptedCallSource, callItem, globalTimers, spyLogger } from './fixtures';

const agent: AgentPhone = { selector: { identifier: AGENT.identifier }, username: AGENT.username };
const monitors: CallMonitor[] = [];

function startMonitor(source: CallListSource, onSnapshot = (_events: CallEvent[]) => {}) {
  const events: CallEvent[] = [];
  const health: MonitorHealth[] = [];
  const monitor = new CallMonitor({
    source,
    agent,
    host: 'pbx.example.com',
    clock: { now: () => Date.now() },
    logger: spyLogger(),
    timers: globalTimers,
    random: () => 1,
    onSnapshot: (snapshot) => {
      onSnapshot(snapshot.events);
      events.push(...snapshot.events);
    },
    onHealth: (report) => health.push(report),
  });
  monitors.push(monitor);
  monitor.start();
  return { monitor, events, health };
}

const eventTypes = (events: CallEvent[]) => events.map((event) => `${event.type} ${event.call.uniqueid}`);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 10, 9, 0) });
});

afterEach(() => {
  while (monitors.length > 0) monitors.pop()!.stop();
  vi.useRealTimers();
});

describe('CallMonitor: a throw inside a poll is a failed poll', () => {
  // Items as a client without type checks would hand them on: a number where the caller's number belongs.
  const unreadable = { ...callItem({ uniqueid: '5.1', state: 'ringing' }), caller_number: 42 } as never;

  it('backs off, reports failing, and recovers when the answers can be read again', async () => {
    const source = new ScriptedCallSource([
      [unreadable],
      [unreadable],
      [callItem({ uniqueid: '5.2', state: 'ringing' })],
    ]);
    const { health, events, monitor } = startMonitor(source);
    await vi.advanceTimersByTimeAsync(0);
    expect(health).toMatchObject([{ status: 'failing', failures: 1, retryInMs: 2000 }]);
    const failing = health[0] as Extract<MonitorHealth, { status: 'failing' }>;
    expect(failing.error).toBeInstanceOf(ServerError);
    expect(failing.message).toMatch(
      /^The PBX answered the request unexpectedly: its calls could not be handled/,
    );
    expect(failing.error).toMatchObject({ params: { method: 'GET', path: '/call' } });

    await vi.advanceTimersByTimeAsync(2000 + 4000);
    expect(source.requests).toHaveLength(3);
    expect(health.map((report) => report.status)).toEqual(['failing', 'failing', 'ok']);
    expect(eventTypes(events)).toEqual(['inbound-ringing 5.2']);
    expect(monitor.isRunning).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(source.requests.length).toBeGreaterThan(3);
  });

  it('counts a listener that throws as a failed poll, and polls on', async () => {
    const source = new ScriptedCallSource([[callItem({ uniqueid: '5.3', state: 'ringing' })]]);
    let throwing = true;
    const { health } = startMonitor(source, () => {
      if (throwing) throw new TypeError('the screen-pop failed');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(health).toMatchObject([{ status: 'failing', failures: 1 }]);
    throwing = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(health.map((report) => report.status)).toEqual(['failing', 'ok']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(source.requests.length).toBeGreaterThan(3);
  });
});

describe('CallMonitor: drift in any field of GET /call through the real client', () => {
  const drifting = callItem({ uniqueid: '1700000000.1', state: 'ringing' });
  const steady = callItem({ uniqueid: '1700000000.2', state: 'connected', number: '+420601000000' });
  const complete = ActiveCall.parse(drifting);
  const kinds = Object.keys(DRIFTED_VALUES) as DriftKind[];

  it.each(fieldPaths(ActiveCall, complete).filter(({ path }) => path.length === 1))(
    'keeps polling and keeps the other call with $field drifted',
    async ({ path }) => {
      for (const kind of kinds) {
        const pbx = fakePbx();
        const item = drifted(drifting, path, DRIFTED_VALUES[kind]);
        pbx.on('GET', '/api/v1.0/call', () => ok([item, steady]));
        const { client, lines } = clientFor(pbx);
        const { health, monitor, events } = startMonitor(client);
        await vi.advanceTimersByTimeAsync(3500);

        const label = `${String(path[0])} ← ${kind}`;
        expect(health, label).toEqual([]);
        expect(pbx.apiRequests.length, label).toBeGreaterThanOrEqual(4);
        expect(eventTypes(events), label).toContain('connected 1700000000.2');
        // Logged once for the session, not once per poll.
        const drifts = lines.filter((line) => line.includes('drifted'));
        expect(new Set(drifts).size, label).toBe(drifts.length);
        for (const call of monitor.calls) {
          expect(typeof call.remote.number, label).toBe('string');
          expect(typeof call.remote.pbxName, label).toBe('string');
        }
        monitor.stop();
      }
    },
  );
});
