/**
 * What the answer of POST /queues/agents says: success only when the agent's element and every queue in
 * it say so; per-queue failures with the PBX's message; both answers the API allows (failures inside
 * `success: true`, or the same results in `success: false`) reach it as the same results.
 */
import { describe, expect, it } from 'vitest';
import { BusinessError, PbxClient, type FetchLike } from '../../../src-main/api';
import type { AgentQueueResult } from '../../../src-main/api/schemas';
import { changeOutcome } from '../../../src-main/calls/queues/changeOutcome';
import { silentLogger } from '../../../src-main/shared/logger';

const AGENT = 3;

describe('changeOutcome', () => {
  it('is a success when the element and every queue succeeded', () => {
    const results: AgentQueueResult[] = [
      {
        id: AGENT,
        success: true,
        queues: [
          { id: 2, success: true, message: 'Agent membership updated' },
          { id: 6, success: true, message: 'Nothing to change' },
        ],
      },
    ];
    expect(changeOutcome(AGENT, results)).toEqual({ ok: true, failures: [], agentError: null });
  });

  it('reports each failed queue with its message; the others do not make it a success', () => {
    const results: AgentQueueResult[] = [
      {
        id: AGENT,
        success: false,
        queues: [
          { id: 2, success: true, message: 'Agent membership updated' },
          { id: 404, success: false, message: 'Unknown queue id' },
        ],
      },
    ];
    expect(changeOutcome(AGENT, results)).toEqual({
      ok: false,
      failures: [{ queueId: 404, message: 'Unknown queue id' }],
      agentError: null,
    });
  });

  it('never reports success for an element whose success is false, even with every queue true', () => {
    const results: AgentQueueResult[] = [
      { id: AGENT, success: false, queues: [{ id: 2, success: true, message: 'Agent membership updated' }] },
    ];
    const outcome = changeOutcome(AGENT, results);
    expect(outcome.ok).toBe(false);
    expect(outcome.agentError).toMatch(/without a reason/);
  });

  it('reports an unknown agent', () => {
    const results: AgentQueueResult[] = [
      { id: AGENT, success: false, error: 'Unknown agent id', queues: [] },
    ];
    expect(changeOutcome(AGENT, results)).toEqual({
      ok: false,
      failures: [],
      agentError: 'Unknown agent id',
    });
  });

  it('fails when the answer has no element for the agent (another agent’s success is not ours)', () => {
    const results: AgentQueueResult[] = [{ id: 99, success: true, queues: [] }];
    expect(changeOutcome(AGENT, results).ok).toBe(false);
    expect(changeOutcome(AGENT, []).ok).toBe(false);
  });

  it('reads a queue result without `success` as a failure', () => {
    const results = [
      { id: AGENT, success: true, queues: [{ id: 2, message: 'odd' }] },
    ] as unknown as AgentQueueResult[];
    expect(changeOutcome(AGENT, results)).toMatchObject({
      ok: false,
      failures: [{ queueId: 2, message: 'odd' }],
    });
  });
});

/** A client whose every request gets `body` (the token request gets a token). */
function clientAnswering(body: unknown): PbxClient {
  const fetch: FetchLike = async (url) => {
    const text = String(url).includes('/oauth2/token')
      ? JSON.stringify({ access_token: 'token', token_type: 'Bearer', expires_in: 3600 })
      : JSON.stringify(body);
    return { status: 200, headers: { get: () => null }, text: async () => text };
  };
  return new PbxClient({
    baseUrl: 'https://pbx.example.com/api/v1.0',
    clientId: 'ringside',
    clientSecret: 'secret',
    fetch,
    logger: silentLogger,
    clock: { now: () => Date.now() },
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 0 },
  });
}

const unknownQueue: AgentQueueResult = {
  id: AGENT,
  success: false,
  queues: [
    { id: 2, success: true, message: 'Nothing to change' },
    { id: 404, success: false, message: 'Unknown queue id' },
  ],
};
const body = [{ id: AGENT, queues: [{ id: 2 }, { id: 404 }] }];

describe('the client reads both answers to a bulk update with an unknown queue', () => {
  it('per-element failures inside `success: true`', async () => {
    const results = await clientAnswering({ success: true, data: [unknownQueue] }).agentQueues.set(body);
    expect(changeOutcome(AGENT, results).failures).toEqual([{ queueId: 404, message: 'Unknown queue id' }]);
  });

  it('the same results inside `success: false`', async () => {
    const client = clientAnswering({ success: false, data: [unknownQueue], error: 'Unknown queue id' });
    const results = await client.agentQueues.set(body);
    expect(results).toEqual([unknownQueue]);
    expect(changeOutcome(AGENT, results)).toMatchObject({ ok: false, failures: [{ queueId: 404 }] });
  });

  it('one element alone inside `success: false`', async () => {
    const unknownAgent = { id: AGENT, success: false, error: 'Unknown agent id', queues: [] };
    const client = clientAnswering({ success: false, data: unknownAgent, error: 'Unknown agent id' });
    const results = await client.agentQueues.set(body);
    expect(changeOutcome(AGENT, results)).toEqual({
      ok: false,
      failures: [],
      agentError: 'Unknown agent id',
    });
  });

  it('`success: false` without results stays a business error', async () => {
    const client = clientAnswering({ success: false, data: null, error: 'Unknown agent id' });
    await expect(client.agentQueues.set(body)).rejects.toBeInstanceOf(BusinessError);
  });
});
