/**
 * POST {auth_url}/login/oauth2/token: client credentials in a JSON or form-encoded body (see docs/pbx-api.md
 * (Authentication)). Its errors are OAuth's, not the envelope: 400 invalid_request, 401 invalid_client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { TokenRequest } from '../../api/schemas';
import type { Logger } from '../../shared/logger';
import { describeIssues } from '../http/validation';
import type { Organisation } from '../store/organisation';
import { secretsEqual, type TokenStore } from './tokens';

export const TOKEN_PATH = '/login/oauth2/token';

const ERROR_URI = 'https://datatracker.ietf.org/doc/html/rfc6749#section-5.2';

class OAuthError extends Error {
  constructor(
    readonly statusCode: 400 | 401,
    readonly error: 'invalid_request' | 'invalid_client',
    description: string,
  ) {
    super(description);
  }
}

/** Why these credentials get no token, or null when they may have one. */
function refusal(organisation: Organisation, clientId: string, clientSecret: string): string | null {
  const user = organisation.userByUsername(clientId);
  // One message for an unknown account and a wrong secret, so the answer does not reveal which accounts exist.
  if (!user || !secretsEqual(clientSecret, user.password) || user.password === '') {
    return 'Client authentication failed: unknown client or wrong secret';
  }
  if (!user.active) return 'Client authentication failed: the account is inactive';
  const role = user.role_id === null ? undefined : organisation.roles.get(user.role_id);
  if (!role?.superuser) return 'Client authentication failed: the account does not have a superuser role';
  if (user.public) return 'Client authentication failed: a public account cannot use the API';
  return null;
}

export async function tokenRoute(
  app: FastifyInstance,
  { organisation, tokens, logger }: { organisation: Organisation; tokens: TokenStore; logger: Logger },
): Promise<void> {
  // Every failure of this route, the body parser's included, answers in OAuth's form.
  app.setErrorHandler((error: FastifyError | OAuthError, _request, reply) => {
    let oauth: OAuthError | null = error instanceof OAuthError ? error : null;
    if (!oauth && (error.statusCode ?? 500) < 500) {
      oauth = new OAuthError(400, 'invalid_request', `Malformed token request: ${error.message}`);
    }
    reply.header('cache-control', 'no-store');
    if (!oauth) {
      logger.error('token endpoint failed', error);
      return reply
        .code(500)
        .send({ error: 'server_error', error_description: 'Internal error', error_uri: ERROR_URI });
    }
    return reply
      .code(oauth.statusCode)
      .send({ error: oauth.error, error_description: oauth.message, error_uri: ERROR_URI });
  });

  app.post(TOKEN_PATH, async (request, reply) => {
    const parsed = TokenRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw new OAuthError(400, 'invalid_request', describeIssues(parsed.error));
    const { client_id, client_secret, grant_type } = parsed.data;
    if (grant_type !== 'client_credentials') {
      throw new OAuthError(
        400,
        'invalid_request',
        `grant_type must be client_credentials, not ${grant_type}`,
      );
    }
    const refused = refusal(organisation, client_id, client_secret);
    if (refused) throw new OAuthError(401, 'invalid_client', refused);
    const token = tokens.issue();
    return reply.header('cache-control', 'no-store').send({
      access_token: token.accessToken,
      token_type: 'Bearer',
      expires_in: String(token.expiresInSeconds),
    });
  });
}
