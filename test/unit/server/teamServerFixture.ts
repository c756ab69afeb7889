/**
 * A whole team server on 127.0.0.1 against the demo PBX over real HTTP: one PbxServices, the identity
 * file, the agents registry and the Fastify server, with an audit recorder that keeps what it is told. A
 * tiny renderer folder stands in for out/renderer (the tests look at what is served, not at the app).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { nodeTransport } from '../../../src-main/app/connection/pbxTransport';
import { PbxServices } from '../../../src-main/app/pbx/pbxServices';
import { openCache } from '../../../src-main/cache';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { AgentSessions } from '../../../src-main/server/agents/agentSessions';
import type { AuditEvent, AuditRecorder } from '../../../src-main/server/audit/auditEvent';
import { openIdentityDatabase } from '../../../src-main/server/identity/identityDatabase';
import { SessionStore } from '../../../src-main/server/identity/sessionStore';
import { startTeamServer, type TeamServer } from '../../../src-main/server/teamServer';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';
import { FAST_HEALTH, FAST_HISTORY_POLICIES, NO_RETRIES } from '../app/pbx';

export const TEST_PAGE = '<!doctype html><html><head><title>Ringside</title></head><body>app</body></html>';

export interface TeamServerFixture {
  pbx: DemoPbx;
  services: PbxServices;
  agents: AgentSessions;
  sessions: SessionStore;
  server: TeamServer;
  audit: AuditEvent[];
  dataDirectory: string;
  close(): Promise<void>;
}

export async function startTeamServerFixture(
  options: { phoneOverrides?: Record<string, string> } = {},
): Promise<TeamServerFixture> {
  const pbx = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ringside-team-server-'));
  const rendererDirectory = join(dataDirectory, 'renderer');
  mkdirSync(rendererDirectory);
  writeFileSync(join(rendererDirectory, 'index.html'), TEST_PAGE);
  const services = new PbxServices({
    clock: systemClock,
    logger: silentLogger,
    transport: nodeTransport,
    health: FAST_HEALTH,
    pbxClientOptions: NO_RETRIES,
    openCacheFile: (fileName) => openCache(join(dataDirectory, fileName), { logger: silentLogger }),
    defaultCountry: () => pbx.country,
  });
  await services.connection.connect({
    kind: 'configured',
    baseUrl: pbx.baseUrl,
    clientId: pbx.credentials.clientId,
    clientSecret: pbx.credentials.clientSecret,
    trustedCertificatePem: null,
  });
  const db: SqliteDatabase = openIdentityDatabase(dataDirectory);
  const sessions = new SessionStore({ db, clock: systemClock, sweepIntervalMs: 0 });
  const agents = new AgentSessions({
    pbx: services,
    dataDirectory,
    transport: nodeTransport,
    clock: systemClock,
    logger: silentLogger,
    build: {
      name: 'ringside-server',
      version: '0.0.0-test',
      platform: process.platform,
      versions: { node: '' },
    },
    mode: 'demo',
    phoneOverrides: options.phoneOverrides,
    demoCountry: () => pbx.country,
    settingsDefaults: { pollIntervalMs: 250 },
    sessionPolicies: { historyPolicies: FAST_HISTORY_POLICIES },
  });
  const audit: AuditEvent[] = [];
  const recorder: AuditRecorder = { record: (event) => audit.push(event) };
  const server = await startTeamServer({
    agents,
    sessions,
    identityDb: db,
    clock: systemClock,
    audit: recorder,
    logger: silentLogger,
    rendererDirectory,
    host: '127.0.0.1',
    port: 0,
  });
  return {
    pbx,
    services,
    agents,
    sessions,
    server,
    audit,
    dataDirectory,
    async close() {
      await server.close();
      await agents.dispose();
      await services.dispose();
      sessions.close();
      db.close();
      await pbx.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}
