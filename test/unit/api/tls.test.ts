/**
 * Trusting one pinned certificate (or CA) for an on-premises PBX: real TLS against node:https servers with
 * certificates made by openssl for this run, and the pure verdict the Electron shell will use.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidArgument,
  NetworkError,
  certificateFingerprint,
  createPinnedFetch,
  readPinnedCertificates,
  verifyAgainstPin,
  type FetchLike,
} from '../../../src-main/api';
import { clientFor, fakePbx } from './fakePbx';

const dir = mkdtempSync(join(tmpdir(), 'ringside-tls-'));
const pem: Record<string, string> = {};
const key: Record<string, string> = {};

function openssl(...args: string[]) {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
const CA_EXTENSIONS = [
  '-addext',
  'basicConstraints=critical,CA:TRUE',
  '-addext',
  'keyUsage=critical,keyCertSign,cRLSign',
];

/** A certificate for `name` signed by `issuer`, with the given extensions. */
function issue(name: string, issuer: string, extensions: string) {
  writeFileSync(join(dir, `${name}.ext`), extensions);
  openssl('req', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${issuer}.pem`,
    '-CAkey',
    `${issuer}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '3650',
    '-extfile',
    `${name}.ext`,
  );
}

function load(name: string) {
  pem[name] = readFileSync(join(dir, `${name}.pem`), 'utf8');
  key[name] = readFileSync(join(dir, `${name}.key`), 'utf8');
}

/** A minimal PBX over HTTPS: a token and GET /groups. */
async function servePbx(certificate: string): Promise<{ server: Server; port: number }> {
  const server = createServer({ key: key[certificate], cert: pem[certificate] }, (request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/login/oauth2/token') {
      response.end(JSON.stringify({ access_token: 'tls-token', token_type: 'Bearer', expires_in: '3600' }));
    } else {
      response.end(JSON.stringify({ success: true, data: [{ id: 1, name: 'Root', external_id: null }] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

function clientAt(host: string, fetch: FetchLike) {
  return clientFor(fakePbx(), { baseUrl: `https://${host}/api/v1.0`, fetch }).client;
}

const servers: Record<string, { server: Server; port: number }> = {};

beforeAll(async () => {
  // A self-signed PBX certificate naming a host the test does not use (as when a PBX is reached by IP).
  openssl(
    'req',
    '-x509',
    ...EC,
    '-keyout',
    'self.key',
    '-out',
    'self.pem',
    '-days',
    '3650',
    '-subj',
    '/CN=pbx.internal',
    '-addext',
    'subjectAltName=DNS:pbx.internal',
  );
  openssl(
    'req',
    '-x509',
    ...EC,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '3650',
    '-subj',
    '/CN=Ringside Test CA',
    ...CA_EXTENSIONS,
  );
  issue('leaf', 'ca', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  issue('elsewhere', 'ca', 'subjectAltName=DNS:other.example\nbasicConstraints=CA:FALSE\n');
  issue('intermediate', 'ca', 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  issue('deep', 'intermediate', 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  for (const name of ['self', 'ca', 'leaf', 'elsewhere', 'intermediate', 'deep']) load(name);
  servers.self = await servePbx('self');
  servers.leaf = await servePbx('leaf');
  servers.elsewhere = await servePbx('elsewhere');
}, 60_000);

afterAll(async () => {
  await Promise.all(
    Object.values(servers).map(({ server }) => new Promise((resolve) => server.close(resolve))),
  );
  rmSync(dir, { recursive: true, force: true });
});

describe('a pinned fetch against a real HTTPS PBX', () => {
  async function groupsThrough(server: string, pinned: string | undefined) {
    const pinnedFetch = pinned === undefined ? undefined : createPinnedFetch(pinned);
    try {
      const client = clientAt(`127.0.0.1:${servers[server]?.port}`, pinnedFetch?.fetch ?? fetch);
      return await client.groups();
    } finally {
      await pinnedFetch?.close();
    }
  }

  it('trusts the pinned self-signed certificate, whatever host it names', async () => {
    await expect(groupsThrough('self', pem.self)).resolves.toEqual([
      { id: 1, name: 'Root', external_id: null },
    ]);
  });

  it('rejects the self-signed certificate when nothing is pinned, as a tls NetworkError', async () => {
    const error = await groupsThrough('self', undefined).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'tls' });
    expect((error as Error).message).toMatch(
      /certificate of 127\.0\.0\.1:\d+ is not trusted.*trusted certificate in Settings/,
    );
  });

  it('rejects a certificate other than the pinned one', async () => {
    await expect(groupsThrough('self', pem.ca)).rejects.toMatchObject({ kind: 'tls' });
  });

  it('trusts a certificate issued by the pinned CA for the host it names', async () => {
    await expect(groupsThrough('leaf', pem.ca)).resolves.toHaveLength(1);
  });

  it('rejects a certificate issued by the pinned CA for another host', async () => {
    await expect(groupsThrough('elsewhere', pem.ca)).rejects.toMatchObject({ kind: 'tls' });
  });

  it('refuses a pin file without a certificate', () => {
    expect(() => createPinnedFetch('not a certificate')).toThrow(InvalidArgument);
  });
});

describe('verifyAgainstPin (for the Electron shell)', () => {
  const der = (name: string) => new X509Certificate(pem[name] ?? '').raw;

  it('trusts the pinned certificate itself, as PEM or DER, by any host name', () => {
    expect(
      verifyAgainstPin({ pinnedPem: pem.self ?? '', chain: [pem.self ?? ''], hostname: '10.0.0.5' }),
    ).toEqual({
      trusted: true,
      reason: 'the certificate is the pinned one',
    });
    expect(
      verifyAgainstPin({ pinnedPem: pem.self ?? '', chain: [der('self')], hostname: 'pbx.internal' }).trusted,
    ).toBe(true);
  });

  it('trusts a chain to a pinned CA only for the host the leaf names', () => {
    const check = (hostname: string) =>
      verifyAgainstPin({ pinnedPem: pem.ca ?? '', chain: [der('leaf')], hostname });

    expect(check('127.0.0.1')).toEqual({
      trusted: true,
      reason: 'the certificate was issued by the pinned CA',
    });
    expect(check('localhost').trusted).toBe(true);
    expect(check('evil.example')).toEqual({
      trusted: false,
      reason: 'the certificate was issued by the pinned CA but does not name evil.example',
    });
  });

  it('follows presented intermediates up to the pinned CA', () => {
    const chain = [pem.deep ?? '', pem.intermediate ?? ''];
    expect(verifyAgainstPin({ pinnedPem: pem.ca ?? '', chain, hostname: '127.0.0.1' }).trusted).toBe(true);
    expect(
      verifyAgainstPin({ pinnedPem: pem.ca ?? '', chain: [pem.deep ?? ''], hostname: '127.0.0.1' }).trusted,
    ).toBe(false);
  });

  it('accepts a bundle of several pinned certificates', () => {
    const bundle = `${pem.self}\n${pem.ca}`;
    expect(readPinnedCertificates(bundle)).toHaveLength(2);
    expect(
      verifyAgainstPin({ pinnedPem: bundle, chain: [pem.leaf ?? ''], hostname: 'localhost' }).trusted,
    ).toBe(true);
  });

  it('rejects an unrelated certificate and an expired one', () => {
    expect(
      verifyAgainstPin({ pinnedPem: pem.self ?? '', chain: [pem.leaf ?? ''], hostname: 'localhost' }),
    ).toEqual({
      trusted: false,
      reason: 'the certificate is neither the pinned one nor issued by a pinned CA',
    });
    const later = new Date(Date.now() + 20 * 365 * 24 * 3600 * 1000);
    expect(
      verifyAgainstPin({ pinnedPem: pem.self ?? '', chain: [pem.self ?? ''], hostname: 'x', now: later }),
    ).toEqual({ trusted: false, reason: 'the certificate is expired or not yet valid' });
  });

  it('refuses files that are not certificates, with a clear message', () => {
    expect(() => readPinnedCertificates('hello')).toThrow(/contains no certificate.*PEM file/);
    expect(() =>
      readPinnedCertificates('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'),
    ).toThrow('Certificate 1 in the chosen file is damaged and cannot be read.');
  });

  it('shows the SHA-256 fingerprint the same for PEM and DER', () => {
    const fingerprint = certificateFingerprint(pem.self ?? '');
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(certificateFingerprint(der('self'))).toBe(fingerprint);
  });
});
