/**
 * How requests reach a PBX: the `fetch` a PbxClient is built with, and the trust of a certificate pinned in
 * Settings. The Electron shell opens `net.fetch` (OS proxy settings and certificate store) and pins through
 * `session.setCertificateVerifyProc`; plain Node (tests, the e2e harness, tools) uses Node's fetch, with an
 * undici dispatcher that trusts exactly the pinned certificate when there is one.
 */
import { createPinnedFetch, createUndiciFetch, type FetchLike } from '../../api';

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

/**
 * Plain Node: undici's lean request client with its own connection pool (about half the CPU of the global
 * fetch per request, and no native memory held until GC), or a pinned-certificate fetch when Settings name
 * a trusted certificate.
 */
export const nodeTransport: PbxTransport = {
  open({ trustedCertificatePem }) {
    if (trustedCertificatePem) return createPinnedFetch(trustedCertificatePem);
    return createUndiciFetch();
  },
};
