/**
 * The queue services against a real demo PBX over HTTP: the agent's membership named from /queues; pause
 * and resume one queue or all of them, each in one request built from a fresh read, the other queues and
 * the other agents untouched; a change made elsewhere followed; per-queue failures in both answers the API
 * allows; joining and leaving only when allowed; the local log; the board's requests.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { QueuesError } from '../../../src-main/calls/queues';
import { DEMO_AGENT_ID, startQueuesPbx, startService } from './queuesFixtures';

const { client, post, membershipOf } = await startQueuesPbx();

/** The demo agent serves 2 (inbound, Support), 5 (task, CRM callbacks) and 6 (e-mail support). */
beforeEach(async () => {
  await post('/_sim/queues/agents/answer', { failed_update: 'in-envelope' });
  await post('/queues/agents', [
    {
      id: DEMO_AGENT_ID,
      queues: [
        { id: 2, priority: 80, suspended: false },
        { id: 5, priority: 30, suspended: false },
        { id: 6, priority: 40, suspended: false },
      ],
    },
  ]);
  client.requests.length = 0;
});

async function ready(options: Parameters<typeof startService>[1] = {}) {
  const harness = startService(client, options);
  harness.service.reconfigure();
  await harness.service.refresh();
  return harness;
}

describe('the agent’s queues', () => {
  it('lists the membership named from /queues, with type, priority and state', async () => {
    const { service } = await ready();
    const view = service.view();
    expect(view.status).toBe('ready');
    expect(
      view.queues.map(({ id, name, number, type, priority, paused }) => ({
        id,
        name,
        number,
        type,
        priority,
        paused,
      })),
    ).toEqual([
      { id: 2, name: 'Support', number: '601', type: 'inbound', priority: 80, paused: false },
      { id: 5, name: 'CRM callbacks', number: '620', type: 'task', priority: 30, paused: false },
      { id: 6, name: 'E-mail support', number: '630', type: 'email', priority: 40, paused: false },
    ]);
  });

  it('pauses one queue in one request; the PBX has the others and the other agents unchanged', async () => {
    const { service } = await ready();
    const otherAgent = await membershipOf(4);
    client.requests.length = 0;

    const outcome = await service.change({ action: 'pause', queueId: 2 });

    expect(outcome).toMatchObject({ ok: true, unchanged: false, failures: [], agentError: null });
    expect(client.requests.filter((request) => request === 'POST /queues/agents')).toHaveLength(1);
    // A fresh read before the change and another after it.
    expect(client.requests.filter((request) => request === 'GET /queues/agents')).toHaveLength(2);
    expect(await membershipOf(DEMO_AGENT_ID)).toEqual([
      { id: 2, type: 1, priority: 80, suspended: true },
      { id: 5, type: 2, priority: 30, suspended: false },
      { id: 6, type: 3, priority: 40, suspended: false },
    ]);
    expect(await membershipOf(4)).toEqual(otherAgent);
    expect(outcome.view.queues.find((queue) => queue.id === 2)?.paused).toBe(true);
  });

  it('pauses all and resumes all, each in one request', async () => {
    const { service } = await ready();
    client.requests.length = 0;
    expect((await service.change({ action: 'pause-all' })).ok).toBe(true);
    expect((await membershipOf(DEMO_AGENT_ID)).map((queue) => queue.suspended)).toEqual([true, true, true]);
    expect((await service.change({ action: 'resume-all' })).ok).toBe(true);
    expect(
      (await membershipOf(DEMO_AGENT_ID)).map((queue) => [queue.id, queue.priority, queue.suspended]),
    ).toEqual([
      [2, 80, false],
      [5, 30, false],
      [6, 40, false],
    ]);
    expect(client.requests.filter((request) => request === 'POST /queues/agents')).toHaveLength(2);
  });

  it('follows a change made elsewhere (a supervisor pauses the agent) on the next read', async () => {
    const { service } = await ready();
    await post('/queues/agents', [
      { id: DEMO_AGENT_ID, queues: [{ id: 2 }, { id: 5 }, { id: 6, suspended: true }] },
    ]);
    const view = await service.refresh();
    expect(view.queues.find((queue) => queue.id === 6)?.paused).toBe(true);
  });

  it('builds the change from a fresh read: a queue added elsewhere since the last read is kept', async () => {
    const { service } = await ready();
    await post('/queues/agents', [
      { id: DEMO_AGENT_ID, queues: [{ id: 2 }, { id: 5 }, { id: 6 }, { id: 1 }] },
    ]);
    await service.change({ action: 'pause', queueId: 5 });
    expect((await membershipOf(DEMO_AGENT_ID)).map((queue) => queue.id)).toEqual([1, 2, 5, 6]);
  });

  it('says nothing needed changing without sending a request', async () => {
    const { service } = await ready();
    await service.change({ action: 'resume-all' });
    expect(client.requests).not.toContain('POST /queues/agents');
  });

  it('logs each change: time, queues, result', async () => {
    const { service } = await ready();
    await service.change({ action: 'pause', queueId: 6 });
    await service.change({ action: 'resume', queueId: 6 });
    const [latest, first] = service.log();
    expect(first).toMatchObject({
      agentId: DEMO_AGENT_ID,
      action: 'pause',
      cause: 'agent',
      queueIds: [6],
      ok: true,
    });
    expect(latest).toMatchObject({ action: 'resume', queueIds: [6], ok: true });
    expect(typeof latest?.at).toBe('number');
  });
});

describe('joining and leaving', () => {
  it('is refused while the setting is off (the default)', async () => {
    const { service } = await ready();
    await expect(service.change({ action: 'join', queueId: 1 })).rejects.toThrow(QueuesError);
    await expect(service.change({ action: 'leave', queueId: 2 })).rejects.toThrow(/turned off/);
    await expect(service.catalog()).rejects.toThrow(/turned off/);
    expect(client.requests).not.toContain('POST /queues/agents');
  });

  it('joins and leaves when allowed, every other queue kept', async () => {
    const { service } = await ready({ settings: { queueJoinLeave: true } });
    expect((await service.catalog()).map((queue) => queue.id)).not.toContain(2);
    expect((await service.change({ action: 'join', queueId: 1 })).ok).toBe(true);
    expect((await membershipOf(DEMO_AGENT_ID)).map((queue) => queue.id)).toEqual([1, 2, 5, 6]);
    expect((await service.change({ action: 'leave', queueId: 5 })).ok).toBe(true);
    expect((await membershipOf(DEMO_AGENT_ID)).map((queue) => queue.id)).toEqual([1, 2, 6]);
  });
});

describe.each(['in-envelope', 'declined'] as const)('failures, answered %s', (failedUpdate) => {
  beforeEach(async () => {
    await post('/_sim/queues/agents/answer', { failed_update: failedUpdate });
  });

  it('shows an unknown queue next to it and never reports success', async () => {
    const { service } = await ready({ settings: { queueJoinLeave: true } });
    const outcome = await service.change({ action: 'join', queueId: 404 });
    expect(outcome.ok).toBe(false);
    expect(outcome.failures).toEqual([{ queueId: 404, message: 'Unknown queue id' }]);
    expect(outcome.view.failures).toEqual([{ queueId: 404, message: 'Unknown queue id' }]);
    // The other queues were applied and are what the PBX now says.
    expect(outcome.view.queues.map((queue) => queue.id)).toEqual([2, 5, 6]);
    expect(service.log()[0]).toMatchObject({ ok: false, failures: [{ queueId: 404 }] });
  });

  it('reports an agent the PBX does not know', async () => {
    const { service } = await ready({
      agent: { id: 9999, username: 'nobody' },
      settings: { queueJoinLeave: true },
    });
    expect(service.view().queues).toEqual([]);
    const outcome = await service.change({ action: 'join', queueId: 2 });
    expect(outcome).toMatchObject({ ok: false, agentError: 'Unknown agent id' });
  });
});

describe('the board', () => {
  it('reads /queues once and /queue/{id} only for the agent’s inbound queues', async () => {
    const { service } = await ready();
    client.requests.length = 0;
    const board = await service.board();
    expect(client.requests.sort()).toEqual(['GET /queue/2', 'GET /queues']);
    const support = board.rows.find((row) => row.id === 2)!;
    expect(support).toMatchObject({
      name: 'Support',
      listed: true,
      workingTime: true,
      holdTime: 0,
      detailProblem: null,
    });
    expect(support.serviceLevel.map((figure) => figure.name)).toEqual([
      'sl.day',
      'sl.week',
      'sl.month',
      'sl.quarter',
      'sl_work.day',
      'sl_work.week',
      'sl_work.month',
      'sl_work.quarter',
    ]);
    expect(board.rows.find((row) => row.id === 6)).toMatchObject({ holdTime: null, workingTime: null });
  });

  it('shows callers waiting set through the control interface, and the longest wait', async () => {
    const { service } = await ready();
    await post('/_sim/queues/2/waiting', { count: 2, waited_s: 42 });
    const board = await service.board();
    expect(board.rows.find((row) => row.id === 2)).toMatchObject({ callersWaiting: 2, holdTime: 42 });
    expect(service.view().waiting).toBe(2);
    await post('/_sim/queues/2/waiting', { count: 0 });
  });
});
