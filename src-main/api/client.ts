/**
 * The PBX REST client: one typed method per endpoint of pbx-api.md section 4. Top-level methods for status,
 * directories and calls; namespaces for the rest (`users.get`, `persons.list`, `voicebot.reply`, …).
 *
 * Every method takes an optional `CallOptions` last (abort signal, timeout) and rejects only with a
 * `PbxError` subclass (or the caller's abort reason). Answers are validated leniently (drift.ts).
 */
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { DriftReporter } from './drift';
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
import { DEFAULT_TIMEOUT_MS, HttpTransport, type FetchLike, type Sleep } from './http';
import { ApiRequester } from './requester';
import type { RetryPolicy } from './retry';
import { TokenManager, type Credentials, type TokenInfo } from './token';
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

export class PbxClient {
  readonly urls: PbxUrls;
  private readonly tokens: TokenManager;

  readonly status: SystemApi['status'];
  readonly extensions: SystemApi['extensions'];
  readonly queues: SystemApi['queues'];
  readonly queue: SystemApi['queue'];
  readonly groups: SystemApi['groups'];
  readonly roles: SystemApi['roles'];
  readonly teams: SystemApi['teams'];

  readonly listCalls: CallsApi['listCalls'];
  readonly placeCall: CallsApi['placeCall'];
  readonly controlCall: CallsApi['controlCall'];
  readonly hangUp: CallsApi['hangUp'];
  readonly callDetail: CallsApi['callDetail'];
  readonly callDetailV2: CallsApi['callDetailV2'];

  readonly permissions: CallPermissionsApi;
  readonly metadata: CallMetadataApi;
  readonly shared: SharedDataApi;
  readonly users: UsersApi;
  readonly agentQueues: AgentQueuesApi;
  readonly persons: PersonsApi;
  readonly companies: CompaniesApi;
  readonly voicebot: VoicebotApi;

  constructor(config: PbxClientConfig) {
    this.urls = resolvePbxUrls(config.baseUrl, config.authUrl);
    const http = new HttpTransport({
      fetch: config.fetch,
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: config.retry,
      clock: config.clock,
      logger: config.logger,
      random: config.random,
      sleep: config.sleep,
    });
    this.tokens = new TokenManager({
      http,
      tokenUrl: new URL(`${this.urls.authUrl}/login/oauth2/token`),
      credentials: { clientId: config.clientId, clientSecret: config.clientSecret },
      clock: config.clock,
      logger: config.logger,
    });
    const api = new ApiRequester(this.urls, http, this.tokens, new DriftReporter(config.logger));

    const system = systemEndpoints(api);
    this.status = system.status;
    this.extensions = system.extensions;
    this.queues = system.queues;
    this.queue = system.queue;
    this.groups = system.groups;
    this.roles = system.roles;
    this.teams = system.teams;

    const calls = callsEndpoints(api);
    this.listCalls = calls.listCalls;
    this.placeCall = calls.placeCall;
    this.controlCall = calls.controlCall;
    this.hangUp = calls.hangUp;
    this.callDetail = calls.callDetail;
    this.callDetailV2 = calls.callDetailV2;

    this.permissions = callPermissionsEndpoints(api);
    this.metadata = callMetadataEndpoints(api);
    this.shared = sharedDataEndpoints(api);
    this.users = usersEndpoints(api);
    this.agentQueues = agentQueuesEndpoints(api);
    this.persons = personsEndpoints(api);
    this.companies = companiesEndpoints(api);
    this.voicebot = voicebotEndpoints(api);
  }

  /**
   * Requests a fresh token now: the first step of "Test connection". Rejects with AuthError
   * (invalid_client, invalid_request) or a transport error; resolves to what the PBX granted.
   */
  authenticate(): Promise<TokenInfo> {
    return this.tokens.renew();
  }

  /** New credentials from the user; clears the token and a previous invalid_client stop. */
  setCredentials(credentials: Credentials): void {
    this.tokens.setCredentials(credentials);
  }

  /** True after the PBX rejected the client id or secret, until `setCredentials`. */
  get credentialsRejected(): boolean {
    return this.tokens.credentialsRejected;
  }
}
