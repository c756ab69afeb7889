/**
 * The readings a team server's agents share, on a scripted PBX and fake timers: one poll for every
 * subscriber with the union of their details, each handed only its own; readings asked for between polls
 * reuse a fresh one; and the membership listing, reused while recent but never across a change.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SharedMembership } from '../../../src-main/calls/queues/sharedMembership';
import {
  SharedQueueReadings,
  type QueueReadingSubscriber,
} from '../../../src-main/calls/queues/sharedQueueReadings';
import type { QueueReading } from '../../../src-main/calls/queues/queueReading';
import { silentLogger } from '../../../src-main/shared/logger';
import { counting, queueItem, ScriptedQueuesClient, type CountingClient } from './queuesFixtures';

const clock = { now: () => Date.now() };
const detail = {
  name: 'q',
  number: '6',
  agents_idle: 1,
  callers_waiting: 1,
  hold_time: 5,
  working_time: true,
  active: true,
};

let pbx: ScriptedQueuesClient;
let client: CountingClient;

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 10, 9, 0) });
  pbx = new ScriptedQueuesClient();
  pbx.list = [1, 2, 3].map((id) => queueItem({ id, name: `Q${id}`, type: 1 }));
  for (const id of [1, 2, 3]) pbx.details.set(id, { ...detail });
  pbx.membership = [
    { id: 7, queues: [{ id: 1, type: 1, priority: 1, suspended: false }] },
    { id: 8, queues: [{ id: 2, type: 1, priority: 1, suspended: false }] },
  ];
  client = counting(pbx);
});

afterEach(() => {
  vi.useRealTimers();
});

function subscriber(ids: number[]): QueueReadingSubscriber & { readings: QueueReading[] } {
  const readings: QueueReading[] = [];
  return {
    readings,
    wants: () => ({ details: () => ids, complete: false }),
    onReading: (reading) => readings.push(reading),
    onFailure: () => {},
  };
}

const count = (request: string) => client.requests.filter((made) => made === request).length;

describe('SharedQueueReadings', () => {
  it('polls once per interval for every subscriber, each detail once, each subscriber its own', async () => {
    const readings = new SharedQueueReadings({
      client: () => client,
      clock,
      logger: silentLogger,
      random: () => 0.5,
    });
    const first = subscriber([1, 2]);
    const second = subscriber([2, 3]);
    readings.subscribe(first);
    readings.subscribe(second);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(count('GET /queues')).toBe(30);
    expect(count('GET /queue/2')).toBe(30);
    expect([...first.readings.at(-1)!.details.keys()]).toEqual([1, 2]);
    expect([...second.readings.at(-1)!.details.keys()]).toEqual([2, 3]);
    readings.dispose();
  });

  it('serves a reading asked for between polls from a fresh one, reading only the details it lacks', async () => {
    const readings = new SharedQueueReadings({ client: () => client, clock, logger: silentLogger });
    readings.subscribe(subscriber([1]));
    await readings.read({ details: () => [1], complete: false });
    const board = await readings.read({ details: () => [1, 2, 3], complete: true });
    expect(client.requests).toEqual(['GET /queues', 'GET /queue/1', 'GET /queue/2', 'GET /queue/3']);
    expect(board.complete).toBe(true);
    expect(board.details.size).toBe(3);
    // Once older than `freshMs`, it is read again (and the poll moves one interval on).
    await vi.advanceTimersByTimeAsync(1_600);
    await readings.read({ details: () => [], complete: false });
    expect(count('GET /queues')).toBe(2);
    await vi.advanceTimersByTimeAsync(1_700);
    expect(count('GET /queues')).toBe(2);
    readings.dispose();
  });

  it('tells every subscriber a failed poll and polls on', async () => {
    const readings = new SharedQueueReadings({ client: () => client, clock, logger: silentLogger });
    const failures: unknown[] = [];
    for (let index = 0; index < 3; index++) {
      readings.subscribe({ ...subscriber([1]), onFailure: (error) => failures.push(error) });
    }
    pbx.queues = async () => {
      throw new Error('down');
    };
    await vi.advanceTimersByTimeAsync(4_500);
    expect(failures).toHaveLength(6);
    expect(count('GET /queues')).toBe(2);
    readings.dispose();
  });
});

describe('SharedMembership', () => {
  it('reuses a recent listing, and never one that predates a change', async () => {
    const membership = new SharedMembership({ clock, maxAgeMs: 12_000 });
    await Promise.all([membership.read(client, { fresh: false }), membership.read(client, { fresh: false })]);
    expect(count('GET /queues/agents')).toBe(1);
    await vi.advanceTimersByTimeAsync(11_000);
    await membership.read(client, { fresh: false });
    expect(count('GET /queues/agents')).toBe(1);
    // A change is built from a fresh read.
    await membership.read(client, { fresh: true });
    expect(count('GET /queues/agents')).toBe(2);
    // A read in flight when someone changes their membership serves nobody after the change.
    const before = membership.read(client, { fresh: false });
    await vi.advanceTimersByTimeAsync(13_000);
    const inFlight = membership.read(client, { fresh: false });
    membership.changed();
    pbx.membership[0]!.queues[0]!.suspended = true;
    const after = await membership.read(client, { fresh: false });
    expect(count('GET /queues/agents')).toBe(4);
    expect(after[0]!.queues[0]!.suspended).toBe(true);
    await Promise.all([before, inFlight]);
  });
});
