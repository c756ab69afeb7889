/**
 * The live statistics and the schedules, against a scripted PBX on fake timers: the membership read every
 * 15 s; `/queues` every 2 s only while the agent serves an active queue (or the board is open), with
 * `/queue/{id}` for the inbound queues that need it; the call poll's cadence; the long-wait alert at most
 * once per queue per minute; and the bad input the demo PBX never sends (a membership for a queue `/queues`
 * does not list, `/queue/{id}` failing for one queue).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerError } from '../../../src-main/api';
import type { Team } from '../../../src-main/api/schemas';
import { counting, DEMO_AGENT_ID, queueItem, ScriptedQueuesClient, startService } from './queuesFixtures';

const detail = (holdTime: number, workingTime = true) => ({
  name: 'q',
  number: '6',
  agents_idle: 1,
  callers_waiting: holdTime > 0 ? 1 : 0,
  hold_time: holdTime,
  working_time: workingTime,
  active: true,
});

let pbx: ScriptedQueuesClient;

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 10, 9, 0) });
  pbx = new ScriptedQueuesClient();
  pbx.list = [
    queueItem({ id: 1, name: 'Sales', type: 1 }),
    queueItem({ id: 2, name: 'Support', type: 1 }),
    queueItem({ id: 6, name: 'E-mail support', type: 3 }),
  ];
  pbx.details.set(1, detail(0));
  pbx.details.set(2, detail(0));
  pbx.membership = [
    {
      id: DEMO_AGENT_ID,
      queues: [
        { id: 1, type: 1, priority: 50, suspended: false },
        { id: 2, type: 1, priority: 80, suspended: false },
        { id: 6, type: 3, priority: 40, suspended: false },
      ],
    },
    { id: 4, queues: [{ id: 2, type: 1, priority: 10, suspended: false }] },
  ];
});

afterEach(() => {
  vi.useRealTimers();
});

/** A service on the scripted PBX with the real schedules (membership 15 s, statistics 2 s). */
async function watched(settings = {}) {
  const client = counting(pbx);
  const harness = startService(client, {
    settings,
    policy: { membershipEveryMs: 15_000, watch: { everyMs: 2_000 } },
  });
  harness.service.reconfigure();
  await vi.advanceTimersByTimeAsync(0);
  client.requests.length = 0;
  return { ...harness, client };
}

const count = (requests: string[], request: string) => requests.filter((r) => r === request).length;

describe('schedules', () => {
  it('reads the membership every 15 s and /queues every 2 s while a queue is active', async () => {
    const { client, service } = await watched();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(count(client.requests, 'GET /queues/agents')).toBe(4);
    expect(count(client.requests, 'GET /queues')).toBe(30);
    // No caller waits: no detail is read.
    expect(client.requests.filter((request) => request.startsWith('GET /queue/'))).toEqual([]);
    service.dispose();
  });

  it('stops reading /queues when every queue is paused, and reads it while the board is open', async () => {
    const { client, service } = await watched();
    await service.change({ action: 'pause-all' });
    await vi.advanceTimersByTimeAsync(4_000);
    client.requests.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count(client.requests, 'GET /queues')).toBe(0);

    await service.board();
    await vi.advanceTimersByTimeAsync(6_000);
    // The board's own read, then every 2 s, each with every inbound queue's detail.
    expect(count(client.requests, 'GET /queues')).toBeGreaterThanOrEqual(3);
    expect(count(client.requests, 'GET /queue/1')).toBe(count(client.requests, 'GET /queues'));
    // The board was not asked again: 10 s after it last asked it counts as closed, and nothing is active.
    await vi.advanceTimersByTimeAsync(4_000);
    client.requests.length = 0;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(count(client.requests, 'GET /queues')).toBe(0);
    service.dispose();
  });

  it('reads the detail only of active inbound queues with callers waiting while the board is closed', async () => {
    pbx.list[1] = queueItem({ id: 2, name: 'Support', type: 1, callers_waiting: 1 });
    const { client, service } = await watched();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.requests).toEqual(['GET /queues', 'GET /queue/2']);
    service.dispose();
  });
});

describe('the call poll’s cadence', () => {
  it('is fast while an active inbound queue has callers waiting or ringing, normal otherwise', async () => {
    const { cadence, service } = await watched();
    expect(cadence.at(-1)).toBe('normal');
    pbx.list[1] = queueItem({ id: 2, name: 'Support', type: 1, callers_ringing: 1 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cadence.at(-1)).toBe('fast');
    pbx.list[1] = queueItem({ id: 2, name: 'Support', type: 1 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cadence.at(-1)).toBe('normal');
    service.dispose();
  });

  it('stays normal for callers in a paused queue or an e-mail queue', async () => {
    pbx.membership[0]!.queues[1]!.suspended = true;
    pbx.list[1] = queueItem({ id: 2, name: 'Support', type: 1, callers_waiting: 3 });
    pbx.list[2] = queueItem({ id: 6, name: 'E-mail support', type: 3, callers_waiting: 9 });
    const { cadence, service } = await watched();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(cadence).not.toContain('fast');
    // The count beside My queues and in the tray: the e-mail queue is active, Support is paused.
    expect(service.view().waiting).toBe(9);
    service.dispose();
  });

  it('goes back to normal when the reading fails', async () => {
    pbx.list[1] = queueItem({ id: 2, name: 'Support', type: 1, callers_waiting: 1 });
    const { cadence, service } = await watched();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cadence.at(-1)).toBe('fast');
    pbx.queues = async () => {
      throw new ServerError('server-failure', 'down');
    };
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cadence.at(-1)).toBe('normal');
    expect(service.boardView().problem?.code).toBe('server-error');
    service.dispose();
  });
});

describe('the long-wait alert', () => {
  it('fires once per queue per minute for a wait above the threshold in an active queue', async () => {
    pbx.list[1] = queueItem({ id: 2, name: 'Support', type: 1, callers_waiting: 1 });
    pbx.details.set(2, detail(61));
    const { emitted, service } = await watched();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(emitted('queues:longWait')).toEqual([{ queueId: 2, queueName: 'Support', waitSeconds: 61 }]);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(emitted('queues:longWait')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(emitted('queues:longWait')).toHaveLength(2);
    service.dispose();
  });

  it('follows the threshold setting, and says nothing for a paused queue', async () => {
    pbx.list[1] = queueItem({ id: 2, name: 'Support', type: 1, callers_waiting: 1 });
    pbx.details.set(2, detail(90));
    const { emitted, service, settings } = await watched({ queueLongWaitSeconds: 120 });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(emitted('queues:longWait')).toEqual([]);
    settings.queueLongWaitSeconds = 60;
    await service.change({ action: 'pause', queueId: 2 });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(emitted('queues:longWait')).toEqual([]);
    service.dispose();
  });
});

describe('bad input', () => {
  it('shows a membership for a queue /queues does not list by its id, without figures', async () => {
    pbx.membership[0]!.queues.push({ id: 77, type: 1, priority: 5, suspended: false });
    const { client, service } = await watched();
    const mine = service.view().queues.find((queue) => queue.id === 77);
    expect(mine).toEqual({
      id: 77,
      name: null,
      number: null,
      type: 'inbound',
      priority: 5,
      paused: false,
      queueActive: null,
      callersWaiting: null,
    });
    const board = await service.board();
    expect(board.rows.find((row) => row.id === 77)).toMatchObject({
      listed: false,
      callersWaiting: null,
      holdTime: null,
    });
    // /queue/{id} only for queues /queues lists as inbound.
    expect(client.requests).not.toContain('GET /queue/77');
    // And it can still be paused: the request keeps every other queue.
    await service.change({ action: 'pause', queueId: 77 });
    expect(pbx.posted.at(-1)).toEqual([
      { id: DEMO_AGENT_ID, queues: [{ id: 1 }, { id: 2 }, { id: 6 }, { id: 77, suspended: true }] },
    ]);
    service.dispose();
  });

  it('renders the rest of the board when /queue/{id} fails for one queue', async () => {
    pbx.details.set(1, new ServerError('server-failure', 'The PBX failed on GET /queue/1'));
    pbx.details.set(2, detail(12, false));
    const { service } = await watched();
    const board = await service.board();
    expect(board.problem).toBeNull();
    expect(board.rows.find((row) => row.id === 1)).toMatchObject({
      name: 'Sales',
      holdTime: null,
      detailProblem: 'The PBX failed on GET /queue/1',
    });
    expect(board.rows.find((row) => row.id === 2)).toMatchObject({
      holdTime: 12,
      workingTime: false,
      detailProblem: null,
    });
    service.dispose();
  });

  it('leaves out list items that drifted into something without an id', async () => {
    pbx.list.push(null as never);
    pbx.membership.unshift(null as never);
    pbx.membership[1]!.queues.push({ name: 'no id' } as never);
    const { service } = await watched();
    expect(service.view().queues.map((queue) => queue.id)).toEqual([1, 2, 6]);
    expect((await service.board()).rows.map((row) => row.name)).toEqual([
      'Sales',
      'Support',
      'E-mail support',
    ]);
    service.dispose();
  });

  it('keeps the last good membership and says why when a read fails', async () => {
    const { service } = await watched();
    pbx.agentQueues.get = async () => {
      throw new ServerError('server-failure', 'down');
    };
    await expect(service.refresh()).rejects.toThrow('down');
    const view = service.view();
    expect(view.status).toBe('failed');
    expect(view.problem?.code).toBe('server-error');
    expect(view.queues.map((queue) => queue.id)).toEqual([1, 2, 6]);
    service.dispose();
  });
});

describe('team colours', () => {
  it('offers the team’s ready and aux colours as accents, and nothing for what is not a colour', async () => {
    pbx.teamList = [
      { id: 2, color_agent_ready: '22C55E', color_agent_aux: 'not a colour' } as unknown as Team,
    ];
    const { service } = await watched();
    expect(service.view().accent).toEqual({ ready: '#22c55e', aux: null });
    service.dispose();
  });
});
