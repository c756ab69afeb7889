/**
 * Sign-in with the company's identity provider: OpenID Connect authorization code flow with PKCE, state
 * and nonce, by openid-client (a certified relying party). The provider's metadata comes from discovery on
 * the issuer URL. One claim of the ID token (`preferred_username` or `email`) names the person; the caller's
 * resolver maps it to a PBX user, and a person the PBX does not know is refused.
 *
 * Each sign-in's state, nonce, PKCE verifier and return path stay on the server, keyed by a random id the
 * browser carries in a short-lived cookie; a callback is honoured once, for the browser that started it.
 */
import * as oidc from 'openid-client';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { isLoopbackHost } from '../../shared/loopback';
import { isWellFormedToken, newSecretToken } from './secretTokens';

export type IdentityClaim = 'preferred_username' | 'email';

export interface OidcConfig {
  /** The issuer URL; its `/.well-known/openid-configuration` is read at start. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** This server's callback as registered at the provider: `<serverOrigin>/auth/callback`. */
  redirectUri: string;
  /** The ID token claim that names the PBX user. */
  claim: IdentityClaim;
}

/** The PBX user a person signs in as. */
export interface AgentIdentity {
  /** The PBX username: what sessions, policy and audit name. */
  username: string;
}

/**
 * Maps the claim's value to a PBX user (a username or e-mail lookup among the PBX users), or undefined;
 * throws AmbiguousClaim when it names more than one.
 */
export type AgentResolver = (claimValue: string) => Promise<AgentIdentity | undefined>;

/** The claim's value names more than one PBX user (two users with one e-mail address): nobody is signed in. */
export class AmbiguousClaim extends Error {
  constructor(readonly usernames: readonly string[]) {
    // i18n-exempt: logged, never shown; the person is told by signIn.ambiguousUser.
    super(`${usernames.length} PBX users match the claim`);
    this.name = 'AmbiguousClaim';
  }
}

export type SignInRefusal =
  /** No sign-in of this browser is waiting (cookie missing, expired, already used). */
  | 'no-transaction'
  /** The callback's state is not the one this browser was sent with: a forged or swapped callback. */
  | 'state'
  /** The ID token was issued for another authorization request. */
  | 'nonce'
  /** The provider declined (the person cancelled, no access) or answered with something invalid. */
  | 'provider-refused'
  /** The provider could not be reached. */
  | 'provider-unreachable'
  /** The ID token lacks the configured claim. */
  | 'no-claim'
  /** The `email` claim's address is one the provider says it has not verified. */
  | 'email-unverified'
  /** The claim names nobody the PBX knows. */
  | 'unknown-user'
  /** The claim names more than one PBX user (one e-mail address shared). */
  | 'ambiguous-user'
  /** The PBX could not be asked who the claim names. */
  | 'lookup-failed';

export type SignInOutcome =
  | { ok: true; agent: AgentIdentity; returnPath: string }
  | { ok: false; reason: SignInRefusal; claimValue?: string };

/** How long a browser may take at the provider. */
export const SIGN_IN_TRANSACTION_MS = 10 * 60_000;
/** Pending sign-ins kept at most; the oldest goes first (the routes' rate limit keeps this far away). */
const MAX_TRANSACTIONS = 10_000;
const SCOPES = { preferred_username: 'openid profile', email: 'openid email' } satisfies Record<
  IdentityClaim,
  string
>;

interface Transaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnPath: string;
  expiresAt: number;
}

export interface OidcSignInOptions {
  config: OidcConfig;
  resolveAgent: AgentResolver;
  clock: Clock;
  logger: Logger;
}

/** Only a path on this server (`/`, `/calls?x=1`), so a sign-in cannot be turned into a redirect elsewhere. */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.length > 512) return '/';
  if (candidate.startsWith('//') || candidate.includes('\\') || /\p{Cc}/u.test(candidate)) return '/';
  return candidate;
}

/** Whether the provider's answer failed on the ID token's nonce (the cause chain of openid-client's error). */
function isNonceMismatch(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const detail = cause.cause as { claim?: unknown } | undefined;
    if (detail && typeof detail === 'object' && detail.claim === 'nonce') return true;
  }
  return false;
}

const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError && /fetch failed|network/i.test(error.message);

export class OidcSignIn {
  readonly claim: IdentityClaim;
  readonly #config: OidcConfig;
  readonly #resolveAgent: AgentResolver;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #transactions = new Map<string, Transaction>();
  #configuration: Promise<oidc.Configuration> | undefined;

  /** Reads nothing yet: the provider's metadata is fetched at the first sign-in, so the server starts while
   * the provider is down and a sign-in after it is back works without a restart. */
  constructor(options: OidcSignInOptions) {
    this.#config = options.config;
    this.claim = options.config.claim;
    this.#resolveAgent = options.resolveAgent;
    this.#clock = options.clock;
    this.#logger = options.logger;
  }

  /** Starts a sign-in: the id for the browser's cookie, and where to send the browser. */
  async begin(
    returnPath: string,
  ): Promise<
    { ok: true; transactionId: string; authorizationUrl: URL } | { ok: false; reason: 'provider-unreachable' }
  > {
    const configuration = await this.#discovered();
    if (!configuration) return { ok: false, reason: 'provider-unreachable' };
    const now = this.#clock.now();
    this.#forgetExpired(now);
    const transaction: Transaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      returnPath: safeReturnPath(returnPath),
      expiresAt: now + SIGN_IN_TRANSACTION_MS,
    };
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.#config.redirectUri,
      scope: SCOPES[this.claim],
      response_type: 'code',
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
    });
    const transactionId = newSecretToken();
    this.#transactions.set(transactionId, transaction);
    for (const oldest of this.#transactions.keys()) {
      if (this.#transactions.size <= MAX_TRANSACTIONS) break;
      this.#transactions.delete(oldest);
    }
    return { ok: true, transactionId, authorizationUrl };
  }

  /** Finishes the sign-in the browser's cookie names, with the URL the provider sent it back to. */
  async complete(transactionId: unknown, callbackUrl: URL): Promise<SignInOutcome> {
    const transaction = isWellFormedToken(transactionId) ? this.#transactions.get(transactionId) : undefined;
    if (!transaction || transaction.expiresAt <= this.#clock.now())
      return { ok: false, reason: 'no-transaction' };
    // One use, whatever comes of it: a failed callback cannot be replayed with other parameters.
    this.#transactions.delete(transactionId as string);
    if (callbackUrl.searchParams.get('state') !== transaction.state) return { ok: false, reason: 'state' };

    const configuration = await this.#discovered();
    if (!configuration) return { ok: false, reason: 'provider-unreachable' };
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      claims = idToken;
      // In the code flow a provider may keep profile and e-mail claims for its UserInfo endpoint (the spec's
      // default; oidc-provider does): ask it, for the same subject, when the ID token lacks the claim.
      if (!(this.claim in idToken)) {
        claims = {
          ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
          ...idToken,
        };
      }
    } catch (error) {
      this.#logger.warn('OIDC sign-in refused', { error: String(error) });
      if (isNonceMismatch(error)) return { ok: false, reason: 'nonce' };
      return { ok: false, reason: isNetworkFailure(error) ? 'provider-unreachable' : 'provider-refused' };
    }
    const claimValue = claims[this.claim];
    if (typeof claimValue !== 'string' || claimValue.trim() === '') return { ok: false, reason: 'no-claim' };
    // An address the provider says it has not verified could be anyone's (some providers let people type one).
    if (this.claim === 'email' && claims.email_verified === false) {
      return { ok: false, reason: 'email-unverified', claimValue: claimValue.trim() };
    }
    let agent: AgentIdentity | undefined;
    try {
      agent = await this.#resolveAgent(claimValue.trim());
    } catch (error) {
      if (error instanceof AmbiguousClaim) {
        this.#logger.warn('OIDC sign-in refused: the claim names several PBX users', {
          usernames: error.usernames,
        });
        return { ok: false, reason: 'ambiguous-user', claimValue: claimValue.trim() };
      }
      this.#logger.warn('PBX user lookup for a sign-in failed', { error: String(error) });
      return { ok: false, reason: 'lookup-failed' };
    }
    if (!agent) return { ok: false, reason: 'unknown-user', claimValue };
    return { ok: true, agent, returnPath: transaction.returnPath };
  }

  /** The provider's metadata, fetched once; undefined (and asked again next time) while it cannot be read. */
  async #discovered(): Promise<oidc.Configuration | undefined> {
    if (!this.#configuration) {
      const issuer = new URL(this.#config.issuer);
      // http only to a provider on this machine (a test's, a developer's); a real one is https.
      const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
      this.#configuration = oidc.discovery(
        issuer,
        this.#config.clientId,
        undefined,
        // HTTP Basic: the spec's default method, which every provider supports.
        oidc.ClientSecretBasic(this.#config.clientSecret),
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    }
    try {
      return await this.#configuration;
    } catch (error) {
      this.#logger.warn('OIDC discovery failed', { issuer: this.#config.issuer, error: String(error) });
      this.#configuration = undefined;
      return undefined;
    }
  }

  #forgetExpired(now: number): void {
    for (const [id, transaction] of this.#transactions) {
      if (transaction.expiresAt <= now) this.#transactions.delete(id);
    }
  }
}
