/**
 * Ringside never writes a secret to disk (docs/settings-and-secrets.md), checked over the whole e2e suite:
 * after it, no secret the suite used is in any file of any user data directory it made (settings, SQLite
 * caches with their -wal files, logs, recent numbers).
 * `globalSetup.ts` makes one run directory; every e2e user data directory is made inside it and kept until
 * `globalTeardown.ts` has looked for every recorded secret in every file. Outside Playwright (the benchmark
 * scripts use the calls environment too) there is no run directory: plain temporary directories, removed
 * by their owner, and nothing recorded.
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const RUN_DIRECTORY_VARIABLE = 'RINGSIDE_E2E_RUN_DIRECTORY';
const USER_DATA = 'user-data';
const SECRETS_FILE = 'secrets.jsonl';

const runDirectory = () => process.env[RUN_DIRECTORY_VARIABLE];

/** For globalSetup: the run directory, passed to the workers through the environment. */
export function startSecretScan(): string {
  const directory = mkdtempSync(join(tmpdir(), 'ringside-e2e-run-'));
  mkdirSync(join(directory, USER_DATA));
  process.env[RUN_DIRECTORY_VARIABLE] = directory;
  return directory;
}

export interface UserDataDirectory {
  directory: string;
  /** Removes the directory, unless the suite's secret scan still has to read it. */
  release(): void;
}

/** A fresh, empty directory for one test's user data (or cache files). */
export function createUserDataDirectory(label: string): UserDataDirectory {
  const run = runDirectory();
  const directory = mkdtempSync(join(run ? join(run, USER_DATA) : tmpdir(), `ringside-e2e-${label}-`));
  return { directory, release: () => run || rmSync(directory, { recursive: true, force: true }) };
}

/** Records a secret the suite uses (a PBX's client secret, one typed in a test); `name` says which. */
export function recordSecret(name: string, value: string): void {
  const run = runDirectory();
  if (run && value) appendFileSync(join(run, SECRETS_FILE), JSON.stringify({ name, value }) + '\n');
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** "user-data/…/logs/main.log holds the customer PBX's client secret", one line per finding. */
export function findRecordedSecrets(run: string): string[] {
  const secretsPath = join(run, SECRETS_FILE);
  const lines = existsSync(secretsPath) ? readFileSync(secretsPath, 'utf8').split('\n').filter(Boolean) : [];
  const secrets = new Map<string, string>();
  for (const line of lines) {
    const { name, value } = JSON.parse(line) as { name: string; value: string };
    secrets.set(value, name);
  }
  const files = filesUnder(join(run, USER_DATA));
  const findings: string[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const [value, name] of secrets) {
      if (bytes.includes(value)) findings.push(`${relative(run, file)} holds the ${name}`);
    }
  }
  return findings;
}

/**
 * For globalTeardown: fails, naming each file and secret, when any recorded secret is in any file; the run
 * directory is then kept for a look, and removed otherwise.
 */
export function finishSecretScan(): void {
  const run = runDirectory();
  if (!run) return;
  const findings = findRecordedSecrets(run);
  if (findings.length > 0) {
    throw new Error(`Secrets found in files the app wrote (kept in ${run}):\n${findings.join('\n')}`);
  }
  rmSync(run, { recursive: true, force: true });
}
