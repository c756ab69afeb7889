/**
 * Certificates made by openssl for one test run: a CA, certificates it issues, self-signed ones, and ones
 * already expired, each with the subject alternative names a test asks for. Call `dispose()` when done.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyPair {
  cert: string;
  key: string;
}

export interface CertificateRequest {
  /** `DNS:localhost,IP:127.0.0.1`, as openssl's subjectAltName takes it. */
  names: string;
  /** Valid for this many days from now; a negative number: expired already. Default 3650. */
  days?: number;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
const LEAF = 'basicConstraints=CA:FALSE';
const AUTHORITY = 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign';

export class TestCertificates {
  readonly #dir = mkdtempSync(join(tmpdir(), 'ringside-certificates-'));
  #count = 0;

  /** A CA that issues with `issue`. */
  authority(commonName: string): KeyPair {
    return this.#make(commonName, AUTHORITY, null, 3650);
  }

  issue(issuer: KeyPair, { names, days = 3650 }: CertificateRequest): KeyPair {
    return this.#make(names, `subjectAltName=${names}\n${LEAF}`, issuer, days);
  }

  selfSigned({ names, days = 3650 }: CertificateRequest): KeyPair {
    return this.#make(names, `subjectAltName=${names}\n${LEAF}`, null, days);
  }

  dispose(): void {
    rmSync(this.#dir, { recursive: true, force: true });
  }

  #make(subject: string, extensions: string, issuer: KeyPair | null, days: number): KeyPair {
    const name = `c${++this.#count}`;
    const file = (suffix: string) => join(this.#dir, `${name}.${suffix}`);
    const run = (...args: string[]) => execFileSync('openssl', args, { cwd: this.#dir, stdio: 'pipe' });
    writeFileSync(file('ext'), `${extensions}\n`);
    const cn = `/CN=${subject.replace(/^(DNS|IP):/, '').split(',')[0]}/O=Ringside Tests`;
    run('req', ...EC, '-keyout', file('key'), '-out', file('csr'), '-subj', cn);
    if (issuer) {
      writeFileSync(file('issuer.pem'), issuer.cert);
      writeFileSync(file('issuer.key'), issuer.key);
    }
    // A self-signed certificate signs its own request with its own key.
    const signer = issuer
      ? ['-CA', file('issuer.pem'), '-CAkey', file('issuer.key'), '-CAcreateserial']
      : ['-key', file('key')];
    run(
      'x509',
      '-req',
      '-in',
      file('csr'),
      ...signer,
      '-out',
      file('pem'),
      '-days',
      String(days),
      '-extfile',
      file('ext'),
    );
    return { cert: readFileSync(file('pem'), 'utf8'), key: readFileSync(file('key'), 'utf8') };
  }
}
