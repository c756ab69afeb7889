/**
 * The connection manager against a real demo PBX over HTTP: connecting, a wrong secret, an outage that
 * makes it offline and from which it recovers by itself, a PBX that is not there at all.
 */
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentDirectory, type AgentState } from '../../../src-main/app/connection/agentDirectory';
import {
  ConnectionManager,
  NotConnected,
  offlineRetryDelayMs,
  type HealthPolicy,
  type PbxProfile,
} from '../../../src-main/app/connection/connectionManager';
import { nodeTransport } from '../../../src-main/app/connection/pbxTransport';
import type { DemoPbx } from '../../../src-main/demo-pbx';
import { systemClock } from '../../../src-main/shared/clock';
import { setActiveLocale, t } from '../../../src-main/shared/i18n';
import { silentLogger } from '../../../src-main/shared/logger';
import { FAST_HEALTH, NO_RETRIES, outage, startQuietPbx, StateRecorder } from './pbx';

let pbx: DemoPbx;
const managers: ConnectionManager[] = [];

beforeAll(async () => {
  pbx = await startQuietPbx();
});
afterAll(async () => {
  await pbx.close();
});
afterEach(async () => {
  setActiveLocale('en');
  await outage(pbx, 0);
  await Promise.all(managers.splice(0).map((manager) => manager.dispose()));
});

function manager(health: Partial<HealthPolicy> = {}) {
  const recorder = new StateRecorder();
  const connection = new ConnectionManager({
    clock: systemClock,
    logger: silentLogger,
    transport: nodeTransport,
    onState: recorder.onState,
    health: { ...FAST_HEALTH, ...health },
    clientOptions: NO_RETRIES,
  });
  managers.push(connection);
  return { connection, recorder };
}

function profile(changes: Partial<PbxProfile> = {}): PbxProfile {
  return {
    kind: 'configured',
    baseUrl: pbx.baseUrl,
    clientId: pbx.credentials.clientId,
    clientSecret: pbx.credentials.clientSecret,
    trustedCertificatePem: null,
    ...changes,
  };
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('connection manager', () => {
  it('starts unconfigured, then connects: connecting → connected, with a client for other services', async () => {
    const { connection, recorder } = manager();
    expect(connection.current.status).toBe('unconfigured');
    const clients: unknown[] = [];
    connection.onClientChange((client) => clients.push(client));

    await connection.connect(profile());

    expect(recorder.statuses).toEqual(['connecting', 'connected']);
    expect(recorder.last?.message).toBe(`Connected to ${new URL(pbx.baseUrl).host}.`);
    expect(clients).toEqual([connection.client]);
    await expect(connection.client!.status()).resolves.toMatchObject({ success: true });
  });

  it('names the demo PBX as such', async () => {
    const { connection, recorder } = manager();
    await connection.connect(profile({ kind: 'demo' }));
    expect(recorder.last?.message).toBe('Connected to the demo PBX.');
  });

  it('stops at a wrong secret (credentials-rejected) until new credentials come', async () => {
    const { connection, recorder } = manager();
    await connection.connect(profile({ clientSecret: 'not-the-secret' }));
    expect(recorder.statuses).toEqual(['connecting', 'credentials-rejected']);
    expect(recorder.last?.message).toMatch(/rejected the client id or secret \(invalid_client\)/);

    await connection.checkNow();
    expect(recorder.statuses).toEqual(['connecting', 'credentials-rejected']);

    await connection.connect(profile());
    expect(recorder.last?.status).toBe('connected');
  });

  it('goes offline when the PBX is down and recovers by itself when it is back', async () => {
    const { connection, recorder } = manager();
    await connection.connect(profile());
    await outage(pbx, 600);

    await connection.checkNow();
    const offline = await recorder.waitFor('offline');
    expect(offline.message).toMatch(/failed to handle the request \(HTTP 503.*Retrying in \d+ s\./);

    await outage(pbx, 0);
    await recorder.waitFor('connected');
    expect(recorder.statuses).toEqual(['connecting', 'connected', 'offline', 'connected']);
  });

  it.each([
    ['the API refuses every token (401)', '401'],
    ['the token endpoint refuses the client too', '401-all'],
  ] as const)(
    'retries credentials that had worked when %s for a while, and recovers by itself',
    async (_, mode) => {
      const { connection, recorder } = manager();
      await connection.connect(profile());
      await outage(pbx, 600, mode);
      // The call monitor's poll is refused first: the manager checks at once, then backs off.
      await connection.client!.status().catch((error: unknown) => connection.reportFailure(error));

      const offline = await recorder.waitFor('offline');
      expect(offline.message).toMatch(
        /accepted these credentials in this session, so Ringside asks again in \d+ s\./,
      );
      expect(offline.message).not.toMatch(/lost its superuser role/);
      expect(recorder.statuses).not.toContain('credentials-rejected');

      await outage(pbx, 0);
      await recorder.waitFor('connected');
      expect(recorder.statuses).toEqual(['connecting', 'connected', 'offline', 'connected']);
    },
  );

  it("honours a 429's Retry-After in the health check instead of its own 2 s backoff", async () => {
    const { connection, recorder } = manager({ initialBackoffMs: 2_000, maxBackoffMs: 60_000 });
    await connection.connect(profile());
    await outage(pbx, 5, '429');

    await connection.checkNow();

    const offline = await recorder.waitFor('offline');
    expect(offline.message).toMatch(/asked Ringside to slow down .*HTTP 429.* Retrying in 5 s\./);
  });

  it('still stops at a token refused before the credentials ever worked', async () => {
    const { connection, recorder } = manager();
    await outage(pbx, 600, '401');
    await connection.connect(profile());
    expect(recorder.statuses).toEqual(['connecting', 'credentials-rejected']);
    expect(recorder.last?.message).toMatch(/refused the access token it had just issued/);
  });

  it('treats dropped connections as offline too, and a failure seen by another service at once', async () => {
    const { connection, recorder } = manager();
    await connection.connect(profile());
    await outage(pbx, 600, 'drop');
    // The call monitor saw its poll fail: the manager checks right away instead of in 60 s.
    await connection.client!.status().catch((error: unknown) => connection.reportFailure(error));
    const offline = await recorder.waitFor('offline');
    expect(offline.message).toMatch(/was cut off/);
    await outage(pbx, 0);
    await recorder.waitFor('connected');
  });

  it('keeps retrying a PBX that refuses connections, backing off', async () => {
    const { connection, recorder } = manager();
    const port = await closedPort();
    await connection.connect(profile({ baseUrl: `http://127.0.0.1:${port}` }));
    expect(recorder.statuses).toEqual(['connecting', 'offline']);
    expect(recorder.last?.message).toMatch(/refused the connection/);
  });

  it('says what is wrong with an unusable profile instead of connecting', async () => {
    const { connection, recorder } = manager();
    await connection.connect(profile({ baseUrl: 'not a url' }));
    expect(recorder.last).toMatchObject({
      status: 'unconfigured',
      message: expect.stringMatching(/not a valid URL/),
    });
    expect(connection.client).toBeUndefined();
  });

  it('disconnects to unconfigured and drops the client', async () => {
    const { connection, recorder } = manager();
    const clients: unknown[] = [];
    connection.onClientChange((client) => clients.push(client));
    await connection.connect(profile());
    await connection.disconnect('Settings were cleared.');
    expect(recorder.last).toMatchObject({ status: 'unconfigured', message: 'Settings were cleared.' });
    expect(connection.client).toBeUndefined();
    expect(clients.at(-1)).toBeUndefined();
  });
});

describe('offline retry delay', () => {
  const policy = { intervalMs: 30_000, initialBackoffMs: 2_000, maxBackoffMs: 60_000, timeoutMs: 1 };

  it('doubles per failure, jittered between half and all of it, and stays capped', () => {
    expect(offlineRetryDelayMs(policy, 1, () => 0)).toBe(1_000);
    expect(offlineRetryDelayMs(policy, 1, () => 1)).toBe(2_000);
    expect(offlineRetryDelayMs(policy, 3, () => 1)).toBe(8_000);
    expect(offlineRetryDelayMs(policy, 30, () => 1)).toBe(60_000);
    expect(offlineRetryDelayMs(policy, 30, () => 0)).toBe(30_000);
  });
});

/**
 * A language switch words the state again at once: the same status and `since`, the message in the new
 * language, sent on (AppCore emits it as `connection:state`, so the status bar and the tray follow).
 */
describe('the connection state after a language switch', () => {
  it('says it is connected in the new language, keeping status and since', async () => {
    const { connection, recorder } = manager();
    await connection.connect(profile({ kind: 'demo' }));
    const before = await recorder.waitFor('connected');
    expect(before.message).toBe('Connected to the demo PBX.');

    setActiveLocale('cs');
    expect(recorder.last).toEqual({ ...before, message: 'Připojeno k ukázkové ústředně.' });
    expect(connection.current.message).toBe('Připojeno k ukázkové ústředně.');
    setActiveLocale('sk');
    expect(recorder.last?.message).toBe('Pripojené k ukážkovej ústredni.');
  });

  it('words the offline retry, and a reason the app gave, again', async () => {
    const { connection, recorder } = manager();
    await connection.connect(profile({ baseUrl: `http://127.0.0.1:${await closedPort()}/api/v1.0` }));
    expect((await recorder.waitFor('offline')).message).toMatch(/ Retrying in \d+ s\.$/);
    setActiveLocale('cs');
    expect(recorder.last?.status).toBe('offline');
    expect(recorder.last?.message).toMatch(/ Nový pokus za \d+ s\.$/);

    await connection.disconnect(() => t('connection.settingsIncomplete'));
    expect(recorder.last?.message).toBe('Nastavení ústředny není úplné. Dokončete ho v Nastavení.');
    setActiveLocale('en');
    expect(recorder.last?.message).toBe('The PBX settings are incomplete. Finish them in Settings.');
  });

  it('sends nothing when the words stay the same, and nothing once disposed', async () => {
    const { connection, recorder } = manager();
    await connection.disconnect('Settings were cleared.');
    const count = recorder.states.length;
    setActiveLocale('cs');
    expect(recorder.states).toHaveLength(count);
    await connection.dispose();
    setActiveLocale('en');
    expect(recorder.states).toHaveLength(count);
  });

  it('words why the agent is not known again, and errors in the language in use', async () => {
    const agents = new AgentDirectory({
      client: () => undefined,
      username: () => 'jana',
      clock: systemClock,
      logger: silentLogger,
    });
    const heard: AgentState[] = [];
    agents.onChange((state) => heard.push(state));
    await agents.refresh();
    expect(agents.state).toMatchObject({
      status: 'unavailable',
      message: 'Ringside is not connected to a PBX.',
    });
    setActiveLocale('cs');
    expect(heard.at(-1)).toMatchObject({
      status: 'unavailable',
      message: 'Ringside není připojen k ústředně.',
    });
    agents.dispose();
    setActiveLocale('sk');
    expect(new NotConnected().message).toBe(
      'Ringside nie je pripojený k ústredni. Nastavte ju v Nastaveniach.',
    );
  });
});
