/**
 * `npm start`: build the app, make sure Electron's binary is there (Electron's own installer, bounded), then
 * start the desktop app; or, when Electron cannot be had or there is no display, say so in one paragraph and
 * start the browser host instead. `npm run dev` is the same with electron-vite's dev server in place of the
 * build. Resolves to the exit code; never rejects for a failure of a child.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chooseHost } from './chooseHost.mjs';
import { electronArtifactUrl } from './electronArtifactUrl.mjs';
import { electronCommand, electronDevCommand, electronViteBin, needsNoSandbox } from './electronCommand.mjs';
import { BROWSER_HOST_NODE_FLAGS } from './browserHostNodeFlags.mjs';
import { browserHostMissingMessage, fallbackParagraph } from './fallbackParagraph.mjs';
import { inspectElectron } from './inspectElectron.mjs';
import { LAUNCHER_USAGE, parseLauncherArgs } from './parseLauncherArgs.mjs';
import { probeMirror } from './probeMirror.mjs';
import { exitCodeOf, runChild } from './runChild.mjs';
import { runElectronInstaller } from './runElectronInstaller.mjs';

/**
 * @param {LaunchSettings} settings (types: index.d.mts)
 * @returns {Promise<number>}
 */
export async function launch(settings) {
  const context = withDefaults(settings);
  const parsed = parseLauncherArgs(context.args);
  if (!parsed.ok) {
    context.warn(`${parsed.error}\n${LAUNCHER_USAGE}`);
    return 2;
  }
  const { options } = parsed;
  if (!options.dev && !options.skipBuild) {
    const buildCode = await buildApp(context, options);
    if (buildCode !== 0) return buildCode;
  }

  let electronState = inspectElectron(context);
  let decision = chooseHost({ options, env: context.env, platform: context.platform, electronState });
  if (decision.host === 'install-electron') {
    const installed = await installElectron(context, electronState.version);
    if (installed.interrupted) return installed.exitCode;
    const afterInstall = installed.ok ? inspectElectron(context) : undefined;
    electronState =
      afterInstall?.status === 'installed'
        ? afterInstall
        : {
            status: 'unavailable',
            version: electronState.version,
            problem:
              installed.problem ?? 'the installer finished, but dist/ holds no Electron for this platform',
          };
    decision = chooseHost({ options, env: context.env, platform: context.platform, electronState });
  }

  if (decision.host === 'electron') return startElectron(context, options, electronState.executablePath);
  if (decision.reason !== 'requested') {
    context.warn(
      fallbackParagraph({
        reason: decision.reason,
        problem: electronState.problem,
        electronVersion: electronState.version,
      }),
    );
  }
  return startBrowserHost(context, options);
}

function withDefaults(settings) {
  const projectRoot = settings.projectRoot;
  const env = settings.env ?? process.env;
  return {
    args: [],
    env,
    platform: process.platform,
    arch: process.arch,
    electronDir: join(projectRoot, 'node_modules', 'electron'),
    browserHostPath: env.RINGSIDE_BROWSER_HOST || join(projectRoot, 'out', 'main', 'browserHost.js'),
    stdio: 'inherit',
    signals: process,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    print: (line) => console.log(line),
    warn: (text) => console.error(`\n${text}\n`),
    ...withoutUndefined(settings),
  };
}

function withoutUndefined(object) {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

function run(context, command, args, env = context.env) {
  return runChild(command, args, {
    cwd: context.projectRoot,
    env,
    stdio: context.stdio,
    signals: context.signals,
  });
}

/**
 * The build's own output (bundle sizes, warnings) is for whoever works on the build: shown with --verbose,
 * else kept back and shown only when the build fails, so a newcomer reads what they need first.
 */
async function buildApp(context, { verbose }) {
  context.print(`Building Ringside (electron-vite build${verbose ? '' : '; --verbose shows its output'})…`);
  const command = [electronViteBin(context.projectRoot), 'build'];
  if (verbose) {
    const result = await run(context, process.execPath, command);
    if (result.code !== 0 && !result.interrupted) context.warn('The build failed (its output is above).');
    return exitCodeOf(result);
  }
  const output = [];
  const result = await runChild(process.execPath, command, {
    cwd: context.projectRoot,
    env: context.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    signals: context.signals,
    onStart: (child) => {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    },
  });
  if (result.code !== 0 && !result.interrupted) {
    context.warn(`${Buffer.concat(output).toString().trimEnd()}

The build failed (its output is above).`);
  }
  return exitCodeOf(result);
}

async function installElectron(context, version) {
  const url = electronArtifactUrl({
    env: context.env,
    version,
    platform: context.platform,
    arch: context.arch,
  });
  context.print(`Electron ${version} is not installed yet: running its installer (${url}).`);
  // Started beside the installer, not before it: it never delays a download. It explains a failure, and a
  // mirror that answers earns a slow download more patience.
  const probe = probeMirror(url, { env: context.env });
  const outcome = await runElectronInstaller({
    electronDir: context.electronDir,
    env: context.env,
    stdio: context.stdio,
    signals: context.signals,
    stallLimitMs: context.stallLimitMs,
    mirrorAnswered: probe.then((probed) => probed.reachable),
  });
  if (outcome.ok || outcome.interrupted) return outcome;
  const probed = await probe;
  const cause = probed.reachable ? outcome.problem : probed.problem;
  const seconds = (outcome.elapsedMs / 1000).toFixed(1);
  return { ...outcome, problem: `${cause}; the installer gave up after ${seconds} s` };
}

function startElectron(context, options, executablePath) {
  const commandSettings = { ...context, executablePath, electronArgs: options.electronArgs };
  if (needsNoSandbox(context)) {
    context.print('Running as root: Chromium allows that only without its sandbox (--no-sandbox).');
  }
  if (options.dev) {
    const dev = electronDevCommand({ ...commandSettings, nodePath: process.execPath });
    context.print('Starting Ringside in development mode (electron-vite dev)…');
    return run(context, dev.command, dev.args, dev.env).then(exitCodeOf);
  }
  const entry = appEntry(context.projectRoot);
  if (!existsSync(entry)) {
    context.warn(`The app is not built: ${entry} is missing. Run \`npm start\` without --skip-build.`);
    return 1;
  }
  const electron = electronCommand(commandSettings);
  context.print(`Starting Ringside (${relative(context.projectRoot, entry)}) in Electron…`);
  return run(context, electron.command, electron.args, electron.env).then(exitCodeOf);
}

/** package.json's "main", the file `electron .` loads. */
function appEntry(projectRoot) {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
  return join(projectRoot, manifest.main ?? 'index.js');
}

async function startBrowserHost(context, options) {
  // `npm run dev` skipped the build; the browser host runs from it.
  if (options.dev && !options.skipBuild) {
    const buildCode = await buildApp(context, options);
    if (buildCode !== 0) return buildCode;
  }
  const shownPath = relative(context.projectRoot, context.browserHostPath) || context.browserHostPath;
  if (!existsSync(context.browserHostPath)) {
    context.warn(browserHostMissingMessage(shownPath));
    return 1;
  }
  context.print(`Starting Ringside in the browser: node ${[shownPath, ...options.hostArgs].join(' ')}`);
  const nodeArgs = [...BROWSER_HOST_NODE_FLAGS, context.browserHostPath, ...options.hostArgs];
  return exitCodeOf(await run(context, process.execPath, nodeArgs));
}
