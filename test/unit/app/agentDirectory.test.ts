/**
 * AgentDirectory: the one place that knows the agent's PBX user. Against a real demo PBX over HTTP, with
 * every request counted: the agent is resolved once (not by every feature), with the fields the features
 * need; from the local directory's users it takes one user read; it follows the settings and the PBX, and
 * refreshes daily with one read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PbxClient } from '../../../src-main/api';
import type { AppCore } from '../../../src-main/app/appCore';
import {
  AgentDirectory,
  AGENT_REFRESH_MS,
  agentProfile,
} from '../../../src-main/app/connection/agentDirectory';
import { nodeTransport, type PbxTransport } from '../../../src-main/app/connection/pbxTransport';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { silentLogger } from '../../../src-main/shared/logger';
import { DirectorySync } from '../../../src-main/cache';
import { usersWithLogin } from '../../../src-main/app/directory/usersWithLogin';
import { testDirectory } from '../cache/fixtures';
import { directoryCore, useConfiguredPbx } from './directoryFixtures';
import { ManualTimers } from './manualTimers';

let pbx: DemoPbx;
let cacheDirectory: string;
/** Every request Ringside sent, as `METHOD /path`. */
const requests: string[] = [];

const countingTransport: PbxTransport = {
  open: (target) => {
    const inner = nodeTransport.open(target);
    return {
      close: inner.close,
      fetch: (url, init) => {
        requests.push(`${init.method} ${new URL(url).pathname}`);
        return inner.fetch(url, init);
      },
    };
  },
};

const userReads = () => requests.filter((request) => /^GET .*\/user\/\d+$/.test(request)).length;

function demoClient(): PbxClient {
  return new PbxClient({
    baseUrl: pbx.baseUrl,
    clientId: pbx.credentials.clientId,
    clientSecret: pbx.credentials.clientSecret,
    fetch,
    logger: silentLogger,
    clock: { now: () => Date.now() },
  });
}

/** The users API of the demo PBX, counting the list requests and user reads. */
function countedClient() {
  const client = demoClient();
  const calls = { lists: 0, reads: 0 };
  return {
    calls,
    users: {
      list: (...args: Parameters<PbxClient['users']['list']>) => {
        calls.lists += 1;
        return client.users.list(...args);
      },
      get: (...args: Parameters<PbxClient['users']['get']>) => {
        calls.reads += 1;
        return client.users.get(...args);
      },
    },
  };
}

/** The demo agent's user as the PBX has it. */
async function agentUser() {
  const client = demoClient();
  for (const item of await client.users.list()) {
    const user = await client.users.get(item.id);
    if (user.username === pbx.agent.username) return user;
  }
  throw new Error('no demo agent');
}

beforeAll(async () => {
  // Back-office staff make the user list long; the agent is among 200 others.
  pbx = await startDemoPbx({ persons: 20, staff: 200, ringEverySeconds: 0 });
  cacheDirectory = mkdtempSync(join(tmpdir(), 'ringside-agent-'));
});
afterAll(async () => {
  await pbx?.close();
  rmSync(cacheDirectory, { recursive: true, force: true });
});

async function configuredCore(dir: string, agentUsername: string): Promise<AppCore> {
  const core = directoryCore(dir, { transport: countingTransport });
  await core.start();
  await useConfiguredPbx(core, pbx, { agentUsername });
  return core;
}

/** Resolves once a directory sync of the PBX completed. */
async function synced(core: AppCore): Promise<void> {
  await vi.waitFor(
    async () => expect((await core.commands['sync:status']()).lastCompletedAt).not.toBeNull(),
    { timeout: 20_000, interval: 50 },
  );
}

describe('the agent on the PBX', { timeout: 30_000 }, () => {
  it('is resolved once, with what the app’s features need, and shared by them', async () => {
    const dir = mkdtempSync(join(cacheDirectory, 'once-'));
    const core = await configuredCore(dir, pbx.agent.username.toUpperCase());
    try {
      await core.agentDirectory.idle();
      const user = await agentUser();

      // What the features need, as the PBX has it: the demo agent sits in Prague support (4), team 2, and
      // works in English (their PBX locale, which Automatic follows).
      expect(core.agentDirectory.profile).toEqual(agentProfile(user));
      expect(core.agentDirectory.profile).toMatchObject({
        username: pbx.agent.username,
        groupId: 4,
        teamId: 2,
        locale: 'en_US',
        primaryExtension: expect.any(Number),
        softphoneDeviceId: user.wssip_device_id,
        callerNumber: user.clid_number,
        active: true,
      });
      await synced(core);
      const reads = userReads();
      // A setting that does not concern the agent reads nothing again; nor does asking for the agent.
      const { settings } = await core.commands['settings:get']();
      await core.commands['settings:save']({ settings: { ...settings, pollIntervalMs: 1500 } });
      await core.agentDirectory.idle();
      expect(await core.agentDirectory.settled()).toEqual({ profile: core.agentDirectory.profile });
      expect(userReads()).toBe(reads);
    } finally {
      await core.dispose();
    }
  });

  it('takes one user read when the local directory knows the agent, else a list and a few reads', async () => {
    const directory = testDirectory();
    await new DirectorySync(directory, demoClient(), {
      logger: silentLogger,
      clock: { now: () => Date.now() },
    }).run();
    const resolve = async (knownUserIds?: (username: string) => number[]) => {
      const client = countedClient();
      const agents = new AgentDirectory({
        client: () => client,
        username: () => pbx.agent.username,
        knownUserIds,
        clock: { now: () => Date.now() },
        logger: silentLogger,
      });
      agents.update();
      await agents.idle();
      expect(agents.profile?.username).toBe(pbx.agent.username);
      agents.dispose();
      return client.calls;
    };

    expect(await resolve((username) => usersWithLogin(directory, username))).toEqual({ lists: 0, reads: 1 });
    const withoutDirectory = await resolve();
    expect(withoutDirectory.lists).toBe(1);
    expect(withoutDirectory.reads).toBeGreaterThanOrEqual(1);
  });

  it('follows a new agent username in Settings', async () => {
    const dir = mkdtempSync(join(cacheDirectory, 'renamed-'));
    const core = await configuredCore(dir, pbx.agent.username);
    try {
      await core.agentDirectory.idle();
      expect(core.agentDirectory.profile?.username).toBe(pbx.agent.username);
      const { settings } = await core.commands['settings:get']();
      const saved = await core.commands['settings:save']({
        settings: { ...settings, agentUsername: 'nobody.here' },
      });
      expect(saved.saved).toBe(true);
      await core.agentDirectory.idle();
      expect(core.agentDirectory.profile).toBeUndefined();
      expect(core.agentDirectory.state).toMatchObject({
        status: 'unknown',
        message: expect.stringMatching(/no user with the login name “nobody.here”/),
      });
    } finally {
      await core.dispose();
    }
  });

  it('refreshes daily with one read of the known user', async () => {
    const counted = countedClient();
    const timers = new ManualTimers();
    const agents = new AgentDirectory({
      client: () => counted,
      username: () => pbx.agent.username,
      clock: { now: () => Date.now() },
      logger: silentLogger,
      timers,
    });
    agents.update();
    await agents.idle();
    expect(agents.profile?.username).toBe(pbx.agent.username);
    Object.assign(counted.calls, { lists: 0, reads: 0 });

    timers.advance(AGENT_REFRESH_MS);
    await agents.idle();

    expect(counted.calls).toEqual({ lists: 0, reads: 1 });
    expect(agents.profile?.username).toBe(pbx.agent.username);
    agents.dispose();
  });

  it('says so when there is no agent username, and tries again once the PBX answers after a failure', async () => {
    let up = false;
    const client = {
      users: {
        list: async () => {
          if (!up) throw Object.assign(new Error('connection refused'), { code: 'network-error' });
          return [{ id: 7, name: 'Jana Nováková', external_id: null }];
        },
        get: async () => ({ ...(await agentUser()), id: 7, username: 'jana.novakova' }),
      },
    };
    let username = '';
    const agents = new AgentDirectory({
      client: () => client,
      username: () => username,
      clock: { now: () => Date.now() },
      logger: silentLogger,
    });
    agents.update();
    expect(await agents.settled()).toEqual({ problem: expect.stringMatching(/No agent username/) });

    username = 'jana.novakova';
    agents.update();
    expect(await agents.settled()).toEqual({ problem: expect.stringMatching(/connection refused/) });
    up = true;
    agents.connectionChanged('connected');
    expect(await agents.settled()).toMatchObject({ profile: { id: 7, username: 'jana.novakova' } });
    agents.dispose();
  });
});
