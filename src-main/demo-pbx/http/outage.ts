/**
 * A simulated outage (POST /_sim/outage): for a while every API request is answered with 503 and the
 * envelope, or its connection is dropped without an answer. It runs on the simulated clock, so advancing
 * the clock ends it too; /_sim/ itself stays reachable so a test can end it early.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../shared/clock';

export type OutageMode = '503' | 'drop';

export class Outage {
  private untilMs = 0;
  private mode: OutageMode = '503';

  constructor(private readonly clock: Clock) {}

  /** Starts (or, with 0 seconds, ends) an outage. */
  start(seconds: number, mode: OutageMode): void {
    this.untilMs = this.clock.now() + seconds * 1000;
    this.mode = mode;
  }

  /** The mode in force now, or null. */
  current(): OutageMode | null {
    return this.clock.now() < this.untilMs ? this.mode : null;
  }

  secondsLeft(): number {
    return Math.max(0, Math.ceil((this.untilMs - this.clock.now()) / 1000));
  }

  /** The hook that applies it to every request outside /_sim/ (a callback hook: it runs on every request). */
  install(app: FastifyInstance): void {
    app.addHook('onRequest', (request, reply, done) => {
      const mode = this.current();
      if (!mode || request.url.startsWith('/_sim/')) return done();
      // Answering here without done() ends the request in this hook.
      if (mode === 'drop') {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      void reply
        .code(503)
        .header('retry-after', String(this.secondsLeft()))
        .send({ success: false, data: null, error: 'Service unavailable (simulated outage)' });
    });
  }
}
