/**
 * The control interface's queue switches, under {auth_url}/_sim/: set a queue's waiting callers, and choose
 * how a bulk membership update with an unknown agent or queue is answered (not part of the documented API).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound, ok } from '../http/envelope';
import { parseId, parseOr400 } from '../http/validation';
import type { DemoState } from '../state';

const WaitingCallers = z.strictObject({
  count: z
    .number()
    .int('count must be a whole number')
    .min(0, 'count must not be negative')
    .max(50, 'count is at most 50'),
  waited_s: z
    .number()
    .min(0, 'waited_s must not be negative')
    .max(24 * 3600, 'waited_s is at most 86400 (one day)')
    .optional(),
});

const FailedUpdateAnswer = z.strictObject({
  failed_update: z.enum(['in-envelope', 'declined'], {
    message: 'failed_update must be "in-envelope" or "declined"',
  }),
});

type QueueRequest = FastifyRequest<{ Params: { queue_id: string } }>;

export async function queueSimRoutes(app: FastifyInstance, { state }: { state: DemoState }): Promise<void> {
  app.post('/queues/:queue_id/waiting', async (request: QueueRequest) => {
    const id = parseId(request.params.queue_id, 'queue_id');
    if (!state.organisation.queues.has(id)) throw notFound(`queue ${id} not found`);
    const { count, waited_s } = parseOr400(WaitingCallers, request.body ?? {});
    return ok({ queue_id: id, waiting: state.queueTraffic.setWaiting(id, count, waited_s ?? 0) });
  });

  app.post('/queues/agents/answer', async (request) => {
    const { failed_update } = parseOr400(FailedUpdateAnswer, request.body ?? {});
    state.agentQueueAnswers.failedUpdate = failed_update;
    return ok({ failed_update });
  });
}
