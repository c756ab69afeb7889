/**
 * How the browser host reaches the PBX: the Node equivalent of the desktop's `net.fetch`. undici's
 * EnvHttpProxyAgent takes the proxy from HTTPS_PROXY/HTTP_PROXY/NO_PROXY (loopback always direct, as in
 * Chromium); TLS trusts Node's bundled CAs plus the OS certificate store (what Chromium trusts on the
 * desktop). A certificate pinned in Settings only adds trust, for the PBX's own host, exactly as the desktop's
 * verify procedure does (shell/pbxTransport.ts): a pinned leaf is trusted whatever host it names, a chain to
 * a pinned CA only for the host its leaf names, and a chain anchored in the pin never for another host.
 */
import {
  checkServerIdentity,
  getCACertificates,
  type DetailedPeerCertificate,
  type PeerCertificate,
} from 'node:tls';
import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import { readPinnedCertificates, resolvePbxUrls, type FetchLike } from '../api';
import type { PbxTransport } from '../app/connection/pbxTransport';

/** Hosts never sent through a proxy, whatever NO_PROXY says: the embedded demo PBX lives there. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1', '[::1]'];
const MAX_CHAIN = 8;

/** Node's bundled CAs and the OS store, without repeats; the OS store is empty where Node cannot read it. */
export function systemTrustedCertificates(): string[] {
  const system = (() => {
    try {
      return getCACertificates('system');
    } catch {
      return [];
    }
  })();
  return [...new Set([...getCACertificates('default'), ...system])];
}

const bareHost = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

function chainOf(leaf: PeerCertificate): PeerCertificate[] {
  const chain: PeerCertificate[] = [];
  let current: PeerCertificate | undefined = leaf;
  while (current && chain.length < MAX_CHAIN) {
    chain.push(current);
    // Node hands checkServerIdentity the detailed certificate; a self-signed one is its own issuer.
    const issuer: PeerCertificate | undefined = (current as Partial<DetailedPeerCertificate>)
      .issuerCertificate;
    current = issuer && issuer.fingerprint256 !== current.fingerprint256 ? issuer : undefined;
  }
  return chain;
}

/** The host check of a connection that also trusts `pinnedPem`, for `pinHost` only. */
export function pinnedIdentityCheck(pinHost: string, pinnedPem: string) {
  const pinned = new Set(readPinnedCertificates(pinnedPem).map((certificate) => certificate.fingerprint256));
  const host = bareHost(pinHost);
  return (hostname: string, certificate: PeerCertificate): Error | undefined => {
    const anchoredInPin = chainOf(certificate).some((link) => pinned.has(link.fingerprint256));
    if (anchoredInPin && bareHost(hostname) !== host) {
      return new Error(`the certificate pinned for ${host} is not trusted for ${bareHost(hostname)}`);
    }
    // A pinned leaf is trusted by any name: on-premises PBXs are often reached by an IP it does not name.
    if (pinned.has(certificate.fingerprint256)) return undefined;
    return checkServerIdentity(hostname, certificate);
  };
}

export interface SystemTransportOptions {
  env?: NodeJS.ProcessEnv;
  /** The certificates trusted without a pin; default: systemTrustedCertificates(). */
  trusted?: string[];
}

export function createSystemTransport({
  env = process.env,
  trusted = systemTrustedCertificates(),
}: SystemTransportOptions = {}): PbxTransport {
  const noProxy = [env['no_proxy'] ?? env['NO_PROXY'], ...LOOPBACK_HOSTS].filter(Boolean).join(',');
  return {
    open({ baseUrl, trustedCertificatePem }) {
      const tls = trustedCertificatePem
        ? {
            ca: [...trusted, trustedCertificatePem],
            checkServerIdentity: pinnedIdentityCheck(
              new URL(resolvePbxUrls(baseUrl).baseUrl).hostname,
              trustedCertificatePem,
            ),
          }
        : { ca: trusted };
      const agent = new EnvHttpProxyAgent({
        httpProxy: env['http_proxy'] ?? env['HTTP_PROXY'],
        httpsProxy: env['https_proxy'] ?? env['HTTPS_PROXY'],
        noProxy,
        // Direct connections, and the PBX's TLS inside a proxy tunnel; the proxy's own TLS trusts the system.
        connect: tls,
        requestTls: tls,
        proxyTls: { ca: trusted },
      });
      const fetch: FetchLike = (url, init) => undiciFetch(url, { ...init, dispatcher: agent });
      return { fetch, close: () => agent.close() };
    },
  };
}
