/**
 * Composes a whole team server from its options (docs/team-server.md, "How it is composed"): one
 * PbxServices connected to the PBX, the identity file with its sessions, the agents registry and the
 * Fastify server, and the audit log file unless the caller records audit events itself. The entry point
 * (serverMain.ts) builds the options from the configuration file (serverOptions.ts); tests build them
 * directly.
 */
import { join } from 'node:path';
import type { PbxProfile } from '../app/connection/connectionManager';
import type { PbxTransport } from '../app/connection/pbxTransport';
import { PbxServices, type PbxServicesDeps } from '../app/pbx/pbxServices';
import { makeUserDataPrivate } from '../app/privateFiles';
import { openCache } from '../cache';
import { teamQueueReadings, type QueuePollPolicy, type SharedQueues } from '../calls/queues';
import type { Clock } from '../shared/clock';
import { FALLBACK_COUNTRY, type AppInfo } from '../shared/contract';
import type { Logger } from '../shared/logger';
import { SUPERVISOR_READING, SupervisorQueueBoard } from './admin/supervisorQueueBoard';
import { AgentSessions, type AgentSessionsOptions } from './agents/agentSessions';
import type { PhoneOverrides } from './agents/agentPhone';
import type { AuditRecorder } from './audit/auditEvent';
import { openAuditLog, type AuditLog } from './audit/auditLog';
import { openIdentityDatabase } from './identity/identityDatabase';
import type { OidcSignIn } from './identity/oidcSignIn';
import { SessionStore, type SessionLifetimes } from './identity/sessionStore';
import type { AdministratorRules, CrmEditPolicy } from './policy';
import { PresenceBoard } from './presence/presenceBoard';
import type { PresenceSource } from './presence/presenceSource';
import { startTeamServer, type TeamServer } from './teamServer';

export interface TeamServerRunOptions {
  /** The server's data directory (identity.sqlite, the directory cache, agents/<folder>/). */
  dataDirectory: string;
  /** The PBX and the service account the server connects with. */
  pbx: PbxProfile;
  /** The country numbers without a country code are read in (the demo PBX's own); default FALLBACK_COUNTRY. */
  country?: string;
  host: string;
  port: number;
  publicOrigin?: string;
  /** PEM certificate and key: HTTPS. */
  tls?: { cert: string; key: string };
  trustProxy?: readonly string[];
  rendererDirectory: string;
  transport: PbxTransport;
  clock: Clock;
  logger: Logger;
  /** Where audit events go; default the audit log file in the data directory (audit/auditLog.ts). */
  audit?: AuditRecorder;
  build: Omit<AppInfo, 'mode'>;
  phoneOverrides?: PhoneOverrides;
  administrators?: AdministratorRules;
  crmEdits?: CrmEditPolicy;
  sessionLifetimes?: Partial<SessionLifetimes>;
  /** Keep an agent's call monitor while they have no socket open (default true; teamServer.ts). */
  monitorWhileSignedOut?: boolean;
  /** Sign-in with an identity provider, built once the origin is known, with the PBX to find its users on. */
  oidc?: (origin: string, pbx: PbxServices) => OidcSignIn;
  /** Tests shorten the schedules: the PBX's health checks and retries, the agents' polls, the queues' poll. */
  tuning?: Pick<PbxServicesDeps, 'health' | 'pbxClientOptions'> &
    Pick<AgentSessionsOptions, 'settingsDefaults' | 'sessionPolicies'> & {
      queuePoll?: Partial<QueuePollPolicy>;
    };
}

export interface RunningTeamServer {
  server: TeamServer;
  pbx: PbxServices;
  agents: AgentSessions;
  /** The queue readings every agent shares. */
  sharedQueues: SharedQueues;
  sessions: SessionStore;
  /** Colleagues' presence: every served agent's, kept by the presence board. */
  presence: PresenceSource;
  /** The audit log file; absent when the caller gave its own recorder. */
  auditLog?: AuditLog;
  /** Closes the server, every agent's session, the PBX connection and the files. */
  stop(): Promise<void>;
}

export async function composeTeamServer(options: TeamServerRunOptions): Promise<RunningTeamServer> {
  const { dataDirectory, clock, logger } = options;
  makeUserDataPrivate(dataDirectory);
  const pbx = new PbxServices({
    clock,
    logger,
    transport: options.transport,
    health: options.tuning?.health,
    pbxClientOptions: options.tuning?.pbxClientOptions,
    openCacheFile: (fileName) => openCache(join(dataDirectory, fileName), { logger }),
    // Each agent's history is in their own folder (agentSessions.ts): none in the data directory itself.
    historyBesideDirectory: false,
    defaultCountry: () => options.country ?? FALLBACK_COUNTRY,
  });
  await pbx.connection.connect(options.pbx);
  const auditLog = options.audit
    ? undefined
    : await openAuditLog({ directory: dataDirectory, clock, logger });
  const audit = options.audit ?? auditLog!;
  const db = openIdentityDatabase(dataDirectory);
  const sessions = new SessionStore({
    db,
    clock,
    lifetimes: options.sessionLifetimes,
    onListenerError: (error) => logger.error('team server: a listener of ended sessions failed', error),
  });
  const presence = new PresenceBoard({ clock, logger });
  // One reading of the queues for every agent: the PBX's load does not grow with them.
  const sharedQueues = teamQueueReadings({
    client: () => pbx.client,
    clock,
    logger,
    policy: options.tuning?.queuePoll,
  });
  const agents = new AgentSessions({
    pbx,
    dataDirectory,
    transport: options.transport,
    clock,
    logger,
    build: options.build,
    mode: options.pbx.kind,
    phoneOverrides: options.phoneOverrides,
    administrators: options.administrators,
    demoCountry: () => (options.pbx.kind === 'demo' ? options.country : undefined),
    settingsDefaults: options.tuning?.settingsDefaults,
    sessionPolicies: options.tuning?.sessionPolicies,
    presence,
    observer: presence,
    sharedQueues,
  });
  let server: TeamServer;
  try {
    server = await startTeamServer({
      agents,
      sessions,
      identityDb: db,
      clock,
      audit,
      logger,
      rendererDirectory: options.rendererDirectory,
      host: options.host,
      port: options.port,
      publicOrigin: options.publicOrigin,
      tls: options.tls,
      trustProxy: options.trustProxy,
      oidc: options.oidc && ((origin) => options.oidc!(origin, pbx)),
      crmEdits: options.crmEdits,
      presence,
      // The agents' shared reading, so the view and their boards cost one `GET /queues` between them; no
      // PBX client is this reading's failure, worded as every command words it.
      queueBoard: new SupervisorQueueBoard({
        read: async () => {
          pbx.requireClient();
          return sharedQueues.readings.read(SUPERVISOR_READING);
        },
        clock,
      }),
      monitorWhileSignedOut: options.monitorWhileSignedOut,
    });
  } catch (error) {
    sessions.close();
    db.close();
    await auditLog?.close();
    sharedQueues.readings.dispose();
    await pbx.dispose();
    throw error;
  }
  return {
    server,
    pbx,
    agents,
    sharedQueues,
    sessions,
    presence,
    auditLog,
    async stop() {
      await server.close();
      await agents.dispose();
      sharedQueues.readings.dispose();
      await pbx.dispose();
      sessions.close();
      db.close();
      // Last, so whatever the closing above recorded reaches the file.
      await auditLog?.close();
    },
  };
}
