/**
 * The body of POST /queues/agents for one change: the agent's own element only, every queue the agent
 * serves still in the array (a queue left out would be removed), the unchanged ones by id only.
 */
import { describe, expect, it } from 'vitest';
import type { QueueMembership } from '../../../src-main/api/schemas';
import { membershipRequest } from '../../../src-main/calls/queues/membershipRequest';
import { QueuesError } from '../../../src-main/calls/queues/queuesError';

const AGENT = 3;
/** The agent in three queues: 2 and 6 active, 5 paused, each with its own priority. */
const membership: QueueMembership[] = [
  { id: 2, type: 1, priority: 80, suspended: false },
  { id: 5, type: 2, priority: 30, suspended: true },
  { id: 6, type: 3, priority: 40, suspended: false },
];

const bodyOf = (request: ReturnType<typeof membershipRequest>) => {
  if (request.unchanged) throw new Error('expected a request');
  expect(request.body).toHaveLength(1);
  expect(Object.keys(request.body[0]!).sort()).toEqual(['id', 'queues']);
  expect(request.body[0]!.id).toBe(AGENT);
  return request.body[0]!.queues;
};

describe('membershipRequest', () => {
  it('pauses one queue and sends the other two by id only', () => {
    const request = membershipRequest(AGENT, membership, { action: 'pause', queueId: 2 });
    expect(bodyOf(request)).toEqual([{ id: 2, suspended: true }, { id: 5 }, { id: 6 }]);
    expect(request.changedIds).toEqual([2]);
  });

  it('resumes one queue, the others unchanged', () => {
    const request = membershipRequest(AGENT, membership, { action: 'resume', queueId: 5 });
    expect(bodyOf(request)).toEqual([{ id: 2 }, { id: 5, suspended: false }, { id: 6 }]);
    expect(request.changedIds).toEqual([5]);
  });

  it('pauses all in one request: only the active ones change, the paused one stays in by id', () => {
    const request = membershipRequest(AGENT, membership, { action: 'pause-all' });
    expect(bodyOf(request)).toEqual([{ id: 2, suspended: true }, { id: 5 }, { id: 6, suspended: true }]);
    expect(request.changedIds).toEqual([2, 6]);
  });

  it('resumes all in one request', () => {
    const request = membershipRequest(AGENT, membership, { action: 'resume-all' });
    expect(bodyOf(request)).toEqual([{ id: 2 }, { id: 5, suspended: false }, { id: 6 }]);
    expect(request.changedIds).toEqual([5]);
  });

  it('joins a queue: the new entry after every current one, with a priority only when given', () => {
    expect(bodyOf(membershipRequest(AGENT, membership, { action: 'join', queueId: 1 }))).toEqual([
      { id: 2 },
      { id: 5 },
      { id: 6 },
      { id: 1 },
    ]);
    expect(
      bodyOf(membershipRequest(AGENT, membership, { action: 'join', queueId: 1, priority: 60 })),
    ).toEqual([{ id: 2 }, { id: 5 }, { id: 6 }, { id: 1, priority: 60 }]);
  });

  it('leaves a queue by leaving it out, every other queue still in the array', () => {
    const request = membershipRequest(AGENT, membership, { action: 'leave', queueId: 5 });
    expect(bodyOf(request)).toEqual([{ id: 2 }, { id: 6 }]);
    expect(request.changedIds).toEqual([5]);
  });

  it('resumes what was paused while away: only those still paused', () => {
    const request = membershipRequest(AGENT, membership, { action: 'resume-away', queueIds: [5, 6, 99] });
    expect(bodyOf(request)).toEqual([{ id: 2 }, { id: 5, suspended: false }, { id: 6 }]);
    expect(request.changedIds).toEqual([5]);
  });

  it('sends nothing when nothing would change', () => {
    expect(membershipRequest(AGENT, membership, { action: 'pause', queueId: 5 })).toEqual({
      unchanged: true,
      changedIds: [],
    });
    const allPaused = membership.map((queue) => ({ ...queue, suspended: true }));
    expect(membershipRequest(AGENT, allPaused, { action: 'pause-all' }).unchanged).toBe(true);
    expect(membershipRequest(AGENT, [], { action: 'resume-all' }).unchanged).toBe(true);
  });

  it('treats a membership without `suspended` as active', () => {
    const request = membershipRequest(AGENT, [{ id: 7 }, { id: 8, suspended: true }], {
      action: 'pause-all',
    });
    expect(bodyOf(request)).toEqual([{ id: 7, suspended: true }, { id: 8 }]);
  });

  it('lists a queue the PBX reported twice once', () => {
    const twice = [...membership, { id: 2, type: 1, priority: 80, suspended: false }];
    expect(bodyOf(membershipRequest(AGENT, twice, { action: 'pause', queueId: 6 }))).toEqual([
      { id: 2 },
      { id: 5 },
      { id: 6, suspended: true },
    ]);
  });

  it('refuses a change to a queue the agent does not serve, and joining one it does', () => {
    for (const change of [
      { action: 'pause', queueId: 1 },
      { action: 'resume', queueId: 1 },
      { action: 'leave', queueId: 1 },
    ] as const) {
      expect(() => membershipRequest(AGENT, membership, change)).toThrow(QueuesError);
    }
    expect(() => membershipRequest(AGENT, membership, { action: 'join', queueId: 2 })).toThrow(
      /already a member/,
    );
  });
});
