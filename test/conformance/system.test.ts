/** Status, extensions, queues, queue detail, groups, roles and teams. */
import { describe, expect, it } from 'vitest';
import {
  EXTENSION_TYPES,
  Extension,
  Group,
  Queue,
  QueueDetail,
  Role,
  STATUS_COMPONENTS,
  Status,
  Team,
} from '../../src-main/api/schemas';
import { expectFailure, startTestPbx } from './helpers';

const { pbx, client } = await startTestPbx();

describe('GET /status', () => {
  it('reports trunks, a phone summary per group and every component counter next to success', async () => {
    const { status, body } = await client.get('/status');
    expect(status).toBe(200);
    const parsed = Status.parse(body);
    expect(parsed.success).toBe(true);
    expect(Object.keys(parsed.trunks).length).toBeGreaterThan(0);
    for (const name of STATUS_COMPONENTS) expect(Number.isInteger(body[name])).toBe(true);
    const groups = (await client.get('/groups')).body.data as { id: number; name: string }[];
    expect(Object.keys(parsed.phones).sort()).toEqual(groups.map((group) => String(group.id)).sort());
    const summaries = Object.values(parsed.phones);
    const configured = summaries.reduce((sum, summary) => sum + summary.configured, 0);
    expect(configured).toBeGreaterThan(5);
    for (const summary of summaries) {
      expect(summary.configured).toBe(summary.configured_ipphones + summary.configured_softphones);
      expect(summary.configured).toBe(summary.available + summary.dead);
    }
  });

  it('counts component uptime on the simulated clock', async () => {
    const before = (await client.get('/status')).body.core as number;
    pbx.sim.advance(120);
    expect((await client.get('/status')).body.core).toBe(before + 120);
  });
});

describe('GET /extensions', () => {
  it('lists extensions of every documented type', async () => {
    const { body } = await client.get('/extensions');
    const extensions = Extension.array().parse(body.data);
    expect(new Set(extensions.map((extension) => extension.type))).toEqual(new Set(EXTENSION_TYPES));
  });

  it('filters by type', async () => {
    const { body } = await client.get('/extensions', { query: { type: 'queue' } });
    expect(body.data.length).toBeGreaterThan(3);
    expect(body.data.every((extension: { type: string }) => extension.type === 'queue')).toBe(true);
  });

  it('filters by group_id including the subgroups', async () => {
    // Group 2 (Prague) has subgroups 3 (sales) and 4 (support).
    const { body } = await client.get('/extensions', { query: { group_id: 2 } });
    const groups = new Set(body.data.map((extension: { group_id: number }) => extension.group_id));
    expect(groups).toEqual(new Set([2, 3, 4]));
    const all = (await client.get('/extensions')).body.data as { group_id: number }[];
    expect(body.data.length).toBe(all.filter((extension) => [2, 3, 4].includes(extension.group_id)).length);
    expect((await client.get('/extensions', { query: { group_id: 1 } })).body.data.length).toBe(all.length);
  });

  it('combines both filters', async () => {
    const { body } = await client.get('/extensions', { query: { group_id: 4, type: 'phone' } });
    expect(body.data.length).toBeGreaterThan(0);
    for (const extension of body.data) {
      expect(extension.type).toBe('phone');
      expect(extension.group_id).toBe(4);
    }
  });

  it('gives an empty list for a group that does not exist', async () => {
    expect((await client.get('/extensions', { query: { group_id: 999 } })).body).toEqual({
      success: true,
      data: [],
    });
  });

  it.each([
    [{ type: 'telephone' }, /^type: /],
    [{ group_id: 'two' }, /^group_id: /],
  ])('refuses an invalid filter %j with 400 naming it', async (query, message) => {
    expectFailure(await client.get('/extensions', { query }), 400, message);
  });
});

describe('GET /queues and /queue/{id}', () => {
  it('lists queues of all four types with their statistics', async () => {
    const { body } = await client.get('/queues');
    const queues = Queue.array().parse(body.data);
    expect(new Set(queues.map((queue) => queue.type))).toEqual(new Set([0, 1, 2, 3]));
    for (const queue of queues) expect(Object.keys(queue.sl)).toEqual(['day', 'week', 'month', 'quarter']);
  });

  it('gives the detail of an inbound queue', async () => {
    const { body } = await client.get('/queue/2');
    const detail = QueueDetail.parse(body.data);
    expect(detail).toMatchObject({ name: 'Support', number: '601', active: true, callers_waiting: 0 });
    expect(detail.working_time).toBe(true); // Support works around the clock
  });

  it('reports working hours on the simulated clock', async () => {
    // Sales works Monday to Friday 8–18 local time; a Sunday is outside.
    const daysToSunday = (7 - new Date(pbx.sim.clock.now()).getDay()) % 7 || 7;
    pbx.sim.advance(daysToSunday * 86_400);
    expect((await client.get('/queue/1')).body.data.working_time).toBe(false);
  });

  it('answers 404 for a queue that is not inbound and for an unknown one, 400 for a non-numeric id', async () => {
    const queues = (await client.get('/queues')).body.data as { id: number; type: number }[];
    const outbound = queues.find((queue) => queue.type === 0)!;
    expectFailure(await client.get(`/queue/${outbound.id}`), 404, /not an inbound queue/);
    expectFailure(await client.get('/queue/9999'), 404, 'queue 9999 not found');
    expectFailure(await client.get('/queue/abc'), 400, /queue_id must be a non-negative integer/);
  });

  it('follows a call through the queue: waiting, talking, then answered with its talk time', async () => {
    const phone = pbx.agent.phone;
    const before = (await client.get('/queues')).body.data.find((queue: { id: number }) => queue.id === 2);
    const inbound = await client.post('/_sim/calls/inbound', {
      to: phone,
      from: '+420 777 123 456',
      queue_id: 2,
    });
    expect(inbound.body.success).toBe(true);
    const uniqueid = inbound.body.data.uniqueid as string;

    const waiting = (await client.get('/queues')).body.data.find((queue: { id: number }) => queue.id === 2);
    expect(waiting.callers_waiting).toBe(before.callers_waiting + 1);
    expect(waiting.callers).toEqual([
      expect.objectContaining({ uniqueid, number: expect.stringContaining('777') }),
    ]);
    pbx.sim.advance(1);
    expect((await client.get('/queue/2')).body.data).toMatchObject({ callers_waiting: 1, hold_time: 1 });

    pbx.sim.advance(10); // the queue rings the agent's phone
    expect((await client.patch('/call', { ...phone, state: 'answer' })).body.success).toBe(true);
    const talking = (await client.get('/queues')).body.data.find((queue: { id: number }) => queue.id === 2);
    expect(talking).toMatchObject({ callers_waiting: 0, callers_talking: 1, agents_talking: 1 });
    expect(talking.answered).toBe(before.answered + 1);

    pbx.sim.advance(20);
    expect((await client.delete('/call', { body: phone })).body.success).toBe(true);
    const after = (await client.get('/queues')).body.data.find((queue: { id: number }) => queue.id === 2);
    expect(after.callers_talking).toBe(0);
    expect(after.talktime).toBe(before.talktime + 20);
    expect(after.last_call_enter).toBeGreaterThan(0);
  });
});

describe('GET /groups, /roles, /teams', () => {
  it('lists the group tree with group 1 at the root', async () => {
    const groups = Group.array().parse((await client.get('/groups')).body.data);
    expect(groups.find((group) => group.id === 1)).toBeDefined();
    expect(groups.length).toBeGreaterThan(3);
  });

  it('lists roles including a superuser role, agents and supervisors', async () => {
    const roles = Role.array().parse((await client.get('/roles')).body.data);
    expect(roles.map((role) => role.name)).toEqual(
      expect.arrayContaining(['Superuser', 'Agent', 'Supervisor']),
    );
  });

  it('lists teams with aux reasons and colours', async () => {
    const teams = Team.array().parse((await client.get('/teams')).body.data);
    expect(teams.length).toBeGreaterThan(1);
    for (const team of teams) {
      expect(team.aux_reasons.length).toBeGreaterThan(0);
      for (const reason of team.aux_reasons) expect(reason.color).toMatch(/^[0-9a-f]{6}$/);
      expect(team.color_agent_ready).toMatch(/^[0-9a-f]{6}$/);
    }
  });
});
