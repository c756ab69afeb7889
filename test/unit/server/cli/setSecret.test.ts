/** `npm run server -- set-secret --config FILE`: the PBX secret from standard input into its 0600 file. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { setSecret } from '../../../../src-main/server/cli/setSecret';
import { loadServerConfig } from '../../../../src-main/server/config';

let folder: string;

function configFile(pbx: Record<string, unknown>): string {
  folder = mkdtempSync(join(tmpdir(), 'ringside-set-secret-'));
  const file = join(folder, 'server.json');
  writeFileSync(
    file,
    JSON.stringify({
      dataDirectory: 'data',
      pbx: { baseUrl: 'https://pbx.example.com', clientId: 'ringside', ...pbx },
    }),
  );
  return file;
}

const stdin = (text: string) => Readable.from([text]);

afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('set-secret', () => {
  it('stores the first line of standard input in the configured file, readable by this user alone', async () => {
    const file = configFile({ secretFile: 'pbx-secret' });

    const outcome = await setSecret(file, stdin('  s3cret-key \nignored second line\n'));

    const secretPath = join(folder, 'pbx-secret');
    expect(outcome).toEqual({ ok: true, path: secretPath });
    expect(statSync(secretPath).mode & 0o777).toBe(0o600);
    // The server then starts with it: the file passes the check a secret file must pass.
    const loaded = loadServerConfig(file, {});
    expect(loaded.ok && loaded.secrets.pbxSecret).toBe('s3cret-key');
  });

  it('replaces a secret already there (a rotated key), leaving no draft beside it', async () => {
    const file = configFile({ secretFile: 'pbx-secret' });
    await setSecret(file, stdin('old-key\n'));

    await setSecret(file, stdin('new-key\n'));

    expect(readFileSync(join(folder, 'pbx-secret'), 'utf8')).toBe('new-key\n');
    expect(statSync(join(folder, 'pbx-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(folder, 'server.json'), 'utf8')).not.toContain('key');
  });

  it('refuses an empty input and a configuration without a secret file, writing nothing', async () => {
    const withFile = configFile({ secretFile: 'pbx-secret' });
    expect(await setSecret(withFile, stdin('\n'))).toEqual({
      ok: false,
      message: 'no secret was given on standard input',
    });
    expect(() => statSync(join(folder, 'pbx-secret'))).toThrow();
    rmSync(folder, { recursive: true, force: true });

    const without = configFile({});
    const outcome = await setSecret(without, stdin('s3cret\n'));
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toContain(
      'the configuration names no pbx.secretFile to store the secret in',
    );
  });

  it('is a command of npm run server, reading the secret from its standard input', () => {
    const file = configFile({ secretFile: 'pbx-secret' });
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join('src-main', 'server', 'serverMain.ts'), 'set-secret', '--config', file],
      {
        encoding: 'utf8',
        input: 'from-a-pipe\n',
        timeout: 20_000,
        env: { ...process.env, LANG: 'en_US.UTF-8' },
      },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`The PBX client secret is stored in ${join(folder, 'pbx-secret')}`);
    // Never echoed: not on the terminal, not in the process's arguments.
    expect(run.stdout + run.stderr).not.toContain('from-a-pipe');
    expect(readFileSync(join(folder, 'pbx-secret'), 'utf8')).toBe('from-a-pipe\n');
  }, 30_000);
});
