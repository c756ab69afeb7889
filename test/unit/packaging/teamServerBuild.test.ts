/**
 * The team server as an IT team deploys it (docs/team-server.md, "Installing with Node" and "Running it
 * under systemd"): built by electron-vite as out/main/teamServer.js, run by plain `node` with the production
 * dependencies alone (no tsx), stopped cleanly by SIGTERM, and started by the systemd unit in
 * resources/server/. The checks of out/ need a build (`npx electron-vite build`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { missingBuild, projectRoot } from './standInElectron';

const SERVER_BUNDLE = 'out/main/teamServer.js';
const UNIT_FILE = 'resources/server/ringside-server.service';

const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

/** `[Service]` key → every value it is given (a key may repeat), from a systemd unit's text. */
function serviceSettings(unit: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of unit.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    if (section !== 'Service') continue;
    const equals = line.indexOf('=');
    const key = line.slice(0, equals);
    settings.set(key, [...(settings.get(key) ?? []), line.slice(equals + 1)]);
  }
  return settings;
}

/** The bare module specifiers a bundle and the chunks it imports (statically or not) load. */
function bareImportsOf(entry: string): Set<string> {
  const seen = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const found of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*(["'`])([\w@./:-]+)\1/g)) {
      const specifier = found[2]!;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else bare.add(specifier);
    }
  };
  visit(join(projectRoot, entry));
  return bare;
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);

describe('the systemd unit', () => {
  const unit = serviceSettings(readFileSync(join(projectRoot, UNIT_FILE), 'utf8'));
  const only = (key: string) => {
    const values = unit.get(key) ?? [];
    expect(values, key).toHaveLength(1);
    return values[0]!;
  };

  it('starts the built server with plain node and its configuration file, as an unprivileged user', () => {
    expect(only('ExecStart')).toMatch(
      new RegExp(`^/usr/bin/node /opt/ringside/${SERVER_BUNDLE} --config /etc/ringside/server\\.json$`),
    );
    expect(only('User')).toBe('ringside');
    // The build that makes the bundle, and the script for a checkout.
    const config = readFileSync(join(projectRoot, 'electron.vite.config.ts'), 'utf8');
    expect(config).toMatch(
      /teamServer: resolve\(import\.meta\.dirname, 'src-main\/server\/serverMain\.ts'\)/,
    );
    expect(packageJson.scripts['server:start']).toBe(`node ${SERVER_BUNDLE}`);
  });

  it('may write to its data directory only, with no capability, and keeps V8 able to compile', () => {
    expect(only('ProtectSystem')).toBe('strict');
    expect(only('StateDirectory')).toBe('ringside');
    expect(only('ReadWritePaths')).toBe('/var/lib/ringside');
    expect(only('UMask')).toBe('0077');
    expect(only('CapabilityBoundingSet')).toBe('');
    expect(only('NoNewPrivileges')).toBe('yes');
    expect(only('SystemCallFilter')).toBe('@system-service');
    // V8's JIT writes code and then executes it: MemoryDenyWriteExecute=yes makes Node crash at start.
    expect(only('MemoryDenyWriteExecute')).toBe('no');
    // A problem in the configuration (exit code 2) is not retried.
    expect(only('Restart')).toBe('on-failure');
    expect(only('RestartPreventExitStatus')).toBe('2');
  });
});

const bundleMissing = missingBuild() !== null || !existsSync(join(projectRoot, SERVER_BUNDLE));

describe.skipIf(bundleMissing)(`the built team server (${SERVER_BUNDLE})`, () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('loads nothing but Node and the production dependencies (an install with --omit=dev runs it)', () => {
    const imports = bareImportsOf(SERVER_BUNDLE);
    // The walk reaches the server's own modules and the demo PBX's chunk (loaded with import()).
    const packages = [...imports].map(packageName);
    expect(packages).toContain('better-sqlite3');
    expect(packages).toContain('@faker-js/faker');
    const outside = [...imports]
      .filter((specifier) => !isBuiltin(specifier))
      .filter((specifier) => !(packageName(specifier) in packageJson.dependencies));
    expect(outside).toEqual([]);
  });

  it('serves the app with plain node and stops cleanly on SIGTERM, leaving no SQLite write-ahead log', async () => {
    scratch = mkdtempSync(join(tmpdir(), 'ringside-server-build-'));
    const dataDirectory = join(scratch, 'data');
    const configFile = join(scratch, 'server.json');
    writeFileSync(configFile, JSON.stringify({ dataDirectory, listen: { port: 0 } }));
    const server = spawn(process.execPath, [SERVER_BUNDLE, '--config', configFile], {
      cwd: projectRoot,
      // No HOME and nothing else: as systemd starts it.
      env: { PATH: process.env['PATH'] ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(server, 'exit');
    try {
      let stderr = '';
      server.stderr.setEncoding('utf8');
      const origin = await new Promise<string>((found, failed) => {
        server.stderr.on('data', (chunk: string) => {
          stderr += chunk;
          const line = /team server at (http:\/\/127\.0\.0\.1:\d+) /.exec(stderr);
          if (line) found(line[1]!);
        });
        server.once('exit', (code) => failed(new Error(`the server exited (${code}): ${stderr}`)));
      });
      const page = await fetch(`${origin}/enroll`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
      const app = await fetch(`${origin}/`, { redirect: 'manual' });
      expect(app.headers.get('location')).toBe('/enroll');
      // A second server started by mistake on the same data directory stops before opening anything.
      const second = spawnSync(process.execPath, [SERVER_BUNDLE, '--config', configFile], {
        cwd: projectRoot,
        env: { PATH: process.env['PATH'] ?? '' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(
        `team server (pid ${server.pid}) is already running on this data directory`,
      );
    } finally {
      server.kill('SIGTERM');
    }
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    const files = readdirSync(dataDirectory);
    expect(files).toEqual(expect.arrayContaining(['identity.sqlite', 'directory-demo.sqlite']));
    expect(files.filter((name) => name.endsWith('-wal'))).toEqual([]);
    expect(files).not.toContain('ringside-host.lock');
  }, 60_000);
});
