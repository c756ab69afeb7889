/**
 * Runs `mainProcessChild.ts` as the app runs its main process: bundled to JavaScript (esbuild, the packages
 * left to node_modules as in the app's build) and started with plain `node`, so the figures hold no
 * TypeScript loader. The writer and integrity-check threads are the app's own build (`out/main`).
 */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { MainProcessFigures, MainProcessTarget } from './mainProcessChild';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
const builtMain = new URL('out/main/', pathToFileURL(projectRoot));
/** Inside node_modules, so the bundle's package imports resolve from the project's node_modules. */
const bundleDirectory = fileURLToPath(
  new URL('node_modules/.cache/ringside-bench/', pathToFileURL(projectRoot)),
);

/** Bundles `entry` (a path) to `<name>.mjs` in the bench's cache directory; returns the bundle's path. */
export async function bundle(entry: string, name: string): Promise<string> {
  mkdirSync(bundleDirectory, { recursive: true });
  const outfile = `${bundleDirectory}${name}.mjs`;
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

/** Starts the child against `target`, returns its figures after the first sync and `settleMs` of idling. */
export async function measureMainProcess(
  target: MainProcessTarget,
  { settleMs = 15_000 }: { settleMs?: number } = {},
): Promise<MainProcessFigures> {
  if (!existsSync(new URL('detailWriterWorker.js', builtMain))) {
    throw new Error(`${fileURLToPath(builtMain)} is not built: run \`npx electron-vite build\` first`);
  }
  const script = await bundle(
    fileURLToPath(new URL('./mainProcessChild.ts', import.meta.url)),
    'mainProcessChild',
  );
  return runBundledChild(script, 'the main-process child', {
    BENCH_PBX: JSON.stringify(target),
    BENCH_SETTLE_MS: String(settleMs),
    BENCH_BUILT_MAIN: builtMain.href,
  });
}

/**
 * Runs a bundled child with plain node (and `nodeOptions`) and `env` added to this process's environment; resolves with the
 * `{type: 'figures'}` message it sends once it has exited cleanly.
 */
export function runBundledChild<F extends { type: 'figures' }>(
  script: string,
  name: string,
  env: Record<string, string>,
  nodeOptions: readonly string[] = [],
): Promise<F> {
  const child = fork(script, {
    env: { ...process.env, ...env },
    execArgv: [...nodeOptions],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let figures: F | undefined;
    child.on('message', (message: F) => {
      if (message?.type === 'figures') figures = message;
    });
    child.once('exit', (code) =>
      figures && code === 0
        ? resolve(figures)
        : reject(new Error(`${name} exited with ${code} before its figures`)),
    );
  });
}
