/**
 * A Node `fetch` that trusts exactly the certificates pinned in Settings, for the PBX only (tests, the e2e
 * harness and tools; the Electron app uses `net.fetch` with `verifyAgainstPin` instead).
 *
 * It is Node's own fetch with an undici dispatcher whose TLS trust store is the pinned file alone (`ca`), so
 * the chain must lead to a pinned certificate; the host name check is skipped only when the leaf is itself
 * pinned, as in tlsPin.ts. Node does not accept a pinned leaf whose issuer is missing (OpenSSL wants a
 * self-signed anchor): pin the issuing CA for such a PBX.
 */
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { Agent } from 'undici';
import type { FetchLike } from './httpTransport';
import { readPinnedCertificates } from './tlsPin';

export interface PinnedFetch {
  fetch: FetchLike;
  /** Closes the pooled connections; call when the PBX settings change. */
  close(): Promise<void>;
}

export function createPinnedFetch(pinnedPem: string): PinnedFetch {
  const fingerprints = new Set(readPinnedCertificates(pinnedPem).map((pin) => pin.fingerprint256));
  const agent = new Agent({
    connect: {
      ca: pinnedPem,
      checkServerIdentity: (hostname: string, certificate: PeerCertificate) =>
        fingerprints.has(certificate.fingerprint256) ? undefined : checkServerIdentity(hostname, certificate),
    },
  });
  // Node's fetch takes an undici dispatcher of the same major version as the undici bundled with Node.
  const pinnedFetch: FetchLike = (url, init) => fetch(url, { ...init, dispatcher: agent } as RequestInit);
  return { fetch: pinnedFetch, close: () => agent.close() };
}
