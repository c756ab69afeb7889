// The launcher's modules in one place, for its tests (types: index.d.mts).
export { BROWSER_HOST_NODE_FLAGS } from './browserHostNodeFlags.mjs';
export { chooseHost, hasDisplay } from './chooseHost.mjs';
export { DEFAULT_ELECTRON_MIRROR, electronArtifactUrl, electronSetting } from './electronArtifactUrl.mjs';
export { electronCommand, electronDevCommand, needsNoSandbox } from './electronCommand.mjs';
export { browserHostMissingMessage, fallbackParagraph, wrap } from './fallbackParagraph.mjs';
export { electronPlatformPath, inspectElectron } from './inspectElectron.mjs';
export { launch } from './launch.mjs';
export { LAUNCHER_USAGE, parseLauncherArgs } from './parseLauncherArgs.mjs';
export { probeMirror, proxySettings, withoutCredentials } from './probeMirror.mjs';
export { exitCodeOf, runChild } from './runChild.mjs';
export {
  INSTALL_STALL_LIMIT_MS,
  installerEnv,
  REACHABLE_STALL_LIMIT_MS,
  runElectronInstaller,
} from './runElectronInstaller.mjs';
