/** `/_sim/drift`: turns simulated drift of the answers on and off (http/responseDrift.ts). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { DriftRequest, type ResponseDrift } from '../http/responseDrift';
import { parseOr400 } from '../http/validation';

export async function simDriftRoutes(
  app: FastifyInstance,
  { drift }: { drift: ResponseDrift },
): Promise<void> {
  app.get('/drift', async () => ok({ rules: drift.list() }));

  /** Adds (or with `share: 0` removes) one rule; answers all rules in force. */
  app.post('/drift', async (request) => ok({ rules: drift.set(parseOr400(DriftRequest, request.body)) }));

  app.delete('/drift', async () => {
    drift.clear();
    return ok({ rules: drift.list() });
  });
}
