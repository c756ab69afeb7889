/**
 * `npm run server`: the team server's entry point (run with tsx; docs/team-server.md, "Running it").
 *
 *     npm run server [-- --port 47400] [--host 127.0.0.1] [--data <dir>] [--origin <url>]
 *     npm run server -- enroll <pbx-username> [--port …] [--data …] [--origin …]
 *
 * Without a configuration it runs the embedded demo PBX (127.0.0.1, a random port), serves three demo
 * agents and prints one enrollment link per agent. `enroll` issues a link for an agent in the data
 * directory's identity file and prints it; the server need not be running. The demo PBX is loaded on demand
 * through a launcher, as the browser host's entry does: server/ never imports it.
 */
// Every language's messages, before anything words a message.
import '../shared/i18n/allCatalogues';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import electronLog from 'electron-log/node';
import { demoPbxLogger } from '../app/composeAppCore';
import type { PbxProfile } from '../app/connection/connectionManager';
import { demoPbxProfile } from '../app/connection/connectionModeController';
import { nodeTransport } from '../app/connection/pbxTransport';
import { appVersion } from '../app/appVersion';
import { createLogger } from '../app/logging';
import { keepNewFilesPrivate, makeUserDataPrivate } from '../app/privateFiles';
import { systemClock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import type { AuditRecorder } from './audit/auditEvent';
import { composeTeamServer } from './composeTeamServer';
import { EnrollmentLinks } from './identity/enrollmentLinks';
import { openIdentityDatabase } from './identity/identityDatabase';
import { SessionStore } from './identity/sessionStore';

export const DEFAULT_SERVER_PORT = 47400;
const DEFAULT_HOST = '127.0.0.1';
/** How many demo agents the server without a configuration serves (and prints links for). */
const DEMO_AGENT_COUNT = 3;
// i18n-exempt: a folder name.
const DATA_FOLDER_NAME = 'ringside-server';

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

interface ServerArgs {
  command: 'run' | 'enroll';
  username?: string;
  port: number;
  host: string;
  dataDirectory: string;
  origin?: string;
}

function parseServerArgs(argv: string[]): ServerArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      origin: { type: 'string' },
    },
  });
  const port = values.port === undefined ? DEFAULT_SERVER_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port ${values.port} is not a port`);
  const [command = 'run', username] = positionals;
  if (command !== 'run' && command !== 'enroll')
    throw new Error(`unknown command ${JSON.stringify(command)}`);
  if (command === 'enroll' && !username?.trim()) throw new Error('enroll needs a PBX username');
  return {
    command,
    username: username?.trim(),
    port,
    host: values.host ?? DEFAULT_HOST,
    dataDirectory: resolve(values.data ?? defaultDataDirectory(process.platform, process.env, homedir())),
    origin: values.origin,
  };
}

function startLogging(dataDirectory: string): Logger {
  const log = electronLog.create({ logId: 'team-server' });
  return createLogger(log, {
    directory: join(dataDirectory, 'logs'),
    fileLevel: 'info',
    consoleLevel: 'warn',
  });
}

/** Until the audit log file is configured, audit events go to the server's log, one JSON line each. */
function logAudit(logger: Logger): AuditRecorder {
  return { record: (event) => logger.info(`audit ${JSON.stringify(event)}`) };
}

const originOf = (args: ServerArgs, port: number) => args.origin ?? `http://${args.host}:${port}`;

/** `enroll <username>`: a link in the data directory's identity file, printed on stdout. */
function enroll(args: ServerArgs): number {
  makeUserDataPrivate(args.dataDirectory);
  const db = openIdentityDatabase(args.dataDirectory);
  const sessions = new SessionStore({ db, clock: systemClock, sweepIntervalMs: 0 });
  try {
    const links = new EnrollmentLinks({
      db,
      clock: systemClock,
      sessions,
      serverOrigin: originOf(args, args.port),
    });
    const { url, link } = links.issue(args.username!, 'command line');
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

async function run(args: ServerArgs): Promise<number> {
  if (!existsSync(join(rendererDirectory, 'index.html'))) {
    // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
    say(`The app is not built (${rendererDirectory}): run \`npx electron-vite build\` first.`);
    return 1;
  }
  keepNewFilesPrivate();
  makeUserDataPrivate(args.dataDirectory);
  const logger = startLogging(args.dataDirectory);
  const demo = await startDemo(logger);
  const running = await composeTeamServer({
    dataDirectory: args.dataDirectory,
    pbx: demo.profile,
    country: demo.country,
    host: args.host,
    port: args.port,
    publicOrigin: args.origin,
    rendererDirectory,
    transport: nodeTransport,
    clock: systemClock,
    logger,
    audit: logAudit(logger),
    build: {
      // i18n-exempt: the build's name in app:info, as package.json names it.
      name: 'Ringside team server',
      version: appVersion(PACKAGE_JSON),
      platform: process.platform,
      versions: { node: process.versions.node },
    },
  }).catch(async (error: unknown) => {
    await demo.close();
    throw error;
  });
  const { server } = running;
  // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
  say(`Ringside team server at ${server.origin} (data: ${args.dataDirectory}), on the embedded demo PBX.`);
  // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
  say('One enrollment link per demo agent (each works once, for 24 hours):');
  for (const agent of demo.agents) {
    const { url } = server.enrollment.issue(agent, 'demo');
    process.stdout.write(`${agent}  ${url}\n`);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.stop().catch((error: unknown) => logger.error('team server: stopping failed', error));
    await demo.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  return 0;
}

async function main(): Promise<number> {
  let args: ServerArgs;
  try {
    args = parseServerArgs(process.argv.slice(2));
  } catch (error) {
    say(`${error instanceof Error ? error.message : String(error)}`);
    say(
      // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
      'Usage: npm run server [-- --port N] [--host ADDRESS] [--data DIR] [--origin URL] | enroll <pbx-username>',
    );
    return 2;
  }
  if (args.command === 'enroll') return enroll(args);
  try {
    return await run(args);
  } catch (error) {
    // i18n-exempt: administrator terminal output, as the browser host's and the demo PBX's command lines.
    say(`The team server could not start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

void main().then((code) => {
  if (code !== 0) process.exit(code);
});
