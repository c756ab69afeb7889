/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for the sign-in tests: one confidential client that
 * must use PKCE, the accounts given, and oidc-provider's development login and consent pages, which the
 * test browser fills in. The provider's HTTP server listens first, so its issuer URL is known before the
 * Ringside server's callback URL is (the client is registered once both are).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import {
  OidcSignIn,
  type AgentResolver,
  type IdentityClaim,
} from '../../../../src-main/server/identity/oidcSignIn';
import { silentLogger } from '../../../../src-main/shared/logger';

export const CLIENT_ID = 'ringside-team-server';
export const CLIENT_SECRET = 'a-test-client-secret-of-enough-length-0123456789';

export type AccountClaims = Record<string, string | boolean>;

export interface TestIdentityProvider {
  issuer: string;
  /** Registers the client with its callback and starts answering. */
  start(redirectUri: string): void;
  close(): Promise<void>;
}

/** The team server's relying party for `provider`'s client, answering at `origin`, mapping `claim`. */
export function signInWith(
  provider: TestIdentityProvider,
  origin: string,
  resolveAgent: AgentResolver,
  claim: IdentityClaim = 'preferred_username',
) {
  return new OidcSignIn({
    config: {
      issuer: provider.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${origin}/auth/callback`,
      claim,
    },
    resolveAgent,
    clock: { now: () => Date.now() },
    logger: silentLogger,
  });
}

/**
 * `hostName` is the issuer's host: `localhost` puts the provider on another site than a server on
 * 127.0.0.1 (a browser then treats the way back as cross-site, as with a real provider).
 */
export async function listenTestIdentityProvider(
  accounts: Record<string, AccountClaims>,
  hostName = '127.0.0.1',
): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://${hostName}:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    start(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT_ID,
            client_secret: CLIENT_SECRET,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        pkce: { required: () => true },
        claims: {
          openid: ['sub'],
          profile: ['preferred_username', 'name'],
          email: ['email', 'email_verified'],
        },
        cookies: { keys: ['test-cookie-key-for-the-identity-provider'] },
        // Explicit lifetimes (seconds), so the provider does not warn about its defaults on every sign-in.
        ttl: {
          Interaction: 600,
          Session: 3600,
          Grant: 3600,
          AccessToken: 600,
          IdToken: 600,
          AuthorizationCode: 60,
        },
        features: { devInteractions: { enabled: true } },
        findAccount: async (_context, id) => {
          const claims = accounts[id];
          return claims && { accountId: id, claims: async () => ({ sub: id, ...claims }) };
        },
      });
      server.on('request', provider.callback());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
