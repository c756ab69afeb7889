/**
 * The address Electron's installer downloads from, built as @electron/get builds it (artifact-utils.js), so
 * the launcher's reachability probe asks the same host for the same file: the mirror, directory and file
 * name each come from .npmrc (npm_config_electron_*), package.json "config" (npm_package_config_electron_*)
 * or the environment (ELECTRON_*), in that order.
 */
import { electronInstallPlatform } from './inspectElectron.mjs';

export const DEFAULT_ELECTRON_MIRROR = 'https://github.com/electron/electron/releases/download/';

/** One @electron/get setting, e.g. `customDir`, looked up where @electron/get looks for it. */
export function electronSetting(env, name) {
  const snakeName = name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  return (
    env[`npm_config_electron_${name.toLowerCase()}`] ||
    env[`NPM_CONFIG_ELECTRON_${snakeName.toUpperCase()}`] ||
    env[`npm_config_electron_${snakeName}`] ||
    env[`npm_package_config_electron_${name}`] ||
    env[`npm_package_config_electron_${snakeName}`] ||
    env[`ELECTRON_${snakeName.toUpperCase()}`] ||
    undefined
  );
}

/** Node's arch name as Electron's release files spell it. */
function electronArch(arch) {
  return arch === 'arm' ? 'armv7l' : arch;
}

/** @returns {string} e.g. https://github.com/…/download/v45.4.1/electron-v45.4.1-linux-x64.zip */
export function electronArtifactUrl({ env, version, platform, arch }) {
  const releaseVersion = normalizeVersion(electronSetting(env, 'customVersion') || version);
  const base = electronSetting(env, 'mirror') || DEFAULT_ELECTRON_MIRROR;
  const directory = (electronSetting(env, 'customDir') || releaseVersion).replace(
    '{{ version }}',
    releaseVersion.replace(/^v/, ''),
  );
  const installPlatform = electronInstallPlatform(env, platform);
  const installArch = electronArch(env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || arch);
  const fileName =
    electronSetting(env, 'customFilename') ||
    `electron-${releaseVersion}-${installPlatform}-${installArch}.zip`;
  return `${base}${directory}/${fileName}`;
}

function normalizeVersion(version) {
  return version.startsWith('v') ? version : `v${version}`;
}
