/**
 * The desktop's trust of its team server's certificate, against a REAL team server speaking HTTPS and WSS
 * with a certificate issued for this run by a test CA that neither Node nor the OS store knows: refused (with
 * the sentence that says why, and before the enrollment token leaves this computer) unless the CA is trusted
 * as the OS store would, or the certificate or its CA is pinned, and a pin only for the server's own host.
 * The WebSocket is trusted exactly as the requests are, through the same dispatcher.
 */
import { createServer, type Server } from 'node:https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, type Dispatcher } from 'undici';
import { systemTrustedCertificates } from '../../../src-main/app/connection/systemTrust';
import {
  createServerDispatcher,
  enrollWithLink,
  RemoteCore,
  type RemoteCredential,
} from '../../../src-main/remote';
import { MemorySettingsStore, SettingsRepository } from '../../../src-main/app/settings/settingsRepository';
import { defaultSettings } from '../../../src-main/app/settings/settingsSchema';
import { systemClock } from '../../../src-main/shared/clock';
import { readPageKey } from '../../../src-main/remote/enrollment';
import { RemoteError } from '../../../src-main/remote/remoteError';
import { RemoteLink, type RemoteLinkStatus } from '../../../src-main/remote/remoteLink';
import { AppError, type ConnectionState } from '../../../src-main/shared/contract';
import { t } from '../../../src-main/shared/i18n';
import { silentLogger } from '../../../src-main/shared/logger';
import { WS_PATH } from '../../../src-main/shared/wsProtocol';
import { TestCertificates } from '../../support/testCertificates';
import { demoAgentsWithPhones, type DemoAgentUser } from '../server/demoAgents';
import { startTeamServerFixture, type TeamServerFixture } from '../server/teamServerFixture';

const certificates = new TestCertificates();
const authority = certificates.authority('Ringside Test CA');
const serverCertificate = certificates.issue(authority, { names: 'DNS:localhost,IP:127.0.0.1' });
/** Another certificate for the same names: what a machine in the middle could present. */
const stranger = certificates.selfSigned({ names: 'DNS:localhost,IP:127.0.0.1' });
const expired = certificates.selfSigned({ names: 'IP:127.0.0.1', days: -1 });

/** What this computer trusts for real: Node's CAs and the OS store, neither of which knows the test CA. */
const systemOnly = systemTrustedCertificates();

const UNKNOWN_ISSUER =
  'The team server’s certificate is not trusted by this computer (it was issued by an authority this ' +
  'computer does not know). Ask your administrator, or trust exactly this certificate in Settings ▸ Connection.';

let fixture: TeamServerFixture;
let agents: DemoAgentUser[];
let nextAgent = 0;
/** The server's origin, `https://127.0.0.1:<port>`, and the same server by another host name. */
let origin: string;
let byOtherName: string;
const dispatchers: Dispatcher[] = [];

function dispatcher(
  certificatePem: string | null,
  { trusted = systemOnly, serverUrl = origin }: { trusted?: string[]; serverUrl?: string } = {},
): Dispatcher {
  const created = createServerDispatcher({ serverUrl, certificatePem, trusted });
  dispatchers.push(created);
  return created;
}

const issueLink = () => {
  const agent = agents[nextAgent++ % agents.length]!;
  return fixture.server.enrollment.issue(agent.username, 'test administrator').url;
};

async function refusal(run: Promise<unknown>): Promise<RemoteError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}

/** Whether a WebSocket with the credential's cookie opens through `through` (the upgrade answered 101). */
function socketOpens(credential: RemoteCredential, through: Dispatcher): Promise<boolean> {
  const socket = new WebSocket(`${credential.origin.replace(/^https/, 'wss')}${WS_PATH}`, {
    dispatcher: through,
    headers: { cookie: credential.cookie, origin: credential.origin },
  });
  return new Promise((resolve) => {
    socket.addEventListener('open', () => {
      socket.close();
      resolve(true);
    });
    socket.addEventListener('close', () => resolve(false));
  });
}

let pinnedCredential: RemoteCredential;

beforeAll(async () => {
  fixture = await startTeamServerFixture({ tls: serverCertificate });
  origin = fixture.server.origin;
  byOtherName = origin.replace('127.0.0.1', 'localhost');
  agents = demoAgentsWithPhones(fixture.demo, 4);
  pinnedCredential = await enrollWithLink(issueLink(), { dispatcher: dispatcher(serverCertificate.cert) });
}, 30_000);

afterAll(async () => {
  await Promise.all(dispatchers.map((each) => each.close()));
  await fixture?.close();
  certificates.dispose();
});

describe("trusting the team server's certificate", { timeout: 30_000 }, () => {
  it('serves the fixture over HTTPS', () => {
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses a certificate this computer does not trust, says why, and never sends the token', async () => {
    const link = issueLink();
    const error = await refusal(enrollWithLink(link, { dispatcher: dispatcher(null) }));
    expect(error.toJSON()).toEqual({
      code: 'network-error',
      message: UNKNOWN_ISSUER,
      params: { transport: 'team-server', failure: 'certificate', reason: 'unknownIssuer' },
    });
    expect(error.message).not.toBe(t('errors.teamServerUnreachable'));
    // The link was not spent: the refused connection never carried it to the server.
    const credential = await enrollWithLink(link, { dispatcher: dispatcher(serverCertificate.cert) });
    expect(credential.origin).toBe(origin);
  });

  it('refuses it too through undici without a dispatcher (Node alone does not know the CA)', async () => {
    expect((await refusal(enrollWithLink(issueLink()))).params).toMatchObject({ failure: 'certificate' });
  });

  it('trusts exactly the pinned certificate, and a certificate issued by a pinned CA', async () => {
    const byCertificate = await enrollWithLink(issueLink(), {
      dispatcher: dispatcher(serverCertificate.cert),
    });
    expect(byCertificate.cookie).toMatch(/=/);
    const byAuthority = await enrollWithLink(issueLink(), { dispatcher: dispatcher(authority.cert) });
    expect(await readPageKey(byAuthority, dispatcher(authority.cert))).toMatch(/\S/);
  });

  it('refuses a server whose certificate is not the pinned one', async () => {
    const error = await refusal(enrollWithLink(issueLink(), { dispatcher: dispatcher(stranger.cert) }));
    expect(error.message).toBe(UNKNOWN_ISSUER);
  });

  it("applies the pin to the server's host only, though the certificate names the other host too", async () => {
    const pinnedHere = dispatcher(serverCertificate.cert);
    const link = issueLink().replace(origin, byOtherName);
    const error = await refusal(enrollWithLink(link, { dispatcher: pinnedHere }));
    expect(error.params).toMatchObject({ failure: 'certificate', reason: 'wrongHost' });
    expect(error.message).toContain('it was issued for a name other than the server’s address');
    const pinnedThere = dispatcher(serverCertificate.cert, { serverUrl: byOtherName });
    expect((await refusal(readPageKey(pinnedCredential, pinnedThere))).params).toMatchObject({
      reason: 'wrongHost',
    });
  });

  it("trusts a CA the OS store holds (the test passes it as trusted, since the OS store can't change)", async () => {
    const companyCa = dispatcher(null, { trusted: [...systemOnly, authority.cert] });
    const credential = await enrollWithLink(issueLink(), { dispatcher: companyCa });
    expect(await readPageKey(credential, companyCa)).toMatch(/\S/);
  });

  it('refuses and accepts the WebSocket exactly as the requests', async () => {
    const cases: [string, Dispatcher, boolean][] = [
      ['no trust', dispatcher(null), false],
      ['another certificate pinned', dispatcher(stranger.cert), false],
      ['pinned for another host', dispatcher(serverCertificate.cert, { serverUrl: byOtherName }), false],
      ['the certificate pinned', dispatcher(serverCertificate.cert), true],
      ['its CA pinned', dispatcher(authority.cert), true],
      ['its CA in the trusted store', dispatcher(null, { trusted: [...systemOnly, authority.cert] }), true],
    ];
    for (const [name, through, trusted] of cases) {
      const fetched = await readPageKey(pinnedCredential, through).then(
        () => true,
        () => false,
      );
      expect({ name, fetched, opened: await socketOpens(pinnedCredential, through) }).toEqual({
        name,
        fetched: trusted,
        opened: trusted,
      });
    }
  });

  it('connects the link over WSS with the pin; without trust, commands fail with the certificate sentence', async () => {
    const link = (through: Dispatcher, statuses: RemoteLinkStatus[]) =>
      new RemoteLink({
        credential: pinnedCredential,
        logger: silentLogger,
        dispatcher: through,
        reconnect: { firstMs: 50, maxMs: 100 },
        onStatus: (status) => statuses.push(status),
        onEvent: () => {},
        onConnected: () => {},
      });
    const trustedStatuses: RemoteLinkStatus[] = [];
    const trusted = link(dispatcher(serverCertificate.cert), trustedStatuses);
    const untrustedStatuses: RemoteLinkStatus[] = [];
    const untrusted = link(dispatcher(null), untrustedStatuses);
    try {
      trusted.start();
      untrusted.start();
      await vi.waitFor(() => expect(trusted.status).toBe('connected'), { timeout: 8000, interval: 25 });
      expect(await trusted.invoke('app:info', undefined)).toMatchObject({ ok: true });
      await vi.waitFor(
        async () =>
          expect(await untrusted.invoke('app:info', undefined)).toEqual({
            ok: false,
            error: expect.objectContaining({ code: 'network-error', message: UNKNOWN_ISSUER }),
          }),
        { timeout: 8000, interval: 25 },
      );
      expect(untrustedStatuses).not.toContain('connected');
    } finally {
      trusted.dispose();
      untrusted.dispose();
    }
  });

  it("tells the windows why from the first attempt, and every command says it, when the certificate isn't trusted", async () => {
    const settings = new SettingsRepository({
      store: new MemorySettingsStore(),
      defaults: defaultSettings(),
      logger: silentLogger,
    });
    const core = new RemoteCore({
      credential: pinnedCredential,
      clock: systemClock,
      logger: silentLogger,
      settings,
      reconnect: { firstMs: 50, maxMs: 100 },
      dispatcher: dispatcher(null),
    });
    const states: ConnectionState[] = [];
    core.subscribe((channel, payload) => {
      if (channel === 'connection:state') states.push(payload as ConnectionState);
    });
    try {
      await core.start();
      await vi.waitFor(() => expect(states).toHaveLength(1), { timeout: 8000, interval: 25 });
      expect(states[0]).toMatchObject({ status: 'offline', message: UNKNOWN_ISSUER });
      await expect(core.commands['app:info']()).rejects.toThrow(UNKNOWN_ISSUER);
      // Later attempts fail the same way: no news, no more events.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(states).toHaveLength(1);
      expect(core.linkStatus).toBe('connecting');
    } finally {
      await core.dispose();
    }
  });

  it('refuses an expired certificate even when it is the pinned one', async () => {
    const server: Server = createServer(expired, (_request, response) => response.end('<html></html>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const expiredOrigin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
      const error = await refusal(
        readPageKey(
          { origin: expiredOrigin, cookie: 'session=x' },
          dispatcher(expired.cert, { serverUrl: expiredOrigin }),
        ),
      );
      expect(error.params).toMatchObject({ failure: 'certificate', reason: 'expired' });
      expect(error.message).toContain('(it has expired or is not valid yet)');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses plain http: to another computer, allows it to this one, and refuses a broken pin', () => {
    expect(() =>
      createServerDispatcher({ serverUrl: 'http://ringside.example.com', certificatePem: null }),
    ).toThrow(t('errors.teamServerPlainHttp'));
    expect(() => createServerDispatcher({ serverUrl: 'ringside.example.com', certificatePem: null })).toThrow(
      t('errors.teamServerUrlInvalid'),
    );
    dispatchers.push(createServerDispatcher({ serverUrl: 'http://127.0.0.1:47400', certificatePem: null }));
    expect(() => createServerDispatcher({ serverUrl: origin, certificatePem: 'not a certificate' })).toThrow(
      AppError,
    );
  });
});
