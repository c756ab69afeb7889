/**
 * `npm run server`: the team server's entry point (run with tsx; docs/team-server.md, "Running it").
 *
 *     npm run server [-- --config FILE]
 *     npm run server -- enroll <pbx-username> [--config FILE]
 *     npm run server -- set-secret --config FILE   (the PBX client secret on standard input)
 *
 * The arguments are read by cli/serverArgs.ts, the file by config/loadServerConfig.ts (a problem in it is
 * printed, every one, and the exit code is 2); serverOptions.ts makes the server's options of it. Without a
 * file: the demo defaults (this computer only, plain HTTP on 127.0.0.1:47400, the embedded demo PBX, which
 * serves three demo agents and prints one enrollment link per agent). A file without `pbx` also runs the
 * embedded demo PBX. `enroll` issues a link for an agent in the data directory's identity file and prints
 * it; the server need not be running. The demo PBX is loaded on demand through a launcher, as the browser
 * host's entry does: server/ never imports it.
 */
// Every language's messages, before anything words a message.
import '../shared/i18n/allCatalogues';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import electronLog from 'electron-log/node';
import { demoPbxLogger } from '../app/composeAppCore';
import type { PbxProfile } from '../app/connection/connectionManager';
import { demoPbxProfile } from '../app/connection/connectionModeController';
import { nodeTransport } from '../app/connection/pbxTransport';
import { appVersion } from '../app/appVersion';
import { createLogger } from '../app/logging';
import { keepNewFilesPrivate, makeUserDataPrivate } from '../app/privateFiles';
import { claimProfileLock, describeLockHolder } from '../app/profileLock';
import { systemClock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { activeTranslator } from '../shared/i18n';
import { parseServerArgs, serverUsage } from './cli/serverArgs';
import { setSecret } from './cli/setSecret';
import { demoServerConfig, loadServerConfig, type ServerConfig, type ServerSecrets } from './config';
import { composeTeamServer } from './composeTeamServer';
import { EnrollmentLinks } from './identity/enrollmentLinks';
import { openIdentityDatabase } from './identity/identityDatabase';
import { SessionStore } from './identity/sessionStore';
import { configuredPbx, serverOptionsFrom } from './serverOptions';
import { serverOrigin } from './teamServer';

/** How many demo agents the server without a configuration serves (and prints links for). */
const DEMO_AGENT_COUNT = 3;
// i18n-exempt: a folder name.
const DATA_FOLDER_NAME = 'ringside-server';

// Two folders up is the project's root both from src-main/server/ (tsx) and from out/main/ (the build, run
// by plain node in production: docs/team-server.md, "Installing with Node").
const PACKAGE_JSON = new URL('../../package.json', import.meta.url);
const rendererDirectory = fileURLToPath(new URL('../../out/renderer', import.meta.url));
// i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
const say = (line: string) => process.stderr.write(`${line}\n`);

/** The platform's place for a user's application data: XDG_DATA_HOME (~/.local/share), Application Support, APPDATA. */
export function defaultDataDirectory(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  home: string,
): string {
  // i18n-exempt: a folder name.
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', DATA_FOLDER_NAME);
  if (platform === 'win32') return join(env['APPDATA'] || join(home, 'AppData', 'Roaming'), DATA_FOLDER_NAME);
  return join(env['XDG_DATA_HOME'] || join(home, '.local', 'share'), DATA_FOLDER_NAME);
}

function startLogging(dataDirectory: string): Logger {
  const log = electronLog.create({ logId: 'team-server' });
  return createLogger(log, {
    directory: join(dataDirectory, 'logs'),
    fileLevel: 'info',
    consoleLevel: 'warn',
  });
}

/** The origin enrollment links name: the server's as it serves it. */
const originOf = (config: ServerConfig) =>
  serverOrigin({ ...config.listen, https: Boolean(config.tls), publicOrigin: config.publicUrl });

/** `enroll <username>`: a link in the data directory's identity file, printed on stdout. */
function enroll(config: ServerConfig, username: string): number {
  makeUserDataPrivate(config.dataDirectory);
  const db = openIdentityDatabase(config.dataDirectory);
  const sessions = new SessionStore({ db, clock: systemClock, sweepIntervalMs: 0 });
  try {
    const links = new EnrollmentLinks({ db, clock: systemClock, sessions, serverOrigin: originOf(config) });
    const { url, link } = links.issue(username, 'command line');
    // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
    say(`Enrollment link for ${link.agent}, valid until ${new Date(link.expiresAt).toISOString()}:`);
    process.stdout.write(`${url}\n`);
    return 0;
  } finally {
    sessions.close();
    db.close();
  }
}

interface DemoPbxRun {
  profile: PbxProfile;
  country: string;
  /** PBX usernames of demo users with a phone of their own, the demo's own agent first. */
  agents: string[];
  close(): Promise<void>;
}

async function startDemo(logger: Logger): Promise<DemoPbxRun> {
  const demo = await (await import('../demo-pbx')).startDemoPbx({ logger: demoPbxLogger(logger) });
  const organisation = demo.sim.state.organisation;
  const others = organisation
    .allUsers()
    .filter(
      (user) =>
        user.active && user.username !== demo.agent.username && organisation.phoneOfUser(user.id)?.registered,
    )
    .map((user) => user.username);
  return {
    profile: demoPbxProfile(demo),
    country: demo.country,
    agents: [demo.agent.username, ...others].slice(0, DEMO_AGENT_COUNT),
    close: () => demo.close(),
  };
}

async function run(config: ServerConfig, secrets: ServerSecrets): Promise<number> {
  if (!existsSync(join(rendererDirectory, 'index.html'))) {
    // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
    say(`The app is not built (${rendererDirectory}): run \`npx electron-vite build\` first.`);
    return 1;
  }
  keepNewFilesPrivate();
  makeUserDataPrivate(config.dataDirectory);
  // One server per data directory: a second one would open the same identity file, caches and histories.
  const lock = claimProfileLock({ directory: config.dataDirectory, host: 'server' });
  if (!lock.claimed) {
    say(describeLockHolder(lock.holder, lock.path));
    return 1;
  }
  process.on('exit', () => lock.release());
  const logger = startLogging(config.dataDirectory);
  const configured = configuredPbx(config, secrets);
  const demo = configured ? undefined : await startDemo(logger);
  const running = await composeTeamServer({
    ...serverOptionsFrom(config, secrets, { clock: systemClock, logger }),
    pbx: configured ?? demo!.profile,
    country: demo?.country,
    rendererDirectory,
    transport: nodeTransport,
    clock: systemClock,
    logger,
    build: {
      // i18n-exempt: the build's name in app:info, as package.json names it.
      name: 'Ringside team server',
      version: appVersion(PACKAGE_JSON),
      platform: process.platform,
      versions: { node: process.versions.node },
    },
  }).catch(async (error: unknown) => {
    await demo?.close();
    throw error;
  });
  const { server } = running;
  // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
  const pbxName = demo ? 'the embedded demo PBX' : new URL(configured!.baseUrl).host;
  // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
  say(`Ringside team server at ${server.origin} (data: ${config.dataDirectory}), on ${pbxName}.`);
  if (demo) {
    // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
    say('One enrollment link per demo agent (each works once, for 24 hours):');
    for (const agent of demo.agents) {
      const { url } = server.enrollment.issue(agent, 'demo');
      process.stdout.write(`${agent}  ${url}\n`);
    }
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.stop().catch((error: unknown) => logger.error('team server: stopping failed', error));
    await demo?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  return 0;
}

/** The configuration file's, or the demo defaults; a problem in the file is printed (all of them) and exits 2. */
function configOf(configFile: string | null): { config: ServerConfig; secrets: ServerSecrets } | null {
  if (configFile === null) {
    const dataDirectory = defaultDataDirectory(process.platform, process.env, homedir());
    return { config: demoServerConfig(dataDirectory), secrets: {} };
  }
  const loaded = loadServerConfig(configFile, process.env);
  if (loaded.ok) return loaded;
  say(loaded.message);
  return null;
}

async function main(): Promise<number> {
  const command = parseServerArgs(process.argv.slice(2));
  if (command.kind === 'help') {
    process.stdout.write(`${serverUsage(activeTranslator())}\n`);
    return 0;
  }
  if (command.kind === 'invalid') {
    say(activeTranslator().text(command.problem));
    say(serverUsage(activeTranslator()));
    return 2;
  }
  if (command.kind === 'set-secret') {
    const outcome = await setSecret(command.configFile, process.stdin);
    say(
      outcome.ok
        ? activeTranslator().t('serverConfig.setSecretStored', { path: outcome.path })
        : outcome.message,
    );
    return outcome.ok ? 0 : 2;
  }
  const loaded = configOf(command.configFile);
  if (!loaded) return 2;
  if (command.kind === 'enroll') return enroll(loaded.config, command.username);
  try {
    return await run(loaded.config, loaded.secrets);
  } catch (error) {
    // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
    say(`The team server could not start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

void main().then((code) => {
  if (code !== 0) process.exit(code);
});
