/**
 * Trusting one certificate chosen in Settings for an on-premises PBX, never "ignore TLS errors".
 *
 * The pinned file holds one or more PEM certificates: the PBX's own (often self-signed) certificate, or the
 * CA that issued it. A presented chain is trusted when its leaf IS a pinned certificate (then the host name
 * is not checked: on-premises PBXs are often reached by an IP their certificate does not name), or when it
 * leads to a pinned CA by valid signatures and the leaf names the host. Every certificate used must be
 * within its validity period.
 *
 * Pure (node:crypto only): the Electron shell calls `verifyAgainstPin` from
 * `session.setCertificateVerifyProc` for the PBX host; pinnedFetch.ts applies the same rule in Node.
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { InvalidArgument } from '../errors';
import { t } from '../../shared/i18n';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const MAX_CHAIN_DEPTH = 8;

/** The certificates of a PEM file; InvalidArgument with a clear message when there are none or one is broken. */
export function readPinnedCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) {
    throw new InvalidArgument(t('pbx.pinNoCertificate'));
  }
  return blocks.map((block, index) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw new InvalidArgument(t('pbx.pinDamagedCertificate', { position: index + 1 }));
    }
  });
}

/** SHA-256 fingerprint as `AB:CD:…`, as shown in Settings and by browsers. PEM text or DER bytes. */
export function certificateFingerprint(certificate: string | Uint8Array): string {
  return new X509Certificate(certificate).fingerprint256;
}

export interface PinVerdict {
  trusted: boolean;
  /** Why, in a sentence for the log. */
  reason: string;
}

export interface PinCheck {
  /** The PEM file chosen in Settings. */
  pinnedPem: string;
  /** The presented chain, leaf first; each PEM text or DER bytes. Intermediates are optional. */
  chain: ReadonlyArray<string | Uint8Array>;
  /** The host the app connected to (name or IP). */
  hostname: string;
  now?: Date;
}

function isValidAt(certificate: X509Certificate, now: Date): boolean {
  return certificate.validFromDate <= now && now <= certificate.validToDate;
}

function issuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
}

function namesHost(certificate: X509Certificate, hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? certificate.checkIP(host) !== undefined : certificate.checkHost(host) !== undefined;
}

export function verifyAgainstPin({ pinnedPem, chain, hostname, now = new Date() }: PinCheck): PinVerdict {
  const pinned = readPinnedCertificates(pinnedPem);
  const [leafInput, ...rest] = chain;
  if (leafInput === undefined) return { trusted: false, reason: 'no certificate was presented' };
  const leaf = new X509Certificate(leafInput);
  const intermediates = rest.map((input) => new X509Certificate(input));

  if (!isValidAt(leaf, now)) return { trusted: false, reason: 'the certificate is expired or not yet valid' };
  if (pinned.some((pin) => pin.fingerprint256 === leaf.fingerprint256)) {
    return { trusted: true, reason: 'the certificate is the pinned one' };
  }
  let current = leaf;
  for (let depth = 0; depth < MAX_CHAIN_DEPTH; depth++) {
    const anchor = pinned.find((pin) => pin.ca && isValidAt(pin, now) && issuedBy(current, pin));
    if (anchor) {
      return namesHost(leaf, hostname)
        ? { trusted: true, reason: 'the certificate was issued by the pinned CA' }
        : {
            trusted: false,
            reason: `the certificate was issued by the pinned CA but does not name ${hostname}`,
          };
    }
    const next = intermediates.find(
      (candidate) => candidate.ca && isValidAt(candidate, now) && issuedBy(current, candidate),
    );
    if (!next) break;
    current = next;
  }
  return { trusted: false, reason: 'the certificate is neither the pinned one nor issued by a pinned CA' };
}
