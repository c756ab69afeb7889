/**
 * The desktop's core as composeDesktopCore builds it, under a managed policy that locks this computer to a
 * REAL team server (on the demo PBX): it starts signed out on that server (never on the PBX), says on every
 * command to sign in, refuses to be moved to another server or signed in with another server's link (pasted
 * or opened as `ringside:`), signs in with the right link and through the (injected) browser sign-in, and
 * checks the addresses Settings ▸ Connection and the policy give.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodeTransport } from '../../../src-main/app/connection/pbxTransport';
import { readManagedPolicy } from '../../../src-main/app/settings/managedPolicy';
import { MemorySecretStore } from '../../../src-main/app/settings/secretStore';
import { defaultSettings } from '../../../src-main/app/settings/settingsSchema';
import { checkTeamServerUrl } from '../../../src-main/app/teamServerClient/teamServerUrl';
import { enrollWithLink } from '../../../src-main/remote';
import { readEnrollmentLink } from '../../../src-main/remote/enrollment';
import { composeDesktopCore, type ComposedDesktopCore } from '../../../src-main/remote/composeDesktopCore';
import type { BrowserSignIn } from '../../../src-main/remote/browserSignIn';
import type { EventChannel, TeamServerClientView } from '../../../src-main/shared/contract';
import { t } from '../../../src-main/shared/i18n';
import { silentLogger } from '../../../src-main/shared/logger';
import { refusal } from '../../support/refusal';
import { spyLogger } from '../../support/spyLogger';
import { TEST_BUILD } from '../../support/testAppCore';
import { demoAgentsWithPhones, type DemoAgentUser } from '../server/demoAgents';
import { startTeamServerFixture, type TeamServerFixture } from '../server/teamServerFixture';

/** A token of the length the server issues (43 base64url characters). */
const TOKEN = 'x'.repeat(43);
const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 25 });

let fixture: TeamServerFixture;
let alice: DemoAgentUser;
let composed: ComposedDesktopCore;
let userData: string;
const secrets = new MemorySecretStore();
const events: { channel: EventChannel; payload: unknown }[] = [];
const showWindow = vi.fn();
const demoStarts = vi.fn(async () => {
  throw new Error('no demo PBX in this test');
});
let browserSignIn: (serverUrl: string) => BrowserSignIn;

const issueLink = () => fixture.server.enrollment.issue(alice.username, 'test administrator').url;
const view = () => composed.core.commands['teamServer:get']();

beforeAll(async () => {
  fixture = await startTeamServerFixture();
  [alice] = demoAgentsWithPhones(fixture.demo, 1) as [DemoAgentUser];
  userData = mkdtempSync(join(tmpdir(), 'ringside-desktop-core-'));
  const policyFile = join(userData, 'policy.json');
  writeFileSync(policyFile, JSON.stringify({ teamServer: { url: fixture.server.origin, locked: true } }));
  composed = await composeDesktopCore({
    userData,
    logger: silentLogger,
    transport: nodeTransport,
    secretStore: async () => secrets,
    demoPbx: { start: demoStarts },
    detailWriterWorker: new URL('file:///nonexistent/detailWriterWorker.js'),
    osRegion: 'CZ',
    managedPolicyFile: policyFile,
    build: TEST_BUILD,
    openExternal: async () => {},
    showWindow,
    startBrowserSignIn: ({ serverUrl }) => browserSignIn(serverUrl),
  });
  composed.core.subscribe((channel, payload) => events.push({ channel, payload }));
  await composed.core.start();
}, 30_000);

afterAll(async () => {
  await composed?.core.dispose();
  await fixture?.close();
  rmSync(userData, { recursive: true, force: true });
});

describe('a desktop app locked to a team server by a managed policy', { timeout: 30_000 }, () => {
  it('starts on that server, signed out: every command says to sign in, and no PBX is started', async () => {
    expect(await view()).toMatchObject({
      available: true,
      kind: 'team-server',
      serverUrl: fixture.server.origin,
      locked: true,
      signedIn: false,
      link: 'signed-out',
    });
    const signInFirst = { code: 'auth-failed', message: t('teamServerClient.signInFirst') };
    expect(await refusal(composed.core.commands['calls:list']())).toMatchObject(signInFirst);
    expect(await composed.core.desktop.requestDial('+420 602 555 606', 'link')).toEqual({
      status: 'refused',
      reason: signInFirst.message,
    });
    expect(await composed.core.commands['connection:get']()).toMatchObject({
      status: 'credentials-rejected',
      message: signInFirst.message,
    });
    expect(demoStarts).not.toHaveBeenCalled();
  });

  it('cannot be moved to this computer’s PBX or another server', async () => {
    const locked = { code: 'forbidden', message: t('teamServerClient.lockedByOrganisation') };
    expect(
      await refusal(composed.core.commands['teamServer:choose']({ kind: 'pbx', serverUrl: '' })),
    ).toMatchObject(locked);
    expect(
      await refusal(
        composed.core.commands['teamServer:choose']({
          kind: 'team-server',
          serverUrl: 'https://ringside.attacker.example',
        }),
      ),
    ).toMatchObject(locked);
    expect((await view()).serverUrl).toBe(fixture.server.origin);
  });

  it('refuses another server’s link, pasted or opened as ringside:, before asking that server anything', async () => {
    const foreign = `https://ringside.attacker.example/enroll#${TOKEN}`;
    expect(
      await refusal(composed.core.commands['teamServer:signInWithLink']({ link: foreign })),
    ).toMatchObject({
      code: 'forbidden',
      message: t('teamServerClient.linkForOtherServer', {
        server: 'https://ringside.attacker.example',
        allowed: fixture.server.origin,
      }),
    });
    composed.core.desktop.offerTeamServerLink!(
      `ringside://enroll?server=https%3A%2F%2Fringside.attacker.example#${TOKEN}`,
    );
    expect(events.filter((event) => event.channel === 'teamServer:linkOffered')).toEqual([]);
    expect(showWindow).not.toHaveBeenCalled();
  });

  it('signs in with its own server’s link, and runs on the server as that agent', async () => {
    const signedIn = await composed.core.commands['teamServer:signInWithLink']({ link: issueLink() });
    expect(signedIn).toMatchObject({ signedIn: true, link: 'connected' });
    expect((await composed.core.commands['app:info']()).name).toBe('ringside-server');
    await wait(async () =>
      expect((await view()).agent).toEqual({ username: alice.username, displayName: alice.username }),
    );
    expect(demoStarts).not.toHaveBeenCalled();
  });

  it('signs in through the browser sign-in: in progress first, then signed in', async () => {
    await composed.core.commands['teamServer:signOut']();
    expect(await secrets.get(`team-server-session@${fixture.server.origin}`)).toBeNull();
    let finish: () => void = () => {};
    browserSignIn = (serverUrl) => ({
      url: `${serverUrl}/auth/native?state=x`,
      expiresAt: Date.now() + 60_000,
      result: new Promise((resolve) => {
        finish = () => resolve(enrollWithLink(issueLink()));
      }),
      cancel: () => {},
    });
    const started = await composed.core.commands['teamServer:signInWithBrowser']();
    expect(started).toMatchObject({
      signedIn: false,
      browserSignIn: { url: `${fixture.server.origin}/auth/native?state=x` },
    });
    finish();
    await wait(() =>
      expect(events.findLast((event) => event.channel === 'teamServer:changed')?.payload).toMatchObject({
        signedIn: true,
        browserSignIn: null,
        link: 'connected',
      } satisfies Partial<TeamServerClientView>),
    );
  });
});

describe('team server addresses', () => {
  it('takes an https origin, or http only on this computer', () => {
    expect(checkTeamServerUrl(' ringside.example.com/app ')).toBe('https://ringside.example.com');
    expect(checkTeamServerUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(() => checkTeamServerUrl('http://ringside.example.com')).toThrow(
      t('teamServerClient.urlHttpOnlyLoopback'),
    );
    expect(() => checkTeamServerUrl('ftp://ringside.example.com')).toThrow(
      t('teamServerClient.urlHttpOnlyLoopback'),
    );
    expect(() => checkTeamServerUrl('  ')).toThrow(t('teamServerClient.urlRequired'));
  });

  it('reads both forms of an enrollment link, and nothing that only looks like one', () => {
    const origin = 'https://ringside.example.com';
    expect(readEnrollmentLink(`${origin}/enroll#${TOKEN}`)).toEqual({ origin, token: TOKEN });
    expect(readEnrollmentLink(`ringside://enroll?server=${encodeURIComponent(origin)}#${TOKEN}`)).toEqual({
      origin,
      token: TOKEN,
    });
    for (const bad of [
      `ringside://enroll?server=javascript%3Aalert(1)#${TOKEN}`,
      `ringside://enroll?server=https%3A%2F%2Fringside.example.com%2Fpath#${TOKEN}`,
      `ringside://evil?server=https%3A%2F%2Fringside.example.com#${TOKEN}`,
      `file:///etc/passwd#${TOKEN}`,
    ]) {
      expect(() => readEnrollmentLink(bad), bad).toThrow(t('errors.teamServerLinkInvalid'));
    }
    expect(() => readEnrollmentLink('ringside://enroll?server=https%3A%2F%2Fringside.example.com')).toThrow(
      t('errors.teamServerLinkNoToken'),
    );
  });

  it('ignores (and logs) a policy team server that is not one', () => {
    const logger = spyLogger();
    const policy = readManagedPolicy({
      path: 'policy.json',
      defaults: defaultSettings(),
      logger,
      readFile: () => JSON.stringify({ teamServer: { url: 'http://ringside.example.com', locked: true } }),
    });
    expect(policy.teamServer).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('teamServer ignored'));
  });
});
