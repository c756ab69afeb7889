/** Shared data (a POST replaces the whole value) and voicebot say. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SharedDataId,
  SharedDataItem,
  VoicebotExtendWait,
  VoicebotReply,
  VoicebotSayRequest,
  VoicebotSpeak,
} from '../../api/schemas';
import { badRequest, businessError, notFound, ok } from '../http/envelope';
import { parseOr400 } from '../http/validation';
import type { SayOutcome } from '../store/voicebot';
import type { DemoState } from '../state';

type SharedRequest = FastifyRequest<{ Params: { identificator: string } }>;

const SAY_USES =
  'voicebot say needs conversationId and text (speak), correlationId and extendTimeout (extend the wait), ' +
  'or correlationId, text and extractedData (reply to a turn)';

export async function sharedDataRoutes(app: FastifyInstance, { state }: { state: DemoState }): Promise<void> {
  app.get('/shared/:identificator', async (request: SharedRequest) => {
    const id = parseOr400(SharedDataId, request.params.identificator, 'identificator');
    const item = state.shared.get(id);
    if (!item) throw notFound(`shared data ${id} not found`);
    return ok(item);
  });

  app.post('/shared/:identificator', async (request: SharedRequest) => {
    const id = parseOr400(SharedDataId, request.params.identificator, 'identificator');
    state.shared.set(id, parseOr400(SharedDataItem, request.body));
    return ok(null);
  });
}

export async function voicebotRoutes(app: FastifyInstance, { state }: { state: DemoState }): Promise<void> {
  const answer = (outcome: SayOutcome) => (outcome.ok ? ok(null) : businessError(outcome.error));

  // The use is chosen by which fields are present, in the API's order (speak, wait longer, reply); the fields
  // of that use are then validated, and unknown conversation or correlation ids are business errors
  // (HTTP 200).
  app.post('/voicebot/say', async (request) => {
    const body = parseOr400(VoicebotSayRequest, request.body);
    if (body.conversationId !== undefined && body.text !== undefined) {
      const { conversationId, text } = parseOr400(VoicebotSpeak, body);
      return answer(state.voicebot.speak(conversationId, text));
    }
    if (body.correlationId !== undefined && body.extendTimeout !== undefined) {
      const { correlationId, extendTimeout } = parseOr400(VoicebotExtendWait, body);
      return answer(state.voicebot.extend(correlationId, extendTimeout));
    }
    if (body.correlationId !== undefined && body.text !== undefined && body.extractedData !== undefined) {
      const reply = parseOr400(VoicebotReply, body);
      if (reply.transfer && reply.end) throw badRequest('transfer and end cannot both be true');
      return answer(
        state.voicebot.reply(reply.correlationId, {
          text: reply.text,
          extractedData: reply.extractedData,
          transfer: reply.transfer ?? false,
          end: reply.end ?? false,
        }),
      );
    }
    throw badRequest(SAY_USES);
  });
}
