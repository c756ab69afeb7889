/**
 * The demo PBX's one `onRequest` hook: the request is counted (requestCounts.ts), a simulated outage
 * answers first (outage.ts), then the bearer token is checked (bearerAuth.ts). One hook rather than one per feature, since Fastify's hook runner costs the
 * same per hook whether or not its feature has work to do; with no outage and the latest token this costs a
 * clock read and one string compare. Hooks cannot be added once the server listens, so it is always there.
 */
import type { FastifyInstance } from 'fastify';
import type { BearerAuth } from './bearerAuth';
import type { Outage } from './outage';
import type { RequestCounts } from './requestCounts';

export function installRequestGate(
  app: FastifyInstance,
  counts: RequestCounts,
  outage: Outage,
  bearer: BearerAuth | null,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    counts.count(request);
    // Answered (or dropped) here: done() is not called, so the request ends in this hook.
    if (outage.intercepts(request, reply)) return;
    const refusal = bearer?.refusal(request);
    if (refusal) done(refusal);
    else done();
  });
}
