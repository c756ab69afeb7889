/**
 * What plain Node trusts when it stands in for a browser: Node's bundled CAs plus the OS certificate store
 * (what Chromium trusts on the desktop), and a certificate pinned in Settings as extra trust for one host.
 * Used by the browser host's way to the PBX (web/systemTransport.ts) and by the desktop's connection to a
 * team server (remote/serverTrust.ts), which both run in Node rather than behind Chromium's `net.fetch`.
 *
 * A pin only adds trust, exactly as the desktop's verify procedure does (shell/pbxTransport.ts with
 * api/http/tlsPin.ts): a pinned leaf is trusted whatever host it names, a chain to a pinned CA only for the
 * host its leaf names, and a chain anchored in the pin never for another host. OpenSSL still checks every
 * signature and validity period, so an expired pin is refused.
 */
import {
  checkServerIdentity,
  createSecureContext,
  getCACertificates,
  type ConnectionOptions,
  type DetailedPeerCertificate,
  type PeerCertificate,
} from 'node:tls';
import { readPinnedCertificates } from '../../api';
import type { Logger } from '../../shared/logger';

const MAX_CHAIN = 8;

/**
 * Node's CAs (bundled, plus NODE_EXTRA_CA_CERTS) and the OS store, without repeats. Where Node cannot read
 * the OS store (`getCACertificates('system')` needs Node 22.15 / 23.5) only Node's own are trusted, and the
 * logger is told so.
 */
export function systemTrustedCertificates(logger?: Logger): string[] {
  const system = (() => {
    try {
      return getCACertificates('system');
    } catch (error) {
      logger?.warn("the OS certificate store could not be read: only Node's bundled CAs are trusted", error);
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
      // Node's own code for a certificate that is not for this host, so callers word it as such.
      return Object.assign(
        new Error(`the certificate pinned for ${host} is not trusted for ${bareHost(hostname)}`),
        { code: 'ERR_TLS_CERT_ALTNAME_INVALID' },
      );
    }
    // A pinned leaf is trusted by any name: on-premises servers are often reached by an IP it does not name.
    if (pinned.has(certificate.fingerprint256)) return undefined;
    return checkServerIdentity(hostname, certificate);
  };
}

/** A pin: the PEM chosen in Settings and the one host it is trusted for. */
export interface CertificatePin {
  host: string;
  pem: string;
}

/**
 * The TLS options of the connections of one dispatcher trusting `trusted`, and with a pin that certificate
 * too, for its host only. A partial chain is accepted so a pinned leaf is an anchor even without its issuer.
 * One secure context serves every connection: built from hundreds of CA certificates at each handshake (what
 * a `ca` option does), it would cost several times the handshake itself.
 */
export function trustOptions(
  trusted: readonly string[],
  pin: CertificatePin | null,
): Pick<ConnectionOptions, 'secureContext' | 'checkServerIdentity'> {
  if (!pin) return { secureContext: createSecureContext({ ca: [...trusted] }) };
  return {
    secureContext: createSecureContext({ ca: [...trusted, pin.pem], allowPartialTrustChain: true }),
    checkServerIdentity: pinnedIdentityCheck(pin.host, pin.pem),
  };
}
