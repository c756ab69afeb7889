/**
 * What the calls specs and the screen-pop benchmark run against: a real demo PBX (no automatic calls), the
 * real AppCore in demo mode connected to it, a real SQLite directory cache filled by the real sync (so the
 * screen-pop finds seeded persons), recent numbers in a JSON file, and a small HTTP client for the demo
 * PBX's own view (GET /call) and its control interface (/_sim). Free of Playwright's test runner, so the
 * benchmark script can use it too.
 */
import { join } from 'node:path';
import { AppCore, type AppCoreDeps } from '../../src-main/app/appCore';
import type { ActiveCall } from '../../src-main/api/schemas';
import { openCache } from '../../src-main/cache';
import { JsonFileRecentNumbersStore } from '../../src-main/calls';
import { startDemoPbx, type DemoPbx } from '../../src-main/demo-pbx';
import { silentLogger, type Logger } from '../../src-main/shared/logger';
import { normalizeNumber } from '../../src-main/shared/numbers';
import { resolveAppCoreDeps } from './fixtures';
import { createUserDataDirectory, recordSecret } from './secretScan';

export interface SeededPerson {
  id: number;
  name: string;
  /** As the directory stores it. */
  number: string;
  /** E.164, as the PBX reports a dialled number. */
  e164: string;
}

export interface CallsEnvironment {
  pbx: DemoPbx;
  core: AppCore;
  /** Persons of the demo directory with a Czech number the cache indexes. */
  persons: SeededPerson[];
  /** Rings the agent's phone from `from` (POST /_sim/calls/inbound); the call's uniqueid. */
  inbound(from: string): Promise<string>;
  /** The agent's calls as the demo PBX reports them (GET /call over HTTP). */
  pbxCalls(): Promise<ActiveCall[]>;
  /** The far end of an outbound call answers. */
  remoteAnswer(uniqueid: string): Promise<void>;
  /** Every API request fails for `seconds` (503, or the connection dropped); 0 ends an outage. */
  outage(seconds: number, mode: '503' | 'drop'): Promise<void>;
  close(): Promise<void>;
}

export interface CallsEnvironmentOptions {
  pollIntervalMs: number;
  persons?: number;
  /** AppCore's logger (silent by default). */
  logger?: Logger;
  /** More of AppCore's collaborators, e.g. `pseudoLocale` for the layout tests. */
  coreDeps?: Partial<AppCoreDeps>;
  /** The demo PBX's simulated seconds until a call is transcribed (its default when absent). */
  transcribeAfterSeconds?: number;
}

const COUNTRY = 'CZ';

/** Shortened so an outage shows within a poll and the recovery within a few. */
const HEALTH = { intervalMs: 60_000, initialBackoffMs: 100, maxBackoffMs: 1_000, timeoutMs: 2_000 };

async function call(url: string, init: { method: string; token?: string; body?: unknown }): Promise<unknown> {
  const response = await fetch(url, {
    method: init.method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json()) as { success?: boolean; data?: unknown; error?: string };
  if (!response.ok || body.success === false) {
    throw new Error(`${init.method} ${url} failed: ${response.status} ${body.error ?? ''}`);
  }
  return body.data ?? body;
}

async function seededPersons(core: AppCore, count: number): Promise<SeededPerson[]> {
  const client = core.pbx.client!;
  const found: SeededPerson[] = [];
  for (let id = 1; id <= count; id++) {
    const person = await client.persons.get(id);
    for (const contact of person.contacts) {
      const e164 = contact.type === 1 ? normalizeNumber(contact.contact, COUNTRY)?.e164 : undefined;
      if (!e164 || found.some((known) => known.e164 === e164)) continue;
      found.push({
        id,
        name: `${person.firstname} ${person.lastname}`.trim(),
        number: contact.contact,
        e164,
      });
      break;
    }
  }
  return found;
}

export async function startCallsEnvironment(options: CallsEnvironmentOptions): Promise<CallsEnvironment> {
  const personCount = options.persons ?? 40;
  const pbx = await startDemoPbx({
    persons: personCount,
    ringEverySeconds: 0,
    ...(options.transcribeAfterSeconds === undefined
      ? {}
      : { transcribeAfterSeconds: options.transcribeAfterSeconds }),
  });
  recordSecret("demo PBX's client secret", pbx.credentials.clientSecret);
  const userData = createUserDataDirectory('calls');
  const directory = userData.directory;
  const core = new AppCore(
    resolveAppCoreDeps({
      mode: undefined,
      logger: options.logger ?? silentLogger,
      demoPbx: { start: async () => pbx },
      osRegion: COUNTRY,
      // The app's own cache wiring: one file per PBX, synced by AppCore once the PBX connects.
      openCacheFile: (fileName) => openCache(join(directory, fileName), { logger: silentLogger }),
      recentNumbers: new JsonFileRecentNumbersStore(join(directory, 'recent-numbers.json'), silentLogger),
      health: HEALTH,
      ...options.coreDeps,
    }),
  );
  await core.start();
  const { settings } = await core.commands['settings:get']();
  await core.commands['settings:save']({ settings: { ...settings, pollIntervalMs: options.pollIntervalMs } });
  await core.directorySync.idle();

  // The control interface wants a token too; fetched now, because an outage takes the token endpoint down.
  const { access_token: token } = (await call(`${pbx.authUrl}/login/oauth2/token`, {
    method: 'POST',
    body: {
      client_id: pbx.credentials.clientId,
      client_secret: pbx.credentials.clientSecret,
      grant_type: 'client_credentials',
    },
  })) as { access_token: string };
  const phone = new URLSearchParams(
    Object.entries(pbx.agent.phone).map(([key, value]) => [key, String(value)]),
  );

  return {
    pbx,
    core,
    persons: await seededPersons(core, Math.min(personCount, 40)),
    inbound: async (from) => {
      const data = await call(`${pbx.authUrl}/_sim/calls/inbound`, {
        method: 'POST',
        token,
        body: { to: pbx.agent.phone, from },
      });
      return (data as { uniqueid: string }).uniqueid;
    },
    pbxCalls: async () =>
      (await call(`${pbx.baseUrl}/call?${phone}`, { method: 'GET', token })) as ActiveCall[],
    remoteAnswer: async (uniqueid) => {
      await call(`${pbx.authUrl}/_sim/calls/${uniqueid}/answer`, { method: 'POST', token, body: {} });
    },
    outage: async (seconds, mode) => {
      await call(`${pbx.authUrl}/_sim/outage`, { method: 'POST', token, body: { seconds, mode } });
    },
    close: async () => {
      await core.dispose(); // stops the demo PBX and closes the cache too, as in the app
      userData.release();
    },
  };
}
