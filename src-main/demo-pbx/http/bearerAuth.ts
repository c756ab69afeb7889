/**
 * Every endpoint but the token endpoint needs `Authorization: Bearer <token>`. Missing, unknown or expired →
 * 401 with `WWW-Authenticate: Bearer error="invalid_token"` and the failure envelope (see docs/pbx-api.md
 * (Authentication)).
 */
import type { FastifyInstance } from 'fastify';
import type { TokenStore } from '../auth/tokens';
import { HttpError } from './envelope';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

const MESSAGES = {
  missing: 'missing bearer token: send Authorization: Bearer <access token>',
  unknown: 'invalid access token',
  expired: 'the access token has expired',
} as const;

export function installBearerAuth(
  app: FastifyInstance,
  tokens: TokenStore,
  openPaths: readonly string[],
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const path = request.url.split('?')[0]!;
    if (openPaths.includes(path)) return done();
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const verdict = token === undefined ? 'missing' : tokens.check(token);
    if (verdict === 'valid') return done();
    const message = MESSAGES[verdict];
    done(
      new HttpError(401, message, {
        'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
      }),
    );
  });
}
