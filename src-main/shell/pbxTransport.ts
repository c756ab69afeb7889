/**
 * How the Electron app reaches the PBX: `net.fetch`, so the OS proxy settings and certificate store apply,
 * and a certificate pinned in Settings trusted for the PBX's host only, through the session's certificate
 * verify procedure. Chromium's own verdict stands for every other host and for certificates it already
 * trusts; a pin only adds trust, for one host, and never means "ignore TLS errors".
 */
import { resolvePbxUrls, verifyAgainstPin } from '../api';
import type { PbxTransport } from '../app/connection/pbxTransport';
import type { Logger } from '../shared/logger';

/** Chromium's answers to a certificate verify procedure. */
export const VERIFY = { trust: 0, reject: -2, useChromium: -3 } as const;

/** The parts of Electron's certificate and verify request used here. */
export interface CertificateLike {
  data: string;
  issuerCert?: CertificateLike | null;
}
export interface VerifyRequestLike {
  hostname: string;
  certificate: CertificateLike;
  verificationResult: string;
}

export interface SessionLike {
  setCertificateVerifyProc(
    proc: ((request: VerifyRequestLike, callback: (result: number) => void) => void) | null,
  ): void;
  /** Drops pooled connections, so a changed pin applies to the next request. */
  closeAllConnections(): Promise<void>;
}

export type NetFetch = (url: string, init: RequestInit) => Promise<Response>;

const MAX_CHAIN = 8;

function chainOf(certificate: CertificateLike): string[] {
  const chain: string[] = [];
  for (let current: CertificateLike | null | undefined = certificate; current && chain.length < MAX_CHAIN;) {
    chain.push(current.data);
    current = current.issuerCert === current ? null : current.issuerCert;
  }
  return chain;
}

function hostOf(baseUrl: string): string {
  return new URL(resolvePbxUrls(baseUrl).baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** The certificates pinned per host by the connections open now (the live one, a "Test connection"). */
export class CertificatePins {
  private readonly pins: { host: string; pem: string }[] = [];

  /** Returns the function that removes this pin again. */
  add(host: string, pem: string): () => void {
    const pin = { host: host.toLowerCase(), pem };
    this.pins.push(pin);
    return () => {
      const index = this.pins.indexOf(pin);
      if (index >= 0) this.pins.splice(index, 1);
    };
  }

  verdict(request: VerifyRequestLike, logger: Logger): number {
    if (request.verificationResult === 'OK') return VERIFY.useChromium;
    const host = request.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const pems = this.pins.filter((pin) => pin.host === host).map((pin) => pin.pem);
    if (pems.length === 0) return VERIFY.useChromium;
    const chain = chainOf(request.certificate);
    for (const pinnedPem of pems) {
      try {
        const verdict = verifyAgainstPin({ pinnedPem, chain, hostname: host });
        if (verdict.trusted) return VERIFY.trust;
        logger.warn(`certificate of ${host} not trusted: ${verdict.reason}`);
      } catch (error) {
        logger.warn(`certificate of ${host} could not be checked`, error);
      }
    }
    return VERIFY.useChromium;
  }
}

export function createElectronTransport(
  session: SessionLike,
  netFetch: NetFetch,
  logger: Logger,
): PbxTransport {
  const pins = new CertificatePins();
  const install = () =>
    session.setCertificateVerifyProc((request, callback) => callback(pins.verdict(request, logger)));
  install();
  /** Chromium caches verdicts: installing the procedure again and closing connections starts afresh. */
  const refresh = () => {
    install();
    session.closeAllConnections().catch((error: unknown) => logger.warn('connections not closed', error));
  };
  return {
    open({ baseUrl, trustedCertificatePem }) {
      let release = () => {};
      if (trustedCertificatePem) {
        release = pins.add(hostOf(baseUrl), trustedCertificatePem);
        refresh();
      }
      return {
        fetch: (url, init) => netFetch(url, init),
        close: async () => {
          release();
          if (trustedCertificatePem) refresh();
        },
      };
    },
  };
}
