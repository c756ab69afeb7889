/**
 * How requests reach a PBX: the `fetch` a PbxClient is built with, and the trust of a certificate pinned in
 * Settings. The Electron shell opens `net.fetch` (OS proxy settings and certificate store) and pins through
 * `session.setCertificateVerifyProc`; plain Node (tests, the e2e harness, tools) uses Node's fetch, with an
 * undici dispatcher that trusts exactly the pinned certificate when there is one.
 */
import { createPinnedFetch, type FetchLike } from '../api';

export interface TransportTarget {
  /** The PBX URL (its host is the one the pinned certificate is trusted for). */
  baseUrl: string;
  trustedCertificatePem: string | null;
}

export interface TransportHandle {
  fetch: FetchLike;
  /** Releases what `open` set up (pooled connections, a pin); the client must not be used afterwards. */
  close(): Promise<void>;
}

export interface PbxTransport {
  open(target: TransportTarget): TransportHandle;
}

/** Node's own fetch, or a pinned-certificate fetch when Settings name a trusted certificate. */
export const nodeTransport: PbxTransport = {
  open({ trustedCertificatePem }) {
    if (trustedCertificatePem) return createPinnedFetch(trustedCertificatePem);
    return { fetch: (url, init) => fetch(url, init), close: async () => {} };
  },
};
