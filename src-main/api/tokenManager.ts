/**
 * The access token: fetched on first use with the client-credentials grant, kept in memory only, renewed
 * before it expires, shared by concurrent callers (one token request at a time). A rejected client id or
 * secret (`invalid_client`) stops the manager: every call fails fast with that AuthError until
 * `setCredentials` is called again, so a wrong secret is not hammered at the PBX.
 *
 * Neither the secret nor the token is ever logged or put into an error message.
 */
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { t } from '../shared/i18n';
import { AuthError, InvalidArgument, ServerError, type RequestContext } from './errors';
import { isPlainObject, parseJson, pbxText } from './envelope';
import type { HttpResponse, HttpTransport } from './http/httpTransport';
import { OAuthError, TokenResponse } from './schemas';

export interface Credentials {
  /** The service account's user name. */
  clientId: string;
  /** The service account's password. */
  clientSecret: string;
}

export interface TokenInfo {
  tokenType: string;
  /** The lifetime the PBX granted, in seconds. */
  expiresInSeconds: number;
}

export interface TokenManagerOptions {
  http: HttpTransport;
  /** `{auth_url}/login/oauth2/token`. */
  tokenUrl: URL;
  credentials: Credentials;
  clock: Clock;
  logger: Logger;
  /** Used when `expires_in` is missing or not a positive number; default 3600, a PBX's usual token lifetime. */
  defaultLifetimeSeconds?: number;
}

interface HeldToken {
  value: string;
  info: TokenInfo;
  /** Epoch ms after which the next caller renews it. */
  renewAt: number;
}

const TOKEN_PATH = '/login/oauth2/token';
/** The error codes of RFC 6749 section 5.2: how a token endpoint's own refusal is told from other 4xx. */
const OAUTH_ERRORS: ReadonlySet<string> = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);
const DEFAULT_LIFETIME_SECONDS = 3600;
const RENEWAL_MARGIN_MS = 60_000;

/**
 * When to renew a token of the given lifetime: at 90 % of it or 60 s before expiry, whichever is earlier,
 * but never before half of it has passed, so a very short lifetime (tests use 2 s) does not mean a token
 * request before every call.
 */
export function renewalDelayMs(lifetimeMs: number): number {
  const preferred = Math.min(lifetimeMs * 0.9, lifetimeMs - RENEWAL_MARGIN_MS);
  return Math.max(preferred, lifetimeMs / 2);
}

/** `expires_in` is documented as a string of seconds; numbers are accepted too. */
export function parseExpiresIn(value: unknown): number | undefined {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

function checkCredentials(credentials: Credentials): Credentials {
  if (!credentials.clientId?.trim()) throw new InvalidArgument(t('pbx.clientIdEmpty'));
  if (!credentials.clientSecret) throw new InvalidArgument(t('pbx.clientSecretEmpty'));
  return { clientId: credentials.clientId.trim(), clientSecret: credentials.clientSecret };
}

export class TokenManager {
  private credentials: Credentials;
  private token: HeldToken | undefined;
  private inFlight: Promise<HeldToken> | undefined;
  private rejection: AuthError | undefined;
  /** Bumped by setCredentials, so an answer for the old credentials is never kept. */
  private generation = 0;

  constructor(private readonly options: TokenManagerOptions) {
    this.credentials = checkCredentials(options.credentials);
  }

  /** New credentials (the user corrected them): forget the token and any earlier rejection. */
  setCredentials(credentials: Credentials): void {
    this.credentials = checkCredentials(credentials);
    this.generation++;
    this.token = undefined;
    this.inFlight = undefined;
    this.rejection = undefined;
  }

  /**
   * Asks the PBX again with the same credentials: a refusal after they had worked may be a PBX restarting
   * or revoking its tokens, so the connection's capped backoff retries it (never a secret refused at setup).
   */
  retryRefusedCredentials(): void {
    this.rejection = undefined;
  }

  /** True after the PBX answered invalid_client, until new credentials are set. */
  get credentialsRejected(): boolean {
    return this.rejection !== undefined;
  }

  /** A valid access token, requesting one when there is none or it is due for renewal. */
  async getToken(): Promise<string> {
    for (;;) {
      if (this.rejection) throw this.rejection;
      if (this.token && this.options.clock.now() < this.token.renewAt) return this.token.value;
      const generation = this.generation;
      const token = await this.shared(generation);
      if (generation === this.generation) return token.value;
    }
  }

  /** A fresh token now (the "Test connection" button), replacing the one held. */
  async renew(): Promise<TokenInfo> {
    if (this.rejection) throw this.rejection;
    this.token = undefined;
    return (await this.shared(this.generation)).info;
  }

  /** The PBX rejected this token (401): the next getToken requests a new one, unless already done. */
  invalidate(token: string): void {
    if (this.token?.value === token) this.token = undefined;
  }

  private shared(generation: number): Promise<HeldToken> {
    if (!this.inFlight) {
      const request = this.request(generation).finally(() => {
        if (this.inFlight === request) this.inFlight = undefined;
      });
      this.inFlight = request;
    }
    return this.inFlight;
  }

  private async request(generation: number): Promise<HeldToken> {
    const { http, tokenUrl, clock, logger } = this.options;
    const startedAt = clock.now();
    let response: HttpResponse;
    try {
      response = await http.send({
        method: 'POST',
        url: tokenUrl,
        path: TOKEN_PATH,
        body: {
          client_id: this.credentials.clientId,
          client_secret: this.credentials.clientSecret,
          grant_type: 'client_credentials',
        },
      });
    } catch (error) {
      logger.warn(`token request failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    try {
      const held = this.readToken(response, startedAt);
      if (generation === this.generation) this.token = held;
      logger.info(`token renewed, expires in ${held.info.expiresInSeconds}s`);
      return held;
    } catch (error) {
      if (error instanceof AuthError && error.reason === 'invalid_client' && generation === this.generation) {
        this.rejection = error;
      }
      logger.warn(`token request failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  private readToken(response: HttpResponse, startedAt: number): HeldToken {
    const context: RequestContext = { method: 'POST', path: TOKEN_PATH, status: response.status };
    const parsed = parseJson(response.body);
    const body = parsed.ok && isPlainObject(parsed.value) ? parsed.value : undefined;

    if (response.status === 200) {
      if (!body) throw ServerError.notAPbx(context, t('pbx.tokenNotJson'));
      const token = TokenResponse.safeParse(body);
      if (!token.success) throw ServerError.notAPbx(context, t('pbx.tokenWithoutAccessToken'));
      return this.hold(token.data, startedAt);
    }
    // Only an OAuth error body is the token endpoint speaking; a bare 401 or 400 comes from something else
    // at that URL (a proxy, another web application), which no new secret would fix.
    const oauth = OAuthError.safeParse(body);
    if (
      (response.status === 400 || response.status === 401) &&
      oauth.success &&
      OAUTH_ERRORS.has(oauth.data.error)
    ) {
      const description = pbxText(oauth.data.error_description);
      const reason =
        response.status === 401 || oauth.data.error === 'invalid_client'
          ? 'invalid_client'
          : 'invalid_request';
      throw new AuthError(reason, context, description);
    }
    if (response.status >= 500)
      throw ServerError.failure(context, pbxText(body?.error), response.retryAfterMs);
    throw ServerError.notAPbx(context, t('pbx.tokenHttpStatus', { status: response.status }));
  }

  private hold(token: TokenResponse, startedAt: number): HeldToken {
    let seconds = parseExpiresIn(token.expires_in);
    if (seconds === undefined) {
      seconds = this.options.defaultLifetimeSeconds ?? DEFAULT_LIFETIME_SECONDS;
      this.options.logger.warn(
        `token expires_in ${JSON.stringify(token.expires_in)} is not a number of seconds; assuming ${seconds}s`,
      );
    }
    // Counted from when the request left, so network delay never makes us use a token past its expiry.
    return {
      value: token.access_token,
      info: { tokenType: token.token_type, expiresInSeconds: seconds },
      renewAt: startedAt + renewalDelayMs(seconds * 1000),
    };
  }
}
