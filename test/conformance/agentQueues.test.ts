/** GET and POST /queues/agents: agent queue membership and its bulk update, with its exact messages. */
import { beforeEach, describe, expect, it } from 'vitest';
import { AgentQueueResult, AgentQueues } from '../../src-main/api/schemas';
import { expectFailure, startTestPbx } from './helpers';

const { client } = await startTestPbx();

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
