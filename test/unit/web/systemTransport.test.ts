/**
 * The browser host's way to the PBX (web/systemTransport.ts) against real HTTPS servers with certificates
 * made by openssl for the run: a pinned certificate is trusted for the PBX's host only, nothing is trusted
 * without it, and HTTPS_PROXY is honoured with the pin applied inside the tunnel.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import { connect } from 'node:net';
import { createSecureContext } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchInit } from '../../../src-main/api';
import { systemTrustedCertificates } from '../../../src-main/app/connection/systemTrust';
import { createSystemTransport } from '../../../src-main/web/systemTransport';
import { selfSignedKeyPair } from '../app/helpers';

const init = (): FetchInit => ({
  method: 'GET',
  headers: {},
  signal: AbortSignal.timeout(5000),
  redirect: 'manual',
});

let pbx: Server;
let port: number;
const pbxTest = selfSignedKeyPair('pbx.test');
const loopback = selfSignedKeyPair('127.0.0.1');
const pbxContext = createSecureContext(pbxTest);
const loopbackContext = createSecureContext(loopback);

beforeAll(async () => {
  // One server, two certificates by SNI: `pbx.test` (reached through the proxy), else the bare IP's.
  pbx = createServer(
    {
      ...loopback,
      SNICallback: (name, done) => done(null, name === 'pbx.test' ? pbxContext : loopbackContext),
    },
    (_request, response) => response.end('pbx says hello'),
  );
  await new Promise<void>((resolve) => pbx.listen(0, '127.0.0.1', resolve));
  port = (pbx.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => pbx.close(resolve)));

describe('the system transport', () => {
  it("trusts Node's CAs and the OS store", () => {
    const trusted = systemTrustedCertificates();
    expect(trusted.length).toBeGreaterThan(50);
    expect(new Set(trusted).size).toBe(trusted.length);
  });

  it('refuses a self-signed certificate nothing pins', async () => {
    const handle = createSystemTransport({ env: {} }).open({
      baseUrl: `https://127.0.0.1:${port}`,
      trustedCertificatePem: null,
    });
    await expect(handle.fetch(`https://127.0.0.1:${port}/status`, init())).rejects.toThrow();
    await handle.close();
  });

  it('trusts the certificate pinned in Settings for the PBX host', async () => {
    const handle = createSystemTransport({ env: {} }).open({
      baseUrl: `https://127.0.0.1:${port}`,
      trustedCertificatePem: loopback.cert,
    });
    const response = await handle.fetch(`https://127.0.0.1:${port}/status`, init());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('pbx says hello');
    await handle.close();
  });

  it('never trusts the pin for another host', async () => {
    // Pinned for pbx.example.com, but the connection goes elsewhere with the same certificate.
    const handle = createSystemTransport({ env: {} }).open({
      baseUrl: 'https://pbx.example.com',
      trustedCertificatePem: loopback.cert,
    });
    await expect(handle.fetch(`https://127.0.0.1:${port}/status`, init())).rejects.toThrow();
    await handle.close();
  });
});

describe('behind a proxy (HTTPS_PROXY)', () => {
  let proxy: HttpServer;
  let proxyUrl: string;
  const tunnels: string[] = [];
  beforeAll(async () => {
    // A CONNECT proxy that knows pbx.test as this machine.
    proxy = createHttpServer();
    proxy.on('connect', (request, client, head) => {
      tunnels.push(request.url ?? '');
      const [, targetPort] = (request.url ?? '').split(':');
      const upstream = connect(Number(targetPort), '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => proxy.close(resolve)));

  it('tunnels to the PBX through the proxy, with the pin checked inside the tunnel', async () => {
    const transport = createSystemTransport({ env: { HTTPS_PROXY: proxyUrl } });
    const pinned = transport.open({
      baseUrl: `https://pbx.test:${port}`,
      trustedCertificatePem: pbxTest.cert,
    });
    const response = await pinned.fetch(`https://pbx.test:${port}/status`, init());
    expect(await response.text()).toBe('pbx says hello');
    expect(tunnels).toEqual([`pbx.test:${port}`]);
    await pinned.close();

    const unpinned = transport.open({ baseUrl: `https://pbx.test:${port}`, trustedCertificatePem: null });
    await expect(unpinned.fetch(`https://pbx.test:${port}/status`, init())).rejects.toThrow();
    await unpinned.close();
  });

  it('goes direct to loopback (the embedded demo PBX) and to NO_PROXY hosts', async () => {
    tunnels.length = 0;
    const handle = createSystemTransport({ env: { HTTPS_PROXY: proxyUrl, NO_PROXY: 'pbx.internal' } }).open({
      baseUrl: `https://127.0.0.1:${port}`,
      trustedCertificatePem: loopback.cert,
    });
    expect((await handle.fetch(`https://127.0.0.1:${port}/status`, init())).status).toBe(200);
    expect(tunnels).toEqual([]);
    await handle.close();
  });
});
