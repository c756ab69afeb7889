/**
 * "Test connection" with unsaved values: a token, then GET /status. Each way it can fail has its own kind,
 * message and field: DNS, refused, TLS, 400, 401 invalid_client, timeout, not a PBX; and a pinned
 * certificate gets past a TLS failure. Real sockets throughout: a demo PBX and small local servers.
 */
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectionProbe,
  listPhones,
  type SavedConnection,
} from '../../../src-main/app/connection/connectionProbe';
import { nodeTransport } from '../../../src-main/app/connection/pbxTransport';
import { MemorySecretStore, secretAccount } from '../../../src-main/app/settings/secretStore';
import type { DemoPbx } from '../../../src-main/demo-pbx';
import { systemClock } from '../../../src-main/shared/clock';
import type { ConnectionDraft } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { selfSignedKeyPair } from './helpers';
import { NO_RETRIES, startQuietPbx } from './pbx';

let pbx: DemoPbx;
const servers: Server[] = [];
const secrets = new MemorySecretStore();
/** The connection in the saved settings (nothing saved until a test says so). */
let saved: SavedConnection = { baseUrl: '', clientId: '', trustedCertificatePem: null };
const probe = new ConnectionProbe({
  clock: systemClock,
  logger: silentLogger,
  transport: nodeTransport,
  secrets,
  savedConnection: () => saved,
  // Long enough for a DNS failure to come back first on a busy machine; the timeout test waits it out.
  clientOptions: { ...NO_RETRIES, timeoutMs: 2_000 },
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const serve = (handler: RequestListener) => listen(createHttpServer(handler));

beforeAll(async () => {
  pbx = await startQuietPbx();
});
afterAll(async () => {
  for (const server of servers) server.closeAllConnections?.();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await pbx.close();
});

const draft = (changes: Partial<ConnectionDraft> = {}): ConnectionDraft => ({
  baseUrl: pbx.baseUrl,
  clientId: pbx.credentials.clientId,
  secret: pbx.credentials.clientSecret,
  ...changes,
});

describe('connection:test', () => {
  it('shows the components, trunks and phone summary of a PBX that accepts the credentials', async () => {
    const result = await probe.test(draft());
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.tokenLifetimeSeconds).toBe(3600);
    expect(result.pbx.components.map((component) => component.name)).toEqual(
      expect.arrayContaining(['core', 'api', 'database', 'telephony', 'light-log', 'webserver']),
    );
    expect(result.pbx.trunks.length).toBeGreaterThan(0);
    expect(result.pbx.trunks[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      status: expect.any(Number),
      rtt: expect.any(Number),
    });
    expect(result.pbx.phones.length).toBeGreaterThan(0);
    expect(result.pbx.phones[0]).toMatchObject({
      groupId: expect.any(String),
      configured: expect.any(Number),
    });
  });

  it('uses the stored secret when the secret field is left empty', async () => {
    saved = { baseUrl: pbx.baseUrl, clientId: pbx.credentials.clientId, trustedCertificatePem: null };
    await secrets.set(secretAccount(pbx.credentials.clientId, pbx.baseUrl), pbx.credentials.clientSecret);
    expect((await probe.test(draft({ secret: '' }))).success).toBe(true);
    // The same URL written differently is the same connection.
    expect((await probe.test(draft({ secret: '', baseUrl: `${pbx.baseUrl}/` }))).success).toBe(true);
    expect((await probe.test(draft({ secret: '', baseUrl: new URL(pbx.baseUrl).origin }))).success).toBe(
      true,
    );
  });

  it('asks for the secret, never sending the stored one, when the URL or the certificate changed', async () => {
    saved = { baseUrl: pbx.baseUrl, clientId: pbx.credentials.clientId, trustedCertificatePem: null };
    await secrets.set(secretAccount(pbx.credentials.clientId, pbx.baseUrl), pbx.credentials.clientSecret);
    const askForSecret = {
      success: false,
      stage: 'settings',
      failure: {
        kind: 'missing-credentials',
        field: 'secret',
        message: 'Enter the client secret to test a changed URL or certificate.',
      },
    };
    // Same host, so the same stored account, but another API root; or a certificate the draft chose.
    const otherPath = `${new URL(pbx.baseUrl).origin}/elsewhere/api/v1.0`;
    const { cert } = selfSignedKeyPair('127.0.0.1');
    expect(await probe.test(draft({ secret: '', baseUrl: otherPath }))).toEqual(askForSecret);
    expect(await probe.test(draft({ secret: '', trustedCertificatePem: cert }))).toEqual(askForSecret);
    // The phone picker and the agent check use the same draft client.
    await expect(
      probe.withDraftClient(draft({ secret: '', trustedCertificatePem: cert }), listPhones),
    ).rejects.toThrow('Enter the client secret to test a changed URL or certificate.');
    // Typed, the secret is used as given.
    const typed = await probe.test(draft({ baseUrl: otherPath }));
    expect(typed).toMatchObject({ success: false, stage: 'token' });

    // With a certificate saved, the same certificate uses the stored secret, and none is a change.
    saved = { ...saved, trustedCertificatePem: cert };
    // The secret is filed under what it was trusted to, the pinned certificate included (secretStore.ts).
    await secrets.set(
      secretAccount(pbx.credentials.clientId, pbx.baseUrl, cert),
      pbx.credentials.clientSecret,
    );
    expect((await probe.test(draft({ secret: '', trustedCertificatePem: cert }))).success).toBe(true);
    expect(await probe.test(draft({ secret: '' }))).toEqual(askForSecret);
  });

  it('says invalid_client for a wrong secret, pointing at the secret field', async () => {
    expect(await probe.test(draft({ secret: 'wrong' }))).toEqual({
      success: false,
      stage: 'token',
      failure: {
        kind: 'invalid-client',
        field: 'secret',
        message:
          'The PBX rejected the client id or secret (invalid_client). Check the service account’s client id and secret.',
      },
    });
  });

  it('asks for what is missing before trying anything', async () => {
    expect(await probe.test(draft({ clientId: 'nobody', secret: '' }))).toMatchObject({
      stage: 'settings',
      failure: { kind: 'missing-credentials', field: 'secret' },
    });
    expect(await probe.test(draft({ clientId: ' ' }))).toMatchObject({
      failure: { kind: 'missing-credentials', field: 'clientId' },
    });
    expect(await probe.test(draft({ baseUrl: 'http://pbx.example.com' }))).toMatchObject({
      failure: { kind: 'invalid-url', field: 'baseUrl', message: expect.stringMatching(/Use https/) },
    });
  });

  it('says the host name could not be found (DNS)', async () => {
    expect(await probe.test(draft({ baseUrl: 'https://pbx.nonexistent.invalid' }))).toMatchObject({
      stage: 'token',
      failure: {
        kind: 'dns',
        field: 'baseUrl',
        message: expect.stringMatching(/could not be found \(DNS\)/),
      },
    });
  });

  it('says the connection was refused', async () => {
    const host = await listen(createHttpServer());
    servers.pop()!.close();
    expect(await probe.test(draft({ baseUrl: `http://${host}` }))).toMatchObject({
      failure: { kind: 'refused', message: expect.stringMatching(/refused the connection/) },
    });
  });

  it('says the certificate is not trusted, and gets past that with the certificate pinned', async () => {
    const { cert, key } = selfSignedKeyPair('127.0.0.1');
    const host = await listen(
      createHttpsServer({ cert, key }, (_request, response) => {
        response.setHeader('content-type', 'text/html');
        response.end('<html>Router login</html>');
      }),
    );
    expect(await probe.test(draft({ baseUrl: `https://${host}` }))).toMatchObject({
      failure: { kind: 'tls', field: 'trustedCertificatePem', message: expect.stringMatching(/not trusted/) },
    });
    expect(
      await probe.test(draft({ baseUrl: `https://${host}`, trustedCertificatePem: cert })),
    ).toMatchObject({
      failure: { kind: 'not-a-pbx', field: 'baseUrl' },
    });
  });

  it('says a PBX that speaks plain HTTP does not speak HTTPS, instead of suggesting to trust a certificate', async () => {
    // The demo PBX itself, a real plain-HTTP listener, addressed with https:// as a person might type it.
    const plainHttp = pbx.baseUrl.replace(/^http:/, 'https:');
    const result = await probe.test(draft({ baseUrl: plainHttp }));
    expect(result).toMatchObject({
      failure: {
        kind: 'not-https',
        field: 'baseUrl',
        message: expect.stringMatching(/does not speak HTTPS/),
      },
    });
    expect(result.success ? '' : result.failure.message).not.toMatch(/certificate .*not trusted|choose it/);
  });

  it('reaches the demo PBX typed as a bare loopback host, which is completed with http://', async () => {
    const bare = pbx.baseUrl.replace(/^http:\/\//, '');
    expect((await probe.test(draft({ baseUrl: bare }))).success).toBe(true);
  });

  it('says the token request was malformed (400 invalid_request)', async () => {
    const host = await serve((_request, response) => {
      response.statusCode = 400;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ error: 'invalid_request', error_description: 'bad grant', error_uri: 'x' }),
      );
    });
    expect(await probe.test(draft({ baseUrl: `http://${host}` }))).toMatchObject({
      stage: 'token',
      failure: { kind: 'invalid-request', message: expect.stringMatching(/invalid_request/) },
    });
  });

  it('says the PBX did not answer in time', async () => {
    const host = await serve(() => {});
    expect(await probe.test(draft({ baseUrl: `http://${host}` }))).toMatchObject({
      failure: { kind: 'timeout', message: expect.stringMatching(/did not answer .* within 2 s/) },
    });
  });

  it('says a web server that is not a PBX is not one', async () => {
    const host = await serve((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>It works!</title>');
    });
    expect(await probe.test(draft({ baseUrl: `http://${host}` }))).toMatchObject({
      failure: {
        kind: 'not-a-pbx',
        field: 'baseUrl',
        message: expect.stringMatching(/does not look like the PBX API/),
      },
    });
  });

  it('says when the status resource is missing behind a working token endpoint', async () => {
    const host = await serve((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/login/oauth2/token') {
        response.end(JSON.stringify({ access_token: 'abc', token_type: 'Bearer', expires_in: '60' }));
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ success: false, data: null, error: 'no such route' }));
    });
    expect(await probe.test(draft({ baseUrl: `http://${host}` }))).toMatchObject({
      stage: 'status',
      failure: { kind: 'not-a-pbx', field: 'baseUrl' },
    });
  });
});
