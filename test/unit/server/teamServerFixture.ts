/**
 * A whole team server on 127.0.0.1, composed as `npm run server` composes it, against the demo PBX over
 * real HTTP, with an audit recorder that keeps what it is told and shortened schedules. A tiny renderer
 * folder stands in for out/renderer (the tests look at what is served, not at the app).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPbxProfile } from '../../../src-main/app/connection/connectionModeController';
import { nodeTransport } from '../../../src-main/app/connection/pbxTransport';
import type { QueuePollPolicy } from '../../../src-main/calls/queues';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import type { AuditEvent } from '../../../src-main/server/audit/auditEvent';
import { NO_ADMINISTRATORS } from '../../../src-main/server/policy/administrators';
import { composeTeamServer, type RunningTeamServer } from '../../../src-main/server/composeTeamServer';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';
import { FAST_HEALTH, FAST_HISTORY_POLICIES, NO_RETRIES } from '../app/pbx';

type ComposeOptions = Parameters<typeof composeTeamServer>[0];

export const TEST_PAGE = '<!doctype html><html><head><title>Ringside</title></head><body>app</body></html>';

export interface TeamServerFixture extends RunningTeamServer {
  demo: DemoPbx;
  audit: AuditEvent[];
  dataDirectory: string;
  close(): Promise<void>;
}

/** `administrators`: PBX usernames that administer this server (none unless given; `agent`: the demo's own). */
export interface TeamServerFixtureOptions {
  administrators?: readonly string[] | 'agent';
  /** The shared queue poll's schedule (default: the real one). */
  queuePoll?: Partial<QueuePollPolicy>;
  monitorWhileSignedOut?: boolean;
  /** Sign-in with an identity provider (testIdentityProvider.ts); none: enrollment links only. */
  oidc?: ComposeOptions['oidc'];
  /** PEM certificate and key: the server speaks HTTPS (and WSS) with them, as with `tls` in server.json. */
  tls?: { cert: string; key: string };
}

export async function startTeamServerFixture(
  options: TeamServerFixtureOptions = {},
): Promise<TeamServerFixture> {
  const demo = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ringside-team-server-'));
  const rendererDirectory = join(dataDirectory, 'renderer');
  mkdirSync(rendererDirectory);
  writeFileSync(join(rendererDirectory, 'index.html'), TEST_PAGE);
  return composeOnDemo(demo, dataDirectory, 0, options);
}

/**
 * The fixture's team server stopped and started again on the same port and data directory (its sessions
 * kept), against the same demo PBX: a server restart as agents' clients see it.
 */
export async function restartTeamServer(
  fixture: TeamServerFixture,
  options: TeamServerFixtureOptions = {},
): Promise<TeamServerFixture> {
  await fixture.stop();
  return composeOnDemo(
    fixture.demo,
    fixture.dataDirectory,
    Number(new URL(fixture.server.origin).port),
    options,
  );
}

async function composeOnDemo(
  demo: DemoPbx,
  dataDirectory: string,
  port: number,
  options: TeamServerFixtureOptions,
): Promise<TeamServerFixture> {
  const rendererDirectory = join(dataDirectory, 'renderer');
  const audit: AuditEvent[] = [];
  const running = await composeTeamServer({
    dataDirectory,
    pbx: demoPbxProfile(demo),
    country: demo.country,
    host: '127.0.0.1',
    port,
    rendererDirectory,
    transport: nodeTransport,
    clock: systemClock,
    logger: silentLogger,
    audit: { record: (event) => audit.push(event) },
    administrators: {
      ...NO_ADMINISTRATORS,
      usernames: options.administrators === 'agent' ? [demo.agent.username] : (options.administrators ?? []),
    },
    monitorWhileSignedOut: options.monitorWhileSignedOut,
    oidc: options.oidc,
    tls: options.tls,
    build: {
      name: 'ringside-server',
      version: '0.0.0-test',
      platform: process.platform,
      versions: { node: '' },
    },
    tuning: {
      health: FAST_HEALTH,
      pbxClientOptions: NO_RETRIES,
      settingsDefaults: { pollIntervalMs: 250 },
      sessionPolicies: { historyPolicies: FAST_HISTORY_POLICIES },
      queuePoll: options.queuePoll,
    },
  });
  return {
    ...running,
    demo,
    audit,
    dataDirectory,
    async close() {
      await running.stop();
      await demo.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}
