/**
 * One PBX's services and two agents' sessions in one process, as a team server runs them: against the demo
 * PBX over real HTTP, with the real SQLite directory cache and a history file of each agent's own. Each agent
 * sees only their own calls, history and events, speaks their own language, and outlives the other.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentSession } from '../../../src-main/app/agent/agentSession';
import type { ActiveAgent } from '../../../src-main/app/connection/connectionModeController';
import type { EventListener } from '../../../src-main/app/eventHub';
import { AgentHistoryFiles } from '../../../src-main/app/history/historyFiles';
import { nodeTransport, type PbxTransport } from '../../../src-main/app/connection/pbxTransport';
import { PbxServices } from '../../../src-main/app/pbx/pbxServices';
import { openCache, openHistoryFile } from '../../../src-main/cache';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { systemClock } from '../../../src-main/shared/clock';
import type { EventChannel } from '../../../src-main/shared/contract';
import { createTranslator, t } from '../../../src-main/shared/i18n';
import { silentLogger } from '../../../src-main/shared/logger';
import { TestClient } from '../../conformance/helpers';
import { agentSession } from './agentSessions';
import { FAST_HEALTH, FAST_HISTORY_POLICIES, NO_RETRIES } from './pbx';

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

/** One agent of the two: their session, and everything it told its subscribers. */
interface Agent {
  identity: ActiveAgent;
  session: AgentSession;
  events: { channel: EventChannel; payload: unknown }[];
  heard(uniqueid: string): boolean;
}

let pbx: DemoPbx;
let sim: TestClient;
let dataDirectory: string;
let services: PbxServices;
/** Requests for the first page of the PBX's persons: one per directory sync. */
let personSyncs = 0;
let alice: Agent;
let bob: Agent;

/** Counts directory syncs by their first page of persons. */
const countingTransport: PbxTransport = {
  open(target) {
    const handle = nodeTransport.open(target);
    return {
      close: () => handle.close(),
      fetch: (input, init) => {
        const url = new URL(input);
        if (url.pathname.endsWith('/crm/persons') && (url.searchParams.get('offset') ?? '0') === '0')
          personSyncs++;
        return handle.fetch(input, init);
      },
    };
  },
};

function startAgent(identity: ActiveAgent): Agent {
  const session = agentSession(
    services,
    { pollIntervalMs: 250 },
    {
      agent: () => identity,
      osRegion: 'CZ',
      historyPolicies: FAST_HISTORY_POLICIES,
      historyFiles: new AgentHistoryFiles({
        caches: services.caches,
        open: (directoryFile) =>
          openHistoryFile(join(dataDirectory, `history-${identity.username}-${directoryFile}`), {
            logger: silentLogger,
          }),
        logger: silentLogger,
      }),
    },
  );
  const events: Agent['events'] = [];
  const listener: EventListener = (channel, payload) => events.push({ channel, payload });
  session.subscribe(listener);
  session.start();
  return {
    identity,
    session,
    events,
    heard: (uniqueid) => events.some((event) => JSON.stringify(event.payload).includes(uniqueid)),
  };
}

/** A demo user with a registered phone of their own, other than the demo's agent. */
function secondDemoAgent(): ActiveAgent {
  const organisation = pbx.sim.state.organisation;
  for (const user of organisation.allUsers()) {
    const phone = organisation.phoneOfUser(user.id);
    if (user.username === pbx.agent.username || !phone?.registered || !user.active) continue;
    return { username: user.username, phone: { identifier: phone.identifier } };
  }
  throw new Error('the demo seed has no second agent with a phone');
}

/** Rings `agent`'s phone from an outside number; the call's uniqueid. */
async function ring(agent: Agent, from: string): Promise<string> {
  const response = await sim.post('/_sim/calls/inbound', { to: agent.identity.phone, from });
  expect(response.body.success).toBe(true);
  return response.body.data.uniqueid as string;
}

/** The caller gives up; resolves once the agent's session saw the call end. */
async function hangUp(agent: Agent, uniqueid: string): Promise<void> {
  await sim.post(`/_sim/calls/${uniqueid}/hangup`);
  await wait(() =>
    expect(
      agent.events.some(
        (event) =>
          event.channel === 'call:ended' && (event.payload as { uniqueid: string }).uniqueid === uniqueid,
      ),
    ).toBe(true),
  );
}

async function historyIds(agent: Agent): Promise<string[]> {
  const page = await agent.session.commands['history:list']({ filter: 'all' });
  return page.items.map((item) => item.uniqueid);
}

beforeAll(async () => {
  pbx = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  sim = new TestClient(pbx);
  dataDirectory = mkdtempSync(join(tmpdir(), 'ringside-two-agents-'));
  services = new PbxServices({
    clock: systemClock,
    logger: silentLogger,
    transport: countingTransport,
    health: FAST_HEALTH,
    pbxClientOptions: NO_RETRIES,
    openCacheFile: (fileName) => openCache(join(dataDirectory, fileName), { logger: silentLogger }),
    defaultCountry: () => pbx.country,
  });
  alice = startAgent({ username: pbx.agent.username, phone: pbx.agent.phone });
  bob = startAgent(secondDemoAgent());
  await services.connection.connect({
    kind: 'configured',
    baseUrl: pbx.baseUrl,
    clientId: pbx.credentials.clientId,
    clientSecret: pbx.credentials.clientSecret,
    trustedCertificatePem: null,
  });
  await wait(() => expect(services.directorySync.status().lastCompletedAt).toBeDefined());
  await services.directorySync.idle();
});

afterAll(async () => {
  alice?.session.dispose();
  bob?.session.dispose();
  await services?.dispose();
  await pbx?.close();
  rmSync(dataDirectory, { recursive: true, force: true });
});

describe('two agent sessions on one PBX', { timeout: 30_000 }, () => {
  it('share the one directory cache and its one sync', async () => {
    expect(personSyncs).toBe(1);
    const [aliceSync, bobSync] = await Promise.all([
      alice.session.commands['sync:status'](),
      bob.session.commands['sync:status'](),
    ]);
    expect(bobSync).toEqual(aliceSync);
    expect(aliceSync.counts?.persons).toBe(20);

    // A sync one agent asks for runs once, and both agents hear its progress.
    const aliceProgress = alice.events.filter((event) => event.channel === 'sync:progress').length;
    const bobProgress = bob.events.filter((event) => event.channel === 'sync:progress').length;
    await alice.session.commands['sync:run']();
    await wait(async () => expect((await bob.session.commands['sync:status']()).running).toBe(false));
    await services.directorySync.idle();
    expect(personSyncs).toBe(2);
    expect(alice.events.filter((event) => event.channel === 'sync:progress').length).toBeGreaterThan(
      aliceProgress,
    );
    expect(bob.events.filter((event) => event.channel === 'sync:progress').length).toBeGreaterThan(
      bobProgress,
    );
  });

  it('pop up, and show in the history of, only the agent whose phone rang', async () => {
    const toAlice = await ring(alice, '+420 602 555 101');
    const toBob = await ring(bob, '+420 602 555 202');
    await wait(() => {
      expect(alice.events.some((event) => event.channel === 'screenpop:show' && alice.heard(toAlice))).toBe(
        true,
      );
      expect(bob.events.some((event) => event.channel === 'screenpop:show' && bob.heard(toBob))).toBe(true);
    });
    await hangUp(alice, toAlice);
    await hangUp(bob, toBob);

    expect(alice.heard(toBob)).toBe(false);
    expect(bob.heard(toAlice)).toBe(false);
    await wait(async () => expect(await historyIds(alice)).toContain(toAlice));
    await wait(async () => expect(await historyIds(bob)).toContain(toBob));
    expect(await historyIds(alice)).not.toContain(toBob);
    expect(await historyIds(bob)).not.toContain(toAlice);
    // Each agent's history is a file of their own on this PBX.
    const directoryFile = services.caches.current!.fileName;
    expect(existsSync(join(dataDirectory, `history-${alice.identity.username}-${directoryFile}`))).toBe(true);
    expect(existsSync(join(dataDirectory, `history-${bob.identity.username}-${directoryFile}`))).toBe(true);
  });

  it("word each agent's messages in that agent's language, also after waiting for the PBX", async () => {
    // Both demo agents are Czech on the PBX: Bob chooses English, then Alice Czech.
    expect((await bob.session.commands['settings:language']('en')).locale).toBe('en');
    const bobSwitches = bob.events.filter((event) => event.channel === 'locale:changed').length;
    expect((await alice.session.commands['settings:language']('cs')).locale).toBe('cs');
    expect(bob.session.locale.state.locale).toBe('en');
    expect(bob.events.filter((event) => event.channel === 'locale:changed').length).toBe(bobSwitches);

    // Both at once: each answer is worded after its own round trip to the PBX.
    const unknownCall = '1700000000.999';
    const [aliceError, bobError] = await Promise.all([
      alice.session.commands['review:open']({ uniqueid: unknownCall }).catch((error: Error) => error.message),
      bob.session.commands['review:open']({ uniqueid: unknownCall }).catch((error: Error) => error.message),
    ]);
    const params = { uniqueid: unknownCall };
    expect(aliceError).toBe(createTranslator('cs').t('timeline.openNoRecord', params));
    expect(bobError).toBe(createTranslator('en').t('timeline.openNoRecord', params));
    // Outside any session the process's own language is untouched.
    expect(t('timeline.openNoRecord', params)).toBe(bobError);
    // The PBX's connection state, the same for both, is worded for each in their language.
    const label = { kind: 'configured', host: new URL(pbx.baseUrl).host };
    const connected = (locale: 'cs' | 'en') => createTranslator(locale).t('connection.connected', label);
    expect(alice.session.connectionState.message).toBe(connected('cs'));
    expect(bob.session.connectionState.message).toBe(connected('en'));
  });

  it('keep the other agent working when one session ends', async () => {
    alice.session.dispose();
    const heardByAlice = alice.events.length;
    const toBob = await ring(bob, '+420 602 555 303');
    await wait(() =>
      expect(bob.events.some((event) => event.channel === 'screenpop:show' && bob.heard(toBob))).toBe(true),
    );
    await hangUp(bob, toBob);
    await wait(async () => expect(await historyIds(bob)).toContain(toBob));
    expect(alice.events.length).toBe(heardByAlice);
    // The PBX services go on for the remaining agent.
    expect(services.connection.current.status).toBe('connected');
  });
});
