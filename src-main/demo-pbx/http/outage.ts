/**
 * A simulated outage (POST /_sim/outage): for a while every API request is answered with 503 and the
 * envelope, or its connection is dropped without an answer; or, as a PBX that restarts or revokes its tokens
 * does, every API request is refused with 401 (`401`: the token endpoint still grants tokens; `401-all`: it
 * refuses the client too); or rate-limited with `429 Retry-After`. It runs on the simulated clock, so
 * advancing the clock ends it too; /_sim/ itself stays reachable so a test can end it early.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
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

  /**
   * Applies it to a request (the request gate runs this first on every request): true when the outage has
   * answered it (or dropped its connection), false when the request goes on, as it does with no outage.
   */
  intercepts(request: FastifyRequest, reply: FastifyReply): boolean {
    const mode = this.current();
    if (!mode || request.url.startsWith('/_sim/')) return false;
    const tokenRequest = request.url.startsWith(TOKEN_PATH);
    if (mode === 'drop') {
      reply.hijack();
      request.raw.socket.destroy();
      return true;
    }
    if (mode === '401' || mode === '401-all') {
      if (tokenRequest && mode === '401') return false;
      if (tokenRequest) {
        void reply.code(401).send({
          error: 'invalid_client',
          error_description: 'Client authentication failed (simulated)',
          error_uri: 'https://pbx.invalid/errors#invalid_client',
        });
        return true;
      }
      void reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ success: false, data: null, error: 'The access token is not valid (simulated)' });
      return true;
    }
    if (mode === '429') {
      void reply
        .code(429)
        .header('retry-after', String(this.secondsLeft()))
        .send({ success: false, data: null, error: 'Too many requests (simulated)' });
      return true;
    }
    void reply
      .code(503)
      .header('retry-after', String(this.secondsLeft()))
      .send({ success: false, data: null, error: 'Service unavailable (simulated outage)' });
    return true;
  }
}
