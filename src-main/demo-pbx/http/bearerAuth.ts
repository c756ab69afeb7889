/**
 * Every endpoint but the token endpoint needs `Authorization: Bearer <token>`. Missing, unknown or expired →
 * 401 with `WWW-Authenticate: Bearer error="invalid_token"` and the failure envelope (see docs/pbx-api.md
 * (Authentication)). Run by the request gate (requestGate.ts) on every request.
 */
import type { FastifyRequest } from 'fastify';
import type { TokenStore } from '../auth/tokens';
import { HttpError } from './envelope';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

const MESSAGES = {
  missing: 'missing bearer token: send Authorization: Bearer <access token>',
  unknown: 'invalid access token',
  expired: 'the access token has expired',
} as const;

export class BearerAuth {
  constructor(
    private readonly tokens: TokenStore,
    private readonly openPaths: readonly string[],
  ) {}

  /** Null when the request may go on; else the 401 to answer it with. */
  refusal(request: FastifyRequest): HttpError | null {
    const authorization = request.headers.authorization ?? '';
    // The latest token as clients send it: one compare, nothing parsed or allocated (the request path).
    if (this.tokens.isLatestValid(authorization)) return null;
    const token = BEARER.exec(authorization)?.[1];
    const verdict = token === undefined ? 'missing' : this.tokens.check(token);
    if (verdict === 'valid') return null;
    // Whether the path is open matters only to a request without a valid token.
    if (this.openPaths.includes(request.url.split('?')[0]!)) return null;
    const message = MESSAGES[verdict];
    return new HttpError(401, message, {
      'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    });
  }
}
