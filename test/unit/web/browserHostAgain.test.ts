/**
 * Opening Ringside again while its browser host runs: the built host (out/main/browserHost.js, as
 * `npm start -- --browser` runs it) started a second time on the same profile asks the first for a fresh
 * link through the profile's 0600 link file, prints it and exits 0; the fresh link signs in, and the first
 * link, once used, stays spent. Skipped until `npx electron-vite build` has run (npm test builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_FILE, readLinkFile, requestFreshLink } from '../../../src-main/web/freshLink';
import { signInClient } from '../../support/browserHostSignIn';

const entry = join(process.cwd(), 'out', 'main', 'browserHost.js');
const LINK_LINE = /^(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m;

function startHost(userData: string): { child: ChildProcess; output: () => string; exited: Promise<number> } {
  const child = spawn(process.execPath, [entry, '--port', '0', '--no-open'], {
    env: { ...process.env, RINGSIDE_USER_DATA: userData, DISPLAY: '', WAYLAND_DISPLAY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, output: () => output, exited };
}

async function printedLink(host: ReturnType<typeof startHost>): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const link = LINK_LINE.exec(host.output())?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no link printed: ${host.output()}`);
}

describe.skipIf(!existsSync(entry))('npm start -- --browser while it runs', () => {
  let userData: string;
  let first: ReturnType<typeof startHost>;
  let firstLink: string;
  beforeAll(async () => {
    userData = mkdtempSync(join(tmpdir(), 'ringside-again-'));
    first = startHost(userData);
    firstLink = await printedLink(first);
  }, 40_000);
  afterAll(async () => {
    first?.child.kill('SIGTERM');
    await first?.exited;
    rmSync(userData, { recursive: true, force: true });
  });

  it('says plainly to open the link where no browser opens, with no keychain chatter before it', () => {
    expect(first.output()).toContain('Open this link in a browser on this machine:');
    // No keychain service here is normal (a server): the log file has it, the terminal does not.
    expect(first.output()).not.toMatch(/keychain|D-Bus/i);
  });

  it('keeps its link secret in a file of the profile readable by the user only', () => {
    const file = readLinkFile(userData);
    expect(file).toMatchObject({ pid: first.child.pid, port: Number(new URL(firstLink).port) });
    expect(statSync(join(userData, LINK_FILE)).mode & 0o777).toBe(0o600);
  });

  it('prints a fresh link instead of refusing, and the fresh link signs in once', async () => {
    await signInClient(firstLink);
    await expect(signInClient(firstLink)).rejects.toThrow(/401/);

    const second = startHost(userData);
    expect(await second.exited).toBe(0);
    const fresh = LINK_LINE.exec(second.output())?.[1];
    expect(fresh, second.output()).toBeDefined();
    expect(fresh).not.toBe(firstLink);
    expect(second.output()).toContain('already running');
    const session = await signInClient(fresh!);
    expect(session.pageKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(signInClient(fresh!)).rejects.toThrow(/401/);
  }, 40_000);

  it('asks only the process that holds the profile lock', async () => {
    expect(await requestFreshLink(userData, first.child.pid! + 1, { open: false })).toBeUndefined();
    expect(await requestFreshLink(userData, first.child.pid!, { open: false })).toMatch(LINK_LINE);
  });
});
