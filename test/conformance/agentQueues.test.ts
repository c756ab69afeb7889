/**
 * GET and POST /queues/agents: agent queue membership and its bulk update, with its exact messages; the
 * control interface's switch for the `success: false` answer; queues that live (callers set through the
 * control interface, background callers); a paused agent gets no queue calls.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AgentQueueResult, AgentQueues } from '../../src-main/api/schemas';
import { expectFailure, startTestPbx } from './helpers';

const { pbx, client } = await startTestPbx();

interface Membership {
  id: number;
  type: number;
  priority: number;
  suspended: boolean;
}

async function membershipOf(userId: number): Promise<Membership[]> {
  const agents = (await client.get('/queues/agents')).body.data as { id: number; queues: Membership[] }[];
  return agents.find((agent) => agent.id === userId)!.queues;
}

async function update(body: unknown) {
  const response = await client.post('/queues/agents', body);
  expect(response.status).toBe(200);
  return response.body;
}

/** A fresh agent for each test, member of queues 1 (priority 80) and 2 (priority 40, suspended). */
let agent: { id: number; external_id: string };
let counter = 0;
beforeEach(async () => {
  counter++;
  const external_id = `AQ-${counter}`;
  const id = (await client.post('/user', { username: `queue.agent${counter}`, group_id: 3, external_id }))
    .body.data;
  agent = { id, external_id };
  await update([
    {
      id,
      queues: [
        { id: 1, priority: 80 },
        { id: 2, priority: 40, suspended: true },
      ],
    },
  ]);
});

describe('GET /queues/agents', () => {
  it('lists every agent with id, external_id, name and the queues it serves, with type, priority and suspension', async () => {
    const { body } = await client.get('/queues/agents');
    const agents = AgentQueues.array().parse(body.data);
    const mine = agents.find((candidate) => candidate.id === agent.id)!;
    expect(mine).toMatchObject({ external_id: agent.external_id, name: `queue.agent${counter}` });
    expect(mine.queues).toEqual([
      { id: 1, type: 1, priority: 80, suspended: false },
      { id: 2, type: 1, priority: 40, suspended: true },
    ]);
    expect(agents.filter((candidate) => candidate.queues.length > 0).length).toBeGreaterThan(5);
  });
});

describe('POST /queues/agents', () => {
  it('reports each queue: nothing to change, updated, added, removed', async () => {
    const body = await update([
      { id: agent.id, queues: [{ id: 1 }, { id: 2, suspended: false }, { id: 3, priority: 90 }] },
    ]);
    expect(AgentQueueResult.array().parse(body.data)).toEqual([
      {
        id: agent.id,
        success: true,
        queues: [
          { id: 1, success: true, message: 'Nothing to change' },
          { id: 2, success: true, message: 'Agent membership updated' },
          { id: 3, success: true, message: 'Agent added into queue' },
        ],
      },
    ]);
    expect(body.success).toBe(true);
    expect(await membershipOf(agent.id)).toEqual([
      { id: 1, type: 1, priority: 80, suspended: false },
      { id: 2, type: 1, priority: 40, suspended: false },
      { id: 3, type: 1, priority: 90, suspended: false },
    ]);
  });

  it('removes the queues left out of the array', async () => {
    const body = await update([{ id: agent.id, queues: [{ id: 2 }] }]);
    expect(body.data[0].queues).toEqual([
      { id: 2, success: true, message: 'Nothing to change' },
      { id: 1, success: true, message: 'Agent removed from queue' },
    ]);
    expect((await membershipOf(agent.id)).map((queue) => queue.id)).toEqual([2]);
  });

  it('gives an entry that repeats the current values "Nothing to change"', async () => {
    const body = await update([
      { id: agent.id, queues: [{ id: 1, priority: 80, suspended: false }, { id: 2 }] },
    ]);
    expect(body.data[0].queues.map((queue: { message: string }) => queue.message)).toEqual([
      'Nothing to change',
      'Nothing to change',
    ]);
  });

  it('identifies an agent by external_id', async () => {
    const body = await update([
      { external_id: agent.external_id, queues: [{ id: 1, priority: 10 }, { id: 2 }] },
    ]);
    expect(body.data[0]).toMatchObject({ external_id: agent.external_id, success: true });
    expect(body.data[0]).not.toHaveProperty('id');
    expect((await membershipOf(agent.id))[0]!.priority).toBe(10);
  });

  it('uses id and ignores external_id when both are given', async () => {
    // HR-1004 is another agent's external id: that agent must stay untouched.
    const otherBefore = await membershipOf(4);
    const body = await update([
      { id: agent.id, external_id: 'HR-1004', queues: [{ id: 1, priority: 5 }, { id: 2 }] },
    ]);
    expect(body.data[0]).toEqual({
      id: agent.id,
      success: true,
      queues: [
        { id: 1, success: true, message: 'Agent membership updated' },
        { id: 2, success: true, message: 'Nothing to change' },
      ],
    });
    expect((await membershipOf(agent.id))[0]!.priority).toBe(5);
    expect(await membershipOf(4)).toEqual(otherBefore);
  });

  it('answers unknown agents with an error and an empty queues array', async () => {
    const body = await update([
      { id: 9999, queues: [{ id: 1 }] },
      { external_id: 'NOBODY', queues: [{ id: 1 }] },
    ]);
    expect(body.success).toBe(true);
    expect(body.data).toEqual([
      { id: 9999, success: false, error: 'Unknown agent id', queues: [] },
      { external_id: 'NOBODY', success: false, error: 'Unknown agent external_id', queues: [] },
    ]);
  });

  it('answers an unknown queue with success false and still applies the other entries', async () => {
    const body = await update([{ id: agent.id, queues: [{ id: 1 }, { id: 2 }, { id: 404 }, { id: 5 }] }]);
    expect(body.data[0].queues).toEqual([
      { id: 1, success: true, message: 'Nothing to change' },
      { id: 2, success: true, message: 'Nothing to change' },
      { id: 404, success: false, message: 'Unknown queue id' },
      { id: 5, success: true, message: 'Agent added into queue' },
    ]);
    expect(body.data[0].success).toBe(false);
    expect((await membershipOf(agent.id)).map((queue) => queue.id)).toEqual([1, 2, 5]);
  });

  it('leaves users that are not in the array alone', async () => {
    const other = (await client.get('/queues/agents')).body.data.find(
      (candidate: { id: number }) => candidate.id === 3,
    );
    await update([{ id: agent.id, queues: [] }]);
    expect(await membershipOf(3)).toEqual(other.queues);
    expect(await membershipOf(agent.id)).toEqual([]);
  });

  it('gives a new member the default priority of its team', async () => {
    const teamMember = (
      await client.post('/user', { username: `team.member${counter}`, group_id: 4, team_id: 2 })
    ).body.data;
    await update([{ id: teamMember, queues: [{ id: 2 }, { id: 6 }] }]);
    const teams = (await client.get('/teams')).body.data as {
      id: number;
      default_inbound_priority: number;
      default_email_priority: number;
    }[];
    const team = teams.find((candidate) => candidate.id === 2)!;
    expect((await membershipOf(teamMember)).map((queue) => queue.priority)).toEqual([
      team.default_inbound_priority,
      team.default_email_priority,
    ]);
  });

  it.each([
    [{ id: 1, queues: [] }, /body: .*expected array/],
    [[], /at least one agent/],
    [[{ queues: [{ id: 1 }] }], /\[0\]: each agent needs an id or an external_id/],
    [[{ id: 3, queues: [{ id: 1, priority: 101 }] }], /\[0\]\.queues\[0\]\.priority: priority must be 1–100/],
    [[{ id: 3 }], /\[0\]\.queues: queues is required/],
  ])('refuses the malformed payload %j with 400 naming the field', async (body, message) => {
    expectFailure(await client.post('/queues/agents', body), 400, message);
  });
});

describe('the control interface: how a failed bulk update is answered', () => {
  it('answers an unknown queue or agent with success: false and the same results when switched', async () => {
    await client.post('/_sim/queues/agents/answer', { failed_update: 'declined' });
    try {
      const unknownQueue = await update([{ id: agent.id, queues: [{ id: 1 }, { id: 2 }, { id: 404 }] }]);
      expect(unknownQueue).toEqual({
        success: false,
        error: 'Unknown queue id',
        data: [
          {
            id: agent.id,
            success: false,
            queues: [
              { id: 1, success: true, message: 'Nothing to change' },
              { id: 2, success: true, message: 'Nothing to change' },
              { id: 404, success: false, message: 'Unknown queue id' },
            ],
          },
        ],
      });
      const unknownAgent = await update([{ id: 9999, queues: [{ id: 1 }] }]);
      expect(unknownAgent).toMatchObject({
        success: false,
        error: 'Unknown agent id',
        data: [{ id: 9999, success: false, error: 'Unknown agent id', queues: [] }],
      });
      // An update without failures is a plain success either way.
      expect((await update([{ id: agent.id, queues: [{ id: 1 }, { id: 2 }] }])).success).toBe(true);
    } finally {
      await client.post('/_sim/queues/agents/answer', { failed_update: 'in-envelope' });
    }
    expect((await update([{ id: 9999, queues: [] }])).success).toBe(true);
  });

  it('refuses an unknown answer mode with 400', async () => {
    expectFailure(
      await client.post('/_sim/queues/agents/answer', { failed_update: 'maybe' }),
      400,
      /failed_update/,
    );
  });
});

describe('the control interface: a queue’s waiting callers', () => {
  it('sets them, with how long they have waited, and takes them away again', async () => {
    const set = await client.post('/_sim/queues/3/waiting', { count: 3, waited_s: 75 });
    expect(set.body).toEqual({ success: true, data: { queue_id: 3, waiting: 3 } });
    const queue = (await client.get('/queues')).body.data.find((item: { id: number }) => item.id === 3);
    expect(queue.callers_waiting).toBe(3);
    expect(queue.callers).toHaveLength(3);
    expect((await client.get('/queue/3')).body.data).toMatchObject({ callers_waiting: 3, hold_time: 75 });

    await client.post('/_sim/queues/3/waiting', { count: 1 });
    expect((await client.get('/queue/3')).body.data.callers_waiting).toBe(1);
    await client.post('/_sim/queues/3/waiting', { count: 0 });
    const after = (await client.get('/queues')).body.data.find((item: { id: number }) => item.id === 3);
    expect(after.callers_waiting).toBe(0);
    // Callers taken away hung up while waiting.
    expect(after.abandoned).toBe(queue.abandoned + 3);
  });

  it('refuses an unknown queue (404) and a bad count (400)', async () => {
    expectFailure(await client.post('/_sim/queues/999/waiting', { count: 1 }), 404, 'queue 999 not found');
    expectFailure(
      await client.post('/_sim/queues/3/waiting', { count: -1 }),
      400,
      /count must not be negative/,
    );
  });
});

describe('a paused agent gets no queue calls', () => {
  const demoAgent = 3;
  const callsOnPhone = async () =>
    (await client.get('/call', { query: pbx.agent.phone as Record<string, string> })).body.data as {
      uniqueid: string;
      state: number;
    }[];

  it('keeps the caller waiting in the queue until the agent resumes', async () => {
    const before = await membershipOf(demoAgent);
    const paused = before.map((queue) => (queue.id === 2 ? { id: 2, suspended: true } : { id: queue.id }));
    await update([{ id: demoAgent, queues: paused }]);
    const inbound = await client.post('/_sim/calls/inbound', { to: pbx.agent.phone, queue_id: 2 });
    const { uniqueid } = inbound.body.data as { uniqueid: string };

    pbx.sim.advance(30);
    const waiting = (await client.get('/queues')).body.data.find((item: { id: number }) => item.id === 2);
    expect(waiting.callers).toEqual([expect.objectContaining({ uniqueid, ringing: false })]);
    expect((await callsOnPhone()).find((call) => call.uniqueid === uniqueid)?.state).not.toBe(1);

    await update([{ id: demoAgent, queues: before.map((queue) => ({ id: queue.id, suspended: false })) }]);
    pbx.sim.advance(3);
    expect((await callsOnPhone()).find((call) => call.uniqueid === uniqueid)?.state).toBe(1);
    await client.post(`/_sim/calls/${uniqueid}/hangup`);
  });

  it('lets a caller held back by a paused agent give up in the end', async () => {
    const before = await membershipOf(demoAgent);
    await update([{ id: demoAgent, queues: before.map((queue) => ({ id: queue.id, suspended: true })) }]);
    const { abandoned } = (await client.get('/queues')).body.data.find(
      (item: { id: number }) => item.id === 2,
    );
    const inbound = await client.post('/_sim/calls/inbound', { to: pbx.agent.phone, queue_id: 2 });
    const { uniqueid } = inbound.body.data as { uniqueid: string };
    pbx.sim.advance(301);
    expect((await callsOnPhone()).some((call) => call.uniqueid === uniqueid)).toBe(false);
    const after = (await client.get('/queues')).body.data.find((item: { id: number }) => item.id === 2);
    expect(after.abandoned).toBe(abandoned + 1);
    await update([
      { id: demoAgent, queues: before.map((queue) => ({ id: queue.id, suspended: queue.suspended })) },
    ]);
  });
});

describe('queues that live', () => {
  it('have callers arrive and leave over time, answered by other agents or giving up', async () => {
    const { client: busy } = await startTestPbx({ queueCallersEverySeconds: 20 });
    const sum = (queues: { answered: number; abandoned: number }[]) =>
      queues.reduce((total, queue) => total + queue.answered + queue.abandoned, 0);
    const before = (await busy.get('/queues')).body.data;
    await busy.post('/_sim/clock', { advance_s: 1800 });
    const after = (await busy.get('/queues')).body.data as {
      id: number;
      answered: number;
      abandoned: number;
    }[];
    expect(sum(after)).toBeGreaterThan(sum(before) + 20);
    // Queue 2 has ready agents besides the demo agent: most of its callers are answered.
    expect(after.find((queue) => queue.id === 2)!.answered).toBeGreaterThan(0);
  });
});
