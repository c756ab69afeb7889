/** Shared by the app tests: certificates made by openssl for the run, and a settings store in a real file. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import type { SettingsStore } from '../../../src-main/app/settings/settingsRepository';

/** A self-signed certificate for `name` (also as an IP address SAN when it is one), valid ten years. */
export function selfSignedKeyPair(name: string): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ringside-cert-'));
  const san = /^[\d.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`;
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '3650',
      ].concat(
        ['-keyout', 'key.pem', '-out', 'cert.pem', '-subj', `/CN=${name}/O=Ringside Tests`],
        ['-addext', `subjectAltName=${san}`],
      ),
      { cwd: dir, stdio: 'pipe' },
    );
    return {
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function selfSignedCertificate(name: string): string {
  return selfSignedKeyPair(name).cert;
}

export interface FileSettingsStore extends SettingsStore {
  /** The settings file as it is on disk. */
  readonly path: string;
  readText(): string;
}

/**
 * `conf` (the library electron-store 12 is built on; electron-store adds only Electron's paths) writing
 * JSON into `directory`, like the app's settings file under the user data directory.
 */
export function fileSettingsStore(directory: string): FileSettingsStore {
  const conf = new Conf<Record<string, unknown>>({
    cwd: directory,
    configName: 'settings',
    projectName: 'ringside-test',
  });
  return {
    path: conf.path,
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
    readText: () => readFileSync(conf.path, 'utf8'),
  };
}
