/**
 * The pieces QueuesService is built from, on their own: the jittered membership refresh schedule, the
 * long-wait alert's repeat limit, the join choices, the team accent and the away/resume offer.
 */
import { describe, expect, it, vi } from 'vitest';
import type { QueueMembership, Team } from '../../../src-main/api/schemas';
import { awayPauseOffer } from '../../../src-main/calls/queues/awayPauseOffer';
import { LongWaitAlerts } from '../../../src-main/calls/queues/longWaitAlerts';
import { MembershipRefreshSchedule } from '../../../src-main/calls/queues/membershipRefreshSchedule';
import type { QueueLogRecord } from '../../../src-main/calls/queues/queueChangeLog';
import { joinChoices } from '../../../src-main/calls/queues/queueViews';
import { teamAccent } from '../../../src-main/calls/queues/teamAccent';
import { ManualTimers } from '../app/manualTimers';
import { queueItem } from './queuesFixtures';

const member = (id: number, suspended = false) => ({ id, suspended }) as QueueMembership;

describe('MembershipRefreshSchedule', () => {
  it('reads once after the jittered interval, and a new schedule replaces the pending one', () => {
    const timers = new ManualTimers();
    const read = vi.fn();
    const schedule = new MembershipRefreshSchedule(timers, () => 1, 10_000, 0.2);
    schedule.schedule(read);
    schedule.schedule(read);
    timers.advance(11_999);
    expect(read).not.toHaveBeenCalled();
    timers.advance(1);
    expect(read).toHaveBeenCalledTimes(1);
    timers.advance(60_000);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads nothing once cancelled', () => {
    const timers = new ManualTimers();
    const read = vi.fn();
    const schedule = new MembershipRefreshSchedule(timers, () => 0, 10_000, 0.2);
    schedule.schedule(read);
    schedule.cancel();
    timers.advance(60_000);
    expect(read).not.toHaveBeenCalled();
  });
});

describe('LongWaitAlerts', () => {
  it('alerts a queue again only after the repeat interval, and afresh once cleared', () => {
    const alerts = new LongWaitAlerts(60_000);
    const wait = { queueId: 2, queueName: 'Support', waitSeconds: 61 };
    expect(alerts.due([wait], 0)).toEqual([wait]);
    expect(alerts.due([wait], 59_999)).toEqual([]);
    expect(alerts.due([wait], 60_000)).toEqual([wait]);
    alerts.clear();
    expect(alerts.due([wait], 60_001)).toEqual([wait]);
  });
});

describe('joinChoices', () => {
  it('lists the queues the agent does not serve, by name then id', () => {
    const queues = new Map(
      [
        queueItem({ id: 1, name: 'Sales', type: 1 }),
        queueItem({ id: 3, name: 'Billing', type: 0 }),
        queueItem({ id: 2, name: 'Billing', type: 7 }),
      ].map((queue) => [queue.id, queue]),
    );
    const choices = joinChoices({ at: 0, queues, details: new Map(), complete: false }, [member(1)]);
    expect(choices.map((choice) => [choice.id, choice.name])).toEqual([
      [2, 'Billing'],
      [3, 'Billing'],
    ]);
    expect(choices[0]!.type).toBe('unknown');
  });
});

describe('teamAccent', () => {
  it('gives the team’s colours as CSS, null for what is not a colour, and no accent for an unknown team', async () => {
    const teams = [{ id: 4, color_agent_ready: '22C55E', color_agent_aux: 'red' }] as unknown as Team[];
    const client = { teams: () => Promise.resolve(teams) };
    expect(await teamAccent(client, 4)).toEqual({ ready: '#22c55e', aux: null });
    expect(await teamAccent(client, 5)).toBeNull();
  });
});

describe('awayPauseOffer', () => {
  const paused: QueueLogRecord = {
    kind: 'change',
    at: 5,
    agentId: 3,
    action: 'pause-all',
    cause: 'sleep',
    queueIds: [1, 2],
    ok: true,
    failures: [],
    agentError: null,
  };

  it('offers the queues paused while away that are still paused', () => {
    expect(awayPauseOffer([paused], 3, [member(1, true), member(2)])).toEqual({
      reason: 'sleep',
      at: 5,
      queueIds: [1],
    });
  });

  it('offers nothing when none of them is still paused, or once the offer was dismissed', () => {
    expect(awayPauseOffer([paused], 3, [member(1), member(2)])).toBeNull();
    expect(awayPauseOffer([paused, { kind: 'away-cleared', at: 6 }], 3, [member(1, true)])).toBeNull();
  });
});
