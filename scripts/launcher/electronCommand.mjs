/**
 * The command lines that start the desktop app. Pure, so the arguments Electron gets are unit-tested.
 */
import { join } from 'node:path';

/** Chromium refuses to run as root with its sandbox on (a container's root user, typically). */
export function needsNoSandbox({ platform, isRoot }) {
  return platform === 'linux' && isRoot;
}

/** The environment Electron gets: ELECTRON_RUN_AS_NODE would turn it into a plain Node. */
function electronEnv(env) {
  const result = { ...env };
  delete result.ELECTRON_RUN_AS_NODE;
  return result;
}

/**
 * `electron .` from the project root: Electron loads package.json's "main" (out/main/index.js).
 * @returns {{ command: string, args: string[], env: Record<string, string | undefined> }}
 */
export function electronCommand({ executablePath, projectRoot, electronArgs, platform, isRoot, env }) {
  const sandboxArgs = needsNoSandbox({ platform, isRoot }) ? ['--no-sandbox'] : [];
  return {
    command: executablePath,
    args: [projectRoot, ...sandboxArgs, ...electronArgs],
    env: electronEnv(env),
  };
}

/** `electron-vite dev` (renderer dev server, hot reload) on the Electron binary the launcher found. */
export function electronDevCommand({
  executablePath,
  projectRoot,
  electronArgs,
  platform,
  isRoot,
  env,
  nodePath,
}) {
  const sandboxArgs = needsNoSandbox({ platform, isRoot }) ? ['--noSandbox'] : [];
  const passedOn = electronArgs.length > 0 ? ['--', ...electronArgs] : [];
  return {
    command: nodePath,
    args: [electronViteBin(projectRoot), 'dev', ...sandboxArgs, ...passedOn],
    env: { ...electronEnv(env), ELECTRON_EXEC_PATH: executablePath },
  };
}

export function electronViteBin(projectRoot) {
  return join(projectRoot, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
}
