/**
 * A simulated outage (POST /_sim/outage): for a while every API request is answered with 503 and the
 * envelope, or its connection is dropped without an answer; or, as a PBX that restarts or revokes its tokens
 * does, every API request is refused with 401 (`401`: the token endpoint still grants tokens; `401-all`: it
 * refuses the client too); or rate-limited with `429 Retry-After`. It runs on the simulated clock, so
 * advancing the clock ends it too; /_sim/ itself stays reachable so a test can end it early.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../shared/clock';

export type OutageMode = '503' | 'drop' | '401' | '401-all' | '429';

export const OUTAGE_MODES = ['503', 'drop', '401', '401-all', '429'] as const satisfies readonly OutageMode[];

const TOKEN_PATH = '/login/oauth2/token';

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
      const tokenRequest = request.url.startsWith(TOKEN_PATH);
      // Answering here without done() ends the request in this hook.
      if (mode === 'drop') {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (mode === '401' || mode === '401-all') {
        if (tokenRequest && mode === '401') return done();
        if (tokenRequest) {
          void reply.code(401).send({
            error: 'invalid_client',
            error_description: 'Client authentication failed (simulated)',
            error_uri: 'https://pbx.invalid/errors#invalid_client',
          });
          return;
        }
        void reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ success: false, data: null, error: 'The access token is not valid (simulated)' });
        return;
      }
      if (mode === '429') {
        void reply
          .code(429)
          .header('retry-after', String(this.secondsLeft()))
          .send({ success: false, data: null, error: 'Too many requests (simulated)' });
        return;
      }
      void reply
        .code(503)
        .header('retry-after', String(this.secondsLeft()))
        .send({ success: false, data: null, error: 'Service unavailable (simulated outage)' });
    });
  }
}
