/** A trusted certificate described for Settings: who it names, who issued it, its fingerprint and expiry. */
import { readPinnedCertificates } from '../../api';
import type { CertificateSummary } from '../../shared/contract';

/** X.509 names come one attribute per line (`CN=pbx\nO=ACME`); shown on one line, most specific first. */
function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).reverse().join(', ');
}

/** Throws InvalidArgument (with a message for the user) when the text holds no readable certificate. */
export function describeCertificate(pem: string, now = new Date()): CertificateSummary {
  const certificates = readPinnedCertificates(pem);
  const first = certificates[0]!;
  return {
    subject: oneLine(first.subject),
    issuer: oneLine(first.issuer),
    fingerprint256: first.fingerprint256,
    validFrom: first.validFromDate.toISOString(),
    validTo: first.validToDate.toISOString(),
    expired: first.validToDate < now,
    isCA: first.ca,
    count: certificates.length,
  };
}
