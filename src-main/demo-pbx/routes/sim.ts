/**
 * The control interface for tests and the demo (not part of the documented API), under {auth_url}/_sim/:
 * the clock, outages, CRM paging, answer drift and voicebot conversations. The call engine adds /_sim/calls/*.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound, ok } from '../http/envelope';
import { OUTAGE_MODES, type Outage } from '../http/outage';
import type { ResponseDrift } from '../http/responseDrift';
import { parseOr400 } from '../http/validation';
import { DEFAULT_TURN_WAIT_SECONDS } from '../store/voicebot';
import type { DemoState } from '../state';
import { simDriftRoutes } from './simDrift';

/** One request moves the clock by a day at most: every automatic call of the jump is simulated on the way. */
const ONE_DAY = 24 * 3600;

const ClockAdvance = z.strictObject({
  advance_s: z
    .number()
    .min(0, 'advance_s must not be negative')
    .max(ONE_DAY, 'advance_s is at most 86400 (one day)'),
});
const OutageRequest = z.strictObject({
  seconds: z
    .number()
    .min(0, 'seconds must not be negative')
    .max(ONE_DAY, 'seconds is at most 86400 (one day)'),
  mode: z.enum(OUTAGE_MODES, { message: `mode must be one of ${OUTAGE_MODES.join(', ')}` }),
});
/** `cap` and `max_limit` of the CRM lists (store/crmPaging.ts); null lifts one, absent keeps it. */
const PagingRequest = z.strictObject({
  cap: z.number().int().min(1).max(1000).nullable().optional(),
  max_limit: z.number().int().min(1).max(1000).nullable().optional(),
  omit_total: z.boolean().optional(),
});
const WaitSeconds = z.number().positive().max(3600);
const NewConversation = z.strictObject({
  uniqueid: z.string().max(64).optional(),
  wait_s: WaitSeconds.optional(),
});
const NewTurn = z.strictObject({ wait_s: WaitSeconds.optional() });

type ConversationRequest = FastifyRequest<{ Params: { conversation_id: string } }>;

export async function simRoutes(
  app: FastifyInstance,
  { state, outage, drift }: { state: DemoState; outage: Outage; drift: ResponseDrift },
): Promise<void> {
  app.post('/clock', async (request) => {
    const { advance_s } = parseOr400(ClockAdvance, request.body ?? {});
    state.clock.advance(advance_s);
    return ok({ now: state.clock.now() / 1000 });
  });

  app.post('/outage', async (request) => {
    const { seconds, mode } = parseOr400(OutageRequest, request.body);
    outage.start(seconds, mode);
    return ok({ mode, seconds });
  });

  await app.register(simDriftRoutes, { drift });

  app.post('/paging', async (request) => {
    const { cap, max_limit, omit_total } = parseOr400(PagingRequest, request.body ?? {});
    const rules = state.crmPaging.set({
      ...(cap === undefined ? {} : { cap }),
      ...(max_limit === undefined ? {} : { maxLimit: max_limit }),
      ...(omit_total === undefined ? {} : { omitTotal: omit_total }),
    });
    return ok({ cap: rules.cap, max_limit: rules.maxLimit, omit_total: rules.omitTotal });
  });

  app.post('/voicebot/conversations', async (request) => {
    const { uniqueid, wait_s } = parseOr400(NewConversation, request.body ?? {});
    const opened = state.voicebot.open(uniqueid ?? null, wait_s ?? DEFAULT_TURN_WAIT_SECONDS);
    return ok(opened);
  });

  app.post('/voicebot/conversations/:conversation_id/turns', async (request: ConversationRequest) => {
    const { wait_s } = parseOr400(NewTurn, request.body ?? {});
    const correlationId = state.voicebot.nextTurn(request.params.conversation_id, wait_s);
    if (!correlationId) throw notFound(`no active conversation ${request.params.conversation_id}`);
    return ok({ conversationId: request.params.conversation_id, correlationId });
  });

  app.get('/voicebot/conversations/:conversation_id', async (request: ConversationRequest) => {
    const view = state.voicebot.view(request.params.conversation_id);
    if (!view) throw notFound(`conversation ${request.params.conversation_id} not found`);
    return ok(view);
  });
}
