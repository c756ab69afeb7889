/**
 * keytar against a REAL Secret Service. Self-contained: when this process has no session bus, the checks
 * run in a child started under `dbus-run-session` with a fresh gnome-keyring unlocked in a temporary HOME;
 * with a session bus they run in a child directly. Without either, the test is skipped and says why.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = fileURLToPath(new URL('./secretStore.keytar-checks.ts', import.meta.url));
const secret = `keytar-test-${process.pid}-${Date.now()}`;

function installed(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const hasSessionBus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const canStartKeyring = installed('dbus-run-session') && installed('gnome-keyring-daemon');
const skipReason =
  hasSessionBus || canStartKeyring
    ? undefined
    : 'no D-Bus session and no dbus-run-session + gnome-keyring-daemon to start one (apt-get install gnome-keyring dbus-x11)';

const home = mkdtempSync(join(tmpdir(), 'ringside-keyring-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function runChecks() {
  const scan = hasSessionBus ? '' : ` ${JSON.stringify(home)}`;
  const node = `${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(script)} ${JSON.stringify(secret)}${scan}`;
  const [command, args] = hasSessionBus
    ? ['sh', ['-c', node]]
    : [
        'dbus-run-session',
        [
          '--',
          'sh',
          '-c',
          `printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; ${node}`,
        ],
      ];
  const result = spawnSync(command, args as string[], {
    cwd: root,
    env: hasSessionBus
      ? process.env
      : { ...process.env, HOME: home, XDG_DATA_HOME: join(home, '.local/share') },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status !== 0 || !line.startsWith('{')) {
    throw new Error(`the keytar checks failed (exit ${result.status}): ${result.stderr.slice(-2000)}`);
  }
  return JSON.parse(line) as Record<string, unknown>;
}

describe.skipIf(skipReason !== undefined)('KeytarSecretStore against a real Secret Service', () => {
  it('sets, gets, replaces and deletes a secret filed under service Ringside, account <client_id>@<API root>', () => {
    const seen = runChecks();
    expect(seen).toEqual({
      account: 'ringside-api@https://pbx.example.com:8443/api/v1.0',
      before: null,
      after: secret,
      filed: secret,
      // While stored, no file of the keyring (nor any other under the throw-away HOME) holds it in plain text.
      plainText: hasSessionBus ? null : { files: expect.any(Number), containing: [] },
      replaced: `${secret}-changed`,
      deleted: true,
      afterDelete: null,
      deletedAgain: false,
    });
    if (!hasSessionBus) expect((seen.plainText as { files: number }).files).toBeGreaterThan(0);
  });
});

if (skipReason) {
  describe('KeytarSecretStore against a real Secret Service', () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
}
