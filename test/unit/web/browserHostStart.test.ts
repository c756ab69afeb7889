/**
 * Starting the browser host: the stable port and its fallback, the command line, the user data directory,
 * and the redirect file that opens the browser without the token on a command line.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseBrowserHostArgs } from '../../../src-main/web/browserHostArgs';
import {
  hasDisplay,
  openCommand,
  runtimeDirectory,
  writeRedirectFile,
} from '../../../src-main/web/openBrowser';
import { userDataDirectory } from '../../../src-main/web/userDataDirectory';
import { fakeCore, startTestHost } from './browserHostFixture';

async function occupiedPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

describe('the port', () => {
  it('is the one asked for when it is free', async () => {
    const { port, server } = await occupiedPort();
    await new Promise((resolve) => server.close(resolve));
    const test = await startTestHost({ core: fakeCore(), port, fallbackToFreePort: true });
    try {
      expect(test.host.port).toBe(port);
      expect(test.host.portWasTaken).toBe(false);
    } finally {
      await test.close();
    }
  });

  it('falls back to a free one when taken, and says so', async () => {
    const { port, server } = await occupiedPort();
    try {
      const test = await startTestHost({ core: fakeCore(), port, fallbackToFreePort: true });
      try {
        expect(test.host.portWasTaken).toBe(true);
        expect(test.host.port).not.toBe(port);
        expect(test.host.url).toBe(`http://127.0.0.1:${test.host.port}/?token=${test.host.token}`);
      } finally {
        await test.close();
      }
      await expect(startTestHost({ core: fakeCore(), port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      server.close();
    }
  });
});

describe('the command line', () => {
  it('defaults to 127.0.0.1:47300, opening the browser', () => {
    expect(parseBrowserHostArgs([], {})).toEqual({
      ok: true,
      args: { port: DEFAULT_PORT, host: '127.0.0.1', allowRemote: false, open: true, ignored: [] },
    });
    expect(DEFAULT_PORT).toBe(47300);
  });

  it('takes RINGSIDE_PORT, and --port over it, in both spellings', () => {
    expect(parseBrowserHostArgs([], { RINGSIDE_PORT: '8080' })).toMatchObject({ args: { port: 8080 } });
    expect(parseBrowserHostArgs(['--port', '9090'], { RINGSIDE_PORT: '8080' })).toMatchObject({
      args: { port: 9090 },
    });
    expect(parseBrowserHostArgs(['--port=0'], {})).toMatchObject({ args: { port: 0 } });
  });

  it('reads --host, --allow-remote and --no-open, and ignores what the launcher passes for Electron', () => {
    expect(
      parseBrowserHostArgs(
        ['--host', '0.0.0.0', '--allow-remote', '--no-open', 'tel:+420123', '--inspect'],
        {},
      ),
    ).toEqual({
      ok: true,
      args: {
        port: DEFAULT_PORT,
        host: '0.0.0.0',
        allowRemote: true,
        open: false,
        ignored: ['tel:+420123', '--inspect'],
      },
    });
  });

  it.each([[['--port', 'http']], [['--port', '70000']], [['--port']], [['--host']]])('refuses %j', (argv) => {
    expect(parseBrowserHostArgs(argv, {})).toMatchObject({ ok: false });
  });

  it('refuses a RINGSIDE_PORT that is not a port', () => {
    expect(parseBrowserHostArgs([], { RINGSIDE_PORT: 'eighty' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('RINGSIDE_PORT'),
    });
  });
});

describe('the user data directory', () => {
  it("is the desktop app's, per platform", () => {
    expect(userDataDirectory('linux', {}, '/home/ana')).toBe('/home/ana/.config/Ringside');
    expect(userDataDirectory('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ana')).toBe('/cfg/Ringside');
    expect(userDataDirectory('darwin', {}, '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/Ringside',
    );
    expect(
      userDataDirectory('win32', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'C:\\Users\\ana'),
    ).toMatch(/Roaming[\\/]Ringside$/);
  });

  it('is RINGSIDE_USER_DATA when set', () => {
    expect(userDataDirectory('linux', { RINGSIDE_USER_DATA: '/tmp/profile' }, '/home/ana')).toBe(
      '/tmp/profile',
    );
  });
});

describe('opening the browser', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'ringside-runtime-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('writes a redirect file readable by the user only, and opens that file rather than the URL', () => {
    const url = 'http://127.0.0.1:47300/?token=abc_DEF-123';
    const path = writeRedirectFile(directory, url);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const page = readFileSync(path, 'utf8');
    expect(page).toContain(`<meta http-equiv="refresh" content="0; url=${url}">`);
    expect(page).toContain('<meta name="referrer" content="no-referrer">');
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const [, args] = openCommand(platform, path);
      expect(args).toEqual([path]);
      expect(args.join(' ')).not.toContain('token');
    }
    // A fresh name each time: never a file someone else could have put there.
    expect(writeRedirectFile(directory, url)).not.toBe(path);
  });

  it('uses XDG_RUNTIME_DIR, else the user data directory', () => {
    expect(runtimeDirectory({ XDG_RUNTIME_DIR: '/run/user/1000' }, '/home/ana/.config/Ringside')).toBe(
      '/run/user/1000',
    );
    expect(runtimeDirectory({}, '/home/ana/.config/Ringside')).toBe('/home/ana/.config/Ringside');
  });

  it('only where a display exists', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':0' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('darwin', {})).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
  });
});
