/**
 * startDemoPbx: seeds the data, builds the stores and the call engine, and serves the API on 127.0.0.1.
 * Layout of the URLs: `{auth_url}/login/oauth2/token`, `{auth_url}/api/v1.0/…` (= base_url),
 * `{auth_url}/api/v2.0/call/{uniqueid}` and the control interface `{auth_url}/_sim/…`.
 */
import type { PhoneSelector } from '../api/schemas';
import { silentLogger } from '../shared/logger';
import { TOKEN_PATH, tokenRoute } from './auth/tokenRoute';
import { DEMO_CRM_PATHS, demoCrmRoutes } from './routes/demoCrm';
import { anchorDemoCrmTemplates } from './seed/demoCrmTemplates';
import { TokenStore } from './auth/tokens';
import { CallEngine, DEFAULT_CALL_ENGINE_OPTIONS, registerCallRoutes } from './calls';
import { createSimClock, type SimClock } from './clock';
import { createApp } from './http/app';
import { BearerAuth } from './http/bearerAuth';
import { Outage } from './http/outage';
import { RequestCounts } from './http/requestCounts';
import { installRequestGate } from './http/requestGate';
import { ResponseDrift } from './http/responseDrift';
import { resolveOptions, type DemoPbxOptions } from './options';
import { createRandom } from './random';
import { crmRoutes } from './routes/crm';
import { sharedDataRoutes, voicebotRoutes } from './routes/sharedAndVoicebot';
import { queueSimRoutes } from './routes/queueSim';
import { simRoutes } from './routes/sim';
import { systemRoutes } from './routes/system';
import { userRoutes } from './routes/users';
import { seedOrganisation } from './seed/organisation';
import type { Credentials } from './seed/organisationSeed';
import type { DemoState } from './state';
import { OrganisationCallDirectory } from './store/callDirectory';
import { CompanyStore } from './store/companies';
import { Crm } from './store/crm';
import { CrmPaging } from './store/crmPaging';
import { Organisation } from './store/organisation';
import { PersonStore } from './store/persons';
import { QueueStatistics } from './store/queueStatistics';
import { DEFAULT_QUEUE_TRAFFIC_OPTIONS, QueueTraffic } from './store/queueTraffic';
import { SharedDataStore } from './store/sharedData';
import { VoicebotSessions } from './store/voicebot';

export const API_PREFIX = '/api/v1.0';

/** What tests and the demo can reach besides HTTP. */
export interface DemoPbxSim {
  clock: SimClock;
  /** Moves the simulated clock (calls progress, tokens age, outages end). */
  advance(seconds: number): void;
  /** Accounts that must be refused a token: a public superuser and a supervisor without superuser rights. */
  refusedAccounts: { publicAccount: Credentials; supervisor: Credentials };
  state: DemoState;
  calls: CallEngine;
  /** Simulated drift of the answers (as POST /_sim/drift). */
  drift: ResponseDrift;
  /** The requests received so far, by method and route: the load clients put on the PBX. */
  requests: RequestCounts;
}

export interface DemoPbx {
  baseUrl: string;
  authUrl: string;
  credentials: { clientId: string; clientSecret: string };
  /** The agent Ringside's user plays: their phone by identifier, and the same phone by extension. */
  agent: { username: string; phone: PhoneSelector; phoneByExtension: PhoneSelector };
  /** The country the demo organisation works in: its national numbers (`777 123 456`) are this country's. */
  country: string;
  sim: DemoPbxSim;
  close(): Promise<void>;
}

/** One company per twenty persons (at least one when there are persons), at most 5,000. */
function companyCount(persons: number): number {
  return persons === 0 ? 0 : Math.min(5000, Math.max(1, Math.round(persons / 20)));
}

export async function startDemoPbx(options: DemoPbxOptions = {}): Promise<DemoPbx> {
  const resolved = resolveOptions(options);
  const drift = ResponseDrift.from(resolved.drift);
  const logger = resolved.logger ?? silentLogger;
  const clock = createSimClock(resolved.clock);

  const seed = seedOrganisation(resolved.seed, { staff: resolved.staff });
  const organisation = new Organisation(seed);
  const persons = new PersonStore(resolved.seed, resolved.persons, resolved.minPhonesPerPerson);
  const companies = CompanyStore.seeded(resolved.seed, companyCount(resolved.persons), resolved.persons);
  const demoAgentPhone = organisation.phoneOfUser(seed.demoAgentUserId)!;
  const directory = new OrganisationCallDirectory(organisation, persons, demoAgentPhone.id);

  // The engine reports queue calls to the statistics, which ask the engine who is busy: bound once both exist.
  let busyUsers: () => ReadonlySet<number> = () => new Set();
  const queueStatistics = new QueueStatistics(
    (id) => organisation.queues.get(id),
    {
      readyMembers: (queueId) => organisation.readyMembers(queueId),
      auxMembers: (queueId) => organisation.auxMembers(queueId),
      busyAgents: () => busyUsers(),
    },
    () => clock.now(),
  );
  const engine = new CallEngine({
    directory,
    clock,
    random: createRandom(resolved.seed, 0xca11),
    queueActivity: queueStatistics,
    options: {
      ringEverySeconds: resolved.ringEverySeconds,
      transcribeAfterSeconds: resolved.transcribeAfterSeconds,
    },
  });
  busyUsers = () => engine.busyUserIds();
  const queueTraffic = new QueueTraffic({
    clock,
    random: createRandom(resolved.seed, 0x9e7e),
    activity: queueStatistics,
    queues: () => [...organisation.queues.values()],
    readyMembers: (queueId) => organisation.readyMembers(queueId),
    busyAgents: () => new Set([...engine.busyUserIds(), ...queueStatistics.agentsOnQueueCalls()]),
    demoAgentUserId: seed.demoAgentUserId,
    options: { ...DEFAULT_QUEUE_TRAFFIC_OPTIONS, everySeconds: resolved.queueCallersEverySeconds },
  });
  organisation.onUserDeleted((user) => engine.forgetUser(user.id));

  const state: DemoState = {
    organisation,
    crm: new Crm(persons, companies, (id) => organisation.groups.has(id)),
    crmPaging: new CrmPaging({ cap: resolved.pageCap ?? null, maxLimit: resolved.maxLimit ?? null }),
    shared: new SharedDataStore(seed.shared),
    voicebot: new VoicebotSessions(clock),
    queueStatistics,
    queueTraffic,
    agentQueueAnswers: { failedUpdate: 'in-envelope' },
    clock,
    startedMs: clock.now(),
  };

  const tokens = new TokenStore(clock, resolved.tokenTtlSeconds);
  const outage = new Outage(clock);
  const requests = new RequestCounts();
  // Requests are logged only to a logger given (the CLI's, the app's); the default discards them anyway.
  const app = createApp(logger, { logRequests: resolved.logger !== undefined });
  installRequestGate(
    app,
    requests,
    outage,
    resolved.auth ? new BearerAuth(tokens, [TOKEN_PATH, ...DEMO_CRM_PATHS]) : null,
  );
  drift.install(app);

  await app.register(tokenRoute, { organisation, tokens, logger });
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { state });
      await api.register(userRoutes, { state });
      await api.register(crmRoutes, { state, drift });
      await api.register(sharedDataRoutes, { state });
      await api.register(voicebotRoutes, { state });
    },
    { prefix: API_PREFIX },
  );
  await app.register(simRoutes, { prefix: '/_sim', state, outage, drift });
  await app.register(queueSimRoutes, { prefix: '/_sim', state });
  await registerCallRoutes(app, { engine });
  await app.register(demoCrmRoutes);

  engine.start();
  queueTraffic.start();
  try {
    await app.listen({ host: resolved.host, port: resolved.port });
  } catch (error) {
    queueTraffic.stop();
    engine.stop();
    clock.dispose();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : resolved.port;
  const authUrl = `http://${resolved.host}:${port}`;
  anchorDemoCrmTemplates(organisation.teams.values(), authUrl);
  const agentUser = organisation.user(seed.demoAgentUserId)!;

  return {
    baseUrl: `${authUrl}${API_PREFIX}`,
    authUrl,
    credentials: { clientId: seed.serviceAccount.username, clientSecret: seed.serviceAccount.password },
    agent: {
      username: agentUser.username,
      phone: { identifier: demoAgentPhone.identifier },
      phoneByExtension: { extension: demoAgentPhone.extension, partition: demoAgentPhone.partition },
    },
    country: DEFAULT_CALL_ENGINE_OPTIONS.defaultCountry,
    sim: {
      clock,
      advance: (seconds) => clock.advance(seconds),
      refusedAccounts: { publicAccount: seed.publicAccount, supervisor: seed.supervisorAccount },
      state,
      calls: engine,
      drift,
      requests,
    },
    async close() {
      queueTraffic.stop();
      engine.stop();
      clock.dispose();
      await app.close();
    },
  };
}
