/**
 * The team server started from a configuration file, as `npm run server -- --config FILE` starts it: over
 * HTTPS with the file's self-signed certificate on 127.0.0.1 (an agent enrolls by link and gets a
 * `__Host-` Secure cookie), its audit events in the audit log file of its data directory; and a file that
 * would serve plain HTTP to other machines refused at start, with the configuration's own message and exit
 * code 2.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPbxProfile } from '../../../src-main/app/connection/connectionModeController';
import { nodeTransport } from '../../../src-main/app/connection/pbxTransport';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { AUDIT_FILE_NAME } from '../../../src-main/server/audit/auditLog';
import { readAuditFile } from '../../../src-main/server/audit/auditLogReader';
import { composeTeamServer, type RunningTeamServer } from '../../../src-main/server/composeTeamServer';
import { loadServerConfig } from '../../../src-main/server/config';
import { cookieSettingsFor } from '../../../src-main/server/identity/sessionCookies';
import { serverOptionsFrom } from '../../../src-main/server/serverOptions';
import { startTeamServer } from '../../../src-main/server/teamServer';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';
import { FAST_HEALTH, NO_RETRIES } from '../app/pbx';
import { enrollByLink, openAgentSocket } from './teamServerClient';
import { TEST_PAGE } from './teamServerFixture';

let folder: string;
let demo: DemoPbx;
let running: RunningTeamServer;
let trusting: Agent;

function writeConfig(name: string, config: object): string {
  const file = join(folder, name);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'ringside-server-config-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(folder, 'server.key'),
      '-out',
      join(folder, 'server.crt'),
    ],
    { stdio: 'ignore' },
  );
  chmodSync(join(folder, 'server.key'), 0o600);
  writeFileSync(join(folder, 'index.html'), TEST_PAGE);
  const file = writeConfig('server.json', {
    listen: { host: '127.0.0.1', port: 0 },
    tls: { certFile: 'server.crt', keyFile: 'server.key' },
    dataDirectory: 'data',
    crmEdits: 'none',
  });
  const loaded = loadServerConfig(file, {});
  if (!loaded.ok) throw new Error(loaded.message);
  demo = await startDemoPbx({ persons: 5, ringEverySeconds: 0 });
  running = await composeTeamServer({
    ...serverOptionsFrom(loaded.config, loaded.secrets, { clock: systemClock, logger: silentLogger }),
    pbx: demoPbxProfile(demo),
    country: demo.country,
    rendererDirectory: folder,
    transport: nodeTransport,
    clock: systemClock,
    logger: silentLogger,
    build: {
      name: 'ringside-server',
      version: '0.0.0-test',
      platform: process.platform,
      versions: { node: '' },
    },
    tuning: { health: FAST_HEALTH, pbxClientOptions: NO_RETRIES },
  });
  trusting = new Agent({ connect: { ca: readFileSync(join(folder, 'server.crt'), 'utf8') } });
}, 30_000);

afterAll(async () => {
  await running?.stop();
  await demo?.close();
  await trusting?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a team server from a configuration file with a certificate', () => {
  it('serves HTTPS on 127.0.0.1, and an enrollment link signs in with a __Host- Secure cookie', async () => {
    const { origin } = running.server;
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    // A client that does not trust the certificate gets no answer at all.
    await expect(fetch(`${origin}/enroll`)).rejects.toThrow();

    const { url } = running.server.enrollment.issue(demo.agent.username, 'test administrator');
    expect(url.startsWith(`${origin}/enroll#`)).toBe(true);
    const response = await fetch(`${origin}/auth/enroll`, {
      dispatcher: trusting,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ token: new URL(url).hash.slice(1) }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__Host-'));
    expect(cookie).toMatch(/^__Host-ringside_session=[^;]+;/);
    expect(cookie).toMatch(/; Secure/i);
    const page = await fetch(`${origin}/`, {
      dispatcher: trusting,
      headers: { cookie: cookie!.split(';')[0]! },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Ringside</title>');
  });

  it('writes a refused command and the sign-in to the audit log file in its data directory', async () => {
    const { origin } = running.server;
    const { url } = running.server.enrollment.issue(demo.agent.username, 'test administrator');
    const agent = await enrollByLink(origin, url, cookieSettingsFor(origin).sessionName, trusting);
    const socket = await openAgentSocket(origin, agent, trusting);
    try {
      // Not an administrator (the file names none): running a directory sync is refused.
      const answer = await socket.invoke('sync:run');
      expect(answer.error?.code).toBe('forbidden');
    } finally {
      socket.socket.close();
    }
    await running.auditLog!.flush();
    const { lines } = await readAuditFile(join(folder, 'data', AUDIT_FILE_NAME));
    expect(lines).toContainEqual(
      expect.objectContaining({
        kind: 'command',
        agent: demo.agent.username,
        command: 'sync:run',
        result: 'forbidden',
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'sign-in', agent: demo.agent.username, method: 'enrollment' }),
    );
  });
});

describe('a configuration that would serve plain HTTP to other machines', () => {
  it('is refused by `npm run server` with the configuration message and exit code 2', () => {
    const file = writeConfig('exposed.json', {
      listen: { host: '0.0.0.0', port: 0 },
      publicUrl: 'https://ringside.example.com',
      dataDirectory: 'exposed-data',
    });
    const started = spawnSync(
      process.execPath,
      ['--import', 'tsx', join('src-main', 'server', 'serverMain.ts'), '--config', file],
      { encoding: 'utf8', timeout: 20_000, env: { ...process.env, LANG: 'en_US.UTF-8' } },
    );
    expect(started.status).toBe(2);
    expect(started.stderr).toContain(`The configuration file ${file} has a problem`);
    expect(started.stderr).toContain('listen.host: other machines can reach 0.0.0.0');
  }, 30_000);

  it('is refused by the server itself, whoever composes it', async () => {
    await expect(
      startTeamServer({
        agents: running.agents,
        sessions: running.sessions,
        presence: running.presence,
        identityDb: {} as never,
        queueBoard: {} as never,
        clock: systemClock,
        audit: { record: () => undefined },
        logger: silentLogger,
        rendererDirectory: folder,
        host: '0.0.0.0',
        port: 0,
      }),
    ).rejects.toThrow(/other machines can reach 0\.0\.0\.0/);
  });
});
