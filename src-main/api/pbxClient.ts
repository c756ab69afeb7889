/**
 * The PBX REST client: one typed method per endpoint of the API (docs/pbx-api.md). Top-level methods for
 * status, directories and calls; namespaces for the rest (`users.get`, `persons.list`, `voicebot.reply`, …).
 *
 * Every method takes an optional `CallOptions` last (abort signal, timeout) and rejects only with a
 * `PbxError` subclass (or the caller's abort reason). Answers are validated leniently (driftReporter.ts).
 */
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { ApiRequester } from './apiRequester';
import { DriftReporter } from './driftReporter';
import { callMetadataEndpoints, callPermissionsEndpoints, callsEndpoints } from './endpoints/calls';
import type { CallMetadataApi, CallPermissionsApi, CallsApi } from './endpoints/calls';
import { companiesEndpoints, personsEndpoints, type CompaniesApi, type PersonsApi } from './endpoints/crm';
import {
  sharedDataEndpoints,
  voicebotEndpoints,
  type SharedDataApi,
  type VoicebotApi,
} from './endpoints/misc';
import { systemEndpoints, type SystemApi } from './endpoints/system';
import { agentQueuesEndpoints, usersEndpoints, type AgentQueuesApi, type UsersApi } from './endpoints/users';
import { DEFAULT_TIMEOUT_MS, HttpTransport, type FetchLike, type Sleep } from './http/httpTransport';
import type { RetryPolicy } from './http/retry';
import { TokenManager, type Credentials, type TokenInfo } from './tokenManager';
import { resolvePbxUrls, type PbxUrls } from './urls';

export interface PbxClientConfig {
  /** The API root, e.g. `https://pbx.example.com/api/v1.0` (a bare host gets `/api/v1.0` appended). */
  baseUrl: string;
  /** The host root of the token endpoint and the v2 API; derived from `baseUrl` when omitted. */
  authUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Electron's `net.fetch` in the app, Node's `fetch` (or a pinned-certificate fetch) elsewhere. */
  fetch: FetchLike;
  /** Per request, including reading the body; default 10 s. */
  timeoutMs?: number;
  logger: Logger;
  clock: Clock;
  /** Retries of GET requests; the default is 3 attempts, backoff 250 ms doubling to 4 s. */
  retry?: RetryPolicy;
  /** For deterministic tests of the backoff jitter. */
  random?: () => number;
  /** For tests of the backoff without waiting. */
  sleep?: Sleep;
}

/** Every endpoint: status, directories and calls as methods of the client itself, the other areas as namespaces. */
interface PbxEndpoints extends SystemApi, CallsApi {
  permissions: CallPermissionsApi;
  metadata: CallMetadataApi;
  shared: SharedDataApi;
  users: UsersApi;
  agentQueues: AgentQueuesApi;
  persons: PersonsApi;
  companies: CompaniesApi;
  voicebot: VoicebotApi;
}

function endpointsOf(api: ApiRequester): PbxEndpoints {
  return {
    ...systemEndpoints(api),
    ...callsEndpoints(api),
    permissions: callPermissionsEndpoints(api),
    metadata: callMetadataEndpoints(api),
    shared: sharedDataEndpoints(api),
    users: usersEndpoints(api),
    agentQueues: agentQueuesEndpoints(api),
    persons: personsEndpoints(api),
    companies: companiesEndpoints(api),
    voicebot: voicebotEndpoints(api),
  };
}

/** A base class whose instances carry the given members as their own read-only properties. */
function withMembers<T extends object>() {
  return class {
    constructor(members: T) {
      Object.assign(this, members);
    }
  } as new (members: T) => Readonly<T>;
}

/** The transport, the token manager and the authenticated requester that every endpoint shares. */
function connect(config: PbxClientConfig) {
  const urls = resolvePbxUrls(config.baseUrl, config.authUrl);
  const http = new HttpTransport({
    fetch: config.fetch,
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: config.retry,
    clock: config.clock,
    logger: config.logger,
    random: config.random,
    sleep: config.sleep,
  });
  const tokens = new TokenManager({
    http,
    tokenUrl: new URL(`${urls.authUrl}/login/oauth2/token`),
    credentials: { clientId: config.clientId, clientSecret: config.clientSecret },
    clock: config.clock,
    logger: config.logger,
  });
  const api = new ApiRequester(urls, http, tokens, new DriftReporter(config.logger));
  return { urls, tokens, api };
}

export class PbxClient extends withMembers<PbxEndpoints>() {
  readonly urls: PbxUrls;
  private readonly tokens: TokenManager;

  constructor(config: PbxClientConfig) {
    const { urls, tokens, api } = connect(config);
    super(endpointsOf(api));
    this.urls = urls;
    this.tokens = tokens;
  }

  /**
   * Requests a fresh token now: the first step of "Test connection". Rejects with AuthError
   * (invalid_client, invalid_request) or a transport error; resolves to what the PBX granted.
   */
  authenticate(): Promise<TokenInfo> {
    return this.tokens.renew();
  }

  /** New credentials from the user; clears the token and a previous invalid_client stop. */
  /** After credentials that had worked were refused: the next request asks the PBX for a token again. */
  retryRefusedCredentials(): void {
    this.tokens.retryRefusedCredentials();
  }

  setCredentials(credentials: Credentials): void {
    this.tokens.setCredentials(credentials);
  }

  /** True after the PBX rejected the client id or secret, until `setCredentials`. */
  get credentialsRejected(): boolean {
    return this.tokens.credentialsRejected;
  }
}
