import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ELECTRON_MIRROR,
  electronArtifactUrl,
  installerEnv,
  proxySettings,
  withoutCredentials,
} from '../../scripts/launcher/index.mjs';

const linux = { version: '45.4.1', platform: 'linux', arch: 'x64' };

describe('electronArtifactUrl', () => {
  it('is the GitHub release file by default', () => {
    expect(electronArtifactUrl({ env: {}, ...linux })).toBe(
      `${DEFAULT_ELECTRON_MIRROR}v45.4.1/electron-v45.4.1-linux-x64.zip`,
    );
    expect(electronArtifactUrl({ env: {}, version: 'v45.4.1', platform: 'darwin', arch: 'arm64' })).toBe(
      `${DEFAULT_ELECTRON_MIRROR}v45.4.1/electron-v45.4.1-darwin-arm64.zip`,
    );
  });

  it('follows ELECTRON_MIRROR, and the .npmrc setting before it, as @electron/get does', () => {
    expect(electronArtifactUrl({ env: { ELECTRON_MIRROR: 'http://127.0.0.1:9/' }, ...linux })).toBe(
      'http://127.0.0.1:9/v45.4.1/electron-v45.4.1-linux-x64.zip',
    );
    const env = {
      ELECTRON_MIRROR: 'http://env/',
      npm_config_electron_mirror: 'https://npmrc.example/electron/',
    };
    expect(electronArtifactUrl({ env, ...linux })).toBe(
      'https://npmrc.example/electron/v45.4.1/electron-v45.4.1-linux-x64.zip',
    );
  });

  it('uses a custom directory (with {{ version }}) and file name', () => {
    const env = {
      ELECTRON_MIRROR: 'https://mirror.example/',
      ELECTRON_CUSTOM_DIR: 'electron-{{ version }}',
      npm_config_electron_custom_filename: 'electron.zip',
    };
    expect(electronArtifactUrl({ env, ...linux })).toBe(
      'https://mirror.example/electron-45.4.1/electron.zip',
    );
  });

  it("downloads for the platform and arch Electron's installer is told to", () => {
    const env = { ELECTRON_INSTALL_PLATFORM: 'win32', npm_config_arch: 'arm64' };
    expect(electronArtifactUrl({ env, ...linux })).toBe(
      `${DEFAULT_ELECTRON_MIRROR}v45.4.1/electron-v45.4.1-win32-arm64.zip`,
    );
  });
});

describe('proxies', () => {
  it('reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY in either case', () => {
    expect(proxySettings({})).toBeUndefined();
    expect(proxySettings({ HTTPS_PROXY: 'http://proxy:3128', no_proxy: 'localhost' })).toEqual({
      httpProxy: undefined,
      httpsProxy: 'http://proxy:3128',
      noProxy: 'localhost',
    });
    expect(proxySettings({ http_proxy: 'http://proxy:8080' })).toEqual({
      httpProxy: 'http://proxy:8080',
      httpsProxy: 'http://proxy:8080',
      noProxy: undefined,
    });
  });

  it('never prints a proxy password', () => {
    expect(withoutCredentials('http://bob:secret@proxy.example:3128')).toBe('http://***@proxy.example:3128/');
    expect(withoutCredentials('http://proxy.example:3128')).toBe('http://proxy.example:3128');
  });

  it("turns on @electron/get's proxy support only when a proxy is set", () => {
    expect(installerEnv({}, '/scratch')).toEqual({ TMPDIR: '/scratch', TEMP: '/scratch', TMP: '/scratch' });
    expect(installerEnv({ HTTPS_PROXY: 'http://proxy:3128' }, '/scratch')).toMatchObject({
      ELECTRON_GET_USE_PROXY: '1',
      HTTPS_PROXY: 'http://proxy:3128',
    });
  });
});
