/** The team server's configuration file as an administrator writes it, mistakes included. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoServerConfig, loadServerConfig, type ConfigLoad } from '../../../../src-main/server/config';
import { setActiveLocale } from '../../../../src-main/shared/i18n';

const posix = process.platform !== 'win32';
const SECRET = 'pbx-client-secret-value';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'ringside-config-'));
  writeFileSync(join(folder, 'pbx-secret'), `${SECRET}\n`, { mode: 0o600 });
  writeFileSync(join(folder, 'cert.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
  writeFileSync(join(folder, 'key.pem'), '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n', {
    mode: 0o600,
  });
});
afterEach(() => {
  setActiveLocale('en');
  rmSync(folder, { recursive: true, force: true });
});

/** A complete, valid configuration: TLS on every address, a real PBX, relative paths. */
function valid(): Record<string, unknown> {
  return {
    listen: { host: '0.0.0.0', port: 8443 },
    publicUrl: 'https://ringside.example.com',
    tls: { certFile: 'cert.pem', keyFile: 'key.pem' },
    pbx: { baseUrl: 'https://pbx.example.com/api/v1.0', clientId: 'ringside', secretFile: 'pbx-secret' },
    dataDirectory: 'data',
    crmEdits: 'group',
  };
}

function load(config: unknown, env: NodeJS.ProcessEnv = {}): ConfigLoad {
  const file = join(folder, 'ringside-server.json');
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
  return loadServerConfig(file, env);
}

function problems(config: unknown, env?: NodeJS.ProcessEnv): string[] {
  const result = load(config, env);
  if (result.ok) throw new Error('the configuration was accepted');
  return result.problems;
}

describe('loadServerConfig', () => {
  it('accepts a complete file, resolves its paths and keeps the secret apart', () => {
    const result = load({
      ...valid(),
      admins: { usernames: ['Petr.Admin'] },
      phoneOverrides: { jana: '1002' },
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.config).toMatchObject({
      listen: { host: '0.0.0.0', port: 8443 },
      dataDirectory: join(folder, 'data'),
      tls: { certFile: join(folder, 'cert.pem'), keyFile: join(folder, 'key.pem') },
      crmEdits: 'group',
      sessions: { idleHours: 12, absoluteDays: 7 },
      admins: { usernames: ['Petr.Admin'], pbxGroupIds: [], pbxRoleIds: [] },
      monitorWhileSignedOut: true,
      phoneOverrides: { jana: '1002' },
    });
    expect(result.secrets.pbxSecret).toBe(SECRET);
    expect(JSON.stringify(result.config)).not.toContain(SECRET);
  });

  it('accepts the email claim for sign-in with an identity provider', () => {
    const result = load({
      ...valid(),
      oidc: {
        issuer: 'https://id.example.com',
        clientId: 'ringside',
        clientSecretFile: 'pbx-secret',
        claim: 'email',
      },
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.config.oidc?.claim).toBe('email');
  });

  it('takes the PBX secret from RINGSIDE_PBX_SECRET instead of a file', () => {
    const config = valid();
    config['pbx'] = { baseUrl: 'https://pbx.example.com', clientId: 'ringside' };
    const result = load(config, { RINGSIDE_PBX_SECRET: 'from-the-environment' });
    expect(result.ok && result.secrets.pbxSecret).toBe('from-the-environment');
  });

  it.runIf(posix)('refuses a secret file other users can read', () => {
    chmodSync(join(folder, 'pbx-secret'), 0o644);
    expect(problems(valid())).toEqual([
      `pbx.secretFile: ${join(folder, 'pbx-secret')} can be read by other users (mode 0644): make it readable by the server's user alone (chmod 600 ${join(folder, 'pbx-secret')})`,
    ]);
  });

  it.runIf(posix)('refuses a TLS key other users can read', () => {
    chmodSync(join(folder, 'key.pem'), 0o640);
    expect(problems(valid())).toEqual([
      expect.stringMatching(/^tls\.keyFile: .*key\.pem can be read by other users \(mode 0640\)/),
    ]);
  });

  it('refuses plain HTTP on an address other machines reach', () => {
    const { tls: _tls, ...plain } = valid();
    expect(problems(plain)).toEqual([
      'listen.host: other machines can reach 0.0.0.0, so the server will not serve plain HTTP on it: give tls (certFile and keyFile), or trustProxy with the addresses of the TLS proxy in front of the server',
    ]);
    expect(load({ ...plain, trustProxy: ['10.0.0.0/8', '::1'] }).ok).toBe(true);
    expect(load({ ...plain, listen: { host: '127.0.0.1', port: 8080 }, publicUrl: undefined }).ok).toBe(true);
  });

  it('requires an https publicUrl when the server is reachable', () => {
    expect(problems({ ...valid(), publicUrl: undefined })).toEqual([
      'publicUrl: is required when the server listens on 0.0.0.0: it is the address agents open',
    ]);
    expect(problems({ ...valid(), publicUrl: 'http://ringside.example.com' })).toEqual([
      'publicUrl: must be an https:// address when the server listens on 0.0.0.0',
    ]);
  });

  it('asks for the PBX secret, once', () => {
    const config = valid();
    expect(problems(config, { RINGSIDE_PBX_SECRET: 'x' })).toEqual([
      'pbx.secretFile: give either secretFile or the environment variable RINGSIDE_PBX_SECRET, not both',
    ]);
    config['pbx'] = { baseUrl: 'https://pbx.example.com', clientId: 'ringside' };
    expect(problems(config)).toEqual([
      'pbx.secretFile: give secretFile, or the secret in the environment variable RINGSIDE_PBX_SECRET',
    ]);
  });

  it.each([
    [{ listen: { port: '8443' } }, 'listen.port: must be a number'],
    [{ listen: { port: 70_000 } }, 'listen.port: must be at most 65535'],
    [{ crmEdits: 'everyone' }, 'crmEdits: must be one of: none, group, all'],
    [
      { pbx: { baseUrl: 'http://pbx.example.com', clientId: 'ringside', secretFile: 'pbx-secret' } },
      'pbx.baseUrl: must be an https:// address',
    ],
    [
      { pbx: { baseUrl: 'pbx', clientId: 'ringside', secretFile: 'pbx-secret' } },
      'pbx.baseUrl: must be a URL (https://…)',
    ],
    [{ pbx: { baseUrl: 'https://pbx.example.com', secretFile: 'pbx-secret' } }, 'pbx.clientId: is required'],
    [{ dataDirectory: undefined }, 'dataDirectory: is required'],
    [{ dataDirectory: '  ' }, 'dataDirectory: must not be empty'],
    [{ trustProxy: ['10.0.0.0/33'] }, 'trustProxy.0: must be an IP address or a range such as 10.0.0.0/8'],
    [{ phoneOverrides: { jana: '10a2' } }, 'phoneOverrides.jana: must be an extension: digits only'],
    [{ sessions: { idleHours: 0 } }, 'sessions.idleHours: must be at least 0.25'],
    [{ admins: { pbxGroupIds: [1.5] } }, 'admins.pbxGroupIds.0: must be a whole number'],
    [{ admins: { usernames: 'petr' } }, 'admins.usernames: must be a list'],
    [{ monitorWhileSignedOut: 'yes' }, 'monitorWhileSignedOut: must be true or false'],
    [{ colour: 'blue' }, '(file): unknown field: colour'],
    [{ tls: { certFile: 'cert.pem', keyFile: 'key.pem', chain: 'x' } }, 'tls: unknown field: chain'],
    [
      {
        oidc: {
          issuer: 'https://id.example.com',
          clientId: 'ringside',
          clientSecretFile: 'pbx-secret',
          claim: 'sub',
        },
      },
      'oidc.claim: must be one of: preferred_username, email',
    ],
  ])('names the field and the problem: %j', (patch, expected) => {
    expect(problems({ ...valid(), ...patch })).toEqual([expected]);
  });

  it('reports every problem at once, under a heading naming the file', () => {
    const result = load({ ...valid(), crmEdits: 'x', listen: { port: -1 } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message.split('\n')).toEqual([
      `The configuration file ${join(folder, 'ringside-server.json')} has 2 problems:`,
      '  - listen.port: must be at least 0',
      '  - crmEdits: must be one of: none, group, all',
    ]);
  });

  it('says when the file is missing or not JSON', () => {
    expect(loadServerConfig(join(folder, 'missing.json'), {})).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/missing\.json cannot be read: ENOENT$/)],
    });
    expect(problems('{ "listen": ')).toEqual([expect.stringMatching(/is not valid JSON: /)]);
    expect(problems('[]')).toEqual([expect.stringMatching(/must hold one JSON object\.$/)]);
  });

  it('words its problems in the server language', () => {
    setActiveLocale('cs');
    expect(problems({ ...valid(), crmEdits: 'x' })).toEqual(['crmEdits: musí být jedno z: none, group, all']);
  });
});

describe('demoServerConfig', () => {
  it('runs on this computer only, with the embedded demo PBX and the default policy', () => {
    const config = demoServerConfig('/var/lib/ringside-demo');
    expect(config).toMatchObject({
      listen: { host: '127.0.0.1', port: 47_400 },
      dataDirectory: '/var/lib/ringside-demo',
      crmEdits: 'group',
      configFile: null,
    });
    expect(config.pbx).toBeUndefined();
    expect(config.tls).toBeUndefined();
  });
});
