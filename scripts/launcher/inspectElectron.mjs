/**
 * Whether the `electron` package's binary is on disk, judged as its own install.js judges it: dist/version
 * names the package's version, path.txt names this platform's executable, and that executable exists.
 * ELECTRON_EXEC_PATH (a binary of your own, as electron-vite reads it) and ELECTRON_OVERRIDE_DIST_PATH (as the
 * package reads it) take precedence.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The executable inside dist/, per platform, as the `electron` package writes it into path.txt. */
export function electronPlatformPath(platform) {
  switch (platform) {
    case 'darwin':
    case 'mas':
      return 'Electron.app/Contents/MacOS/Electron';
    case 'win32':
      return 'electron.exe';
    default:
      return 'electron';
  }
}

/** The platform Electron's installer downloads for (it reads the same variables). */
export function electronInstallPlatform(env, platform) {
  return env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || platform;
}

/**
 * @returns {{ status: 'installed', version: string, executablePath: string } |
 *   { status: 'missing', version: string } | { status: 'unavailable', version: string, problem: string }}
 */
export function inspectElectron({ electronDir, env, platform }) {
  const version = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
  if (env.ELECTRON_EXEC_PATH) {
    return existsSync(env.ELECTRON_EXEC_PATH)
      ? { status: 'installed', version, executablePath: env.ELECTRON_EXEC_PATH }
      : {
          status: 'unavailable',
          version,
          problem: `ELECTRON_EXEC_PATH names no file (${env.ELECTRON_EXEC_PATH})`,
        };
  }
  const platformPath = electronPlatformPath(electronInstallPlatform(env, platform));
  const installedVersion = readText(join(electronDir, 'dist', 'version'))?.replace(/^v/, '');
  const pathText = readText(join(electronDir, 'path.txt'));
  const executablePath = join(env.ELECTRON_OVERRIDE_DIST_PATH || join(electronDir, 'dist'), platformPath);
  const installed = installedVersion === version && pathText === platformPath && existsSync(executablePath);
  return installed ? { status: 'installed', version, executablePath } : { status: 'missing', version };
}

function readText(path) {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}
