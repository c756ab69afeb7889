/**
 * Composition root of the browser host (built to out/main/browserHost.js): the same AppCore as the desktop
 * app (app/composeAppCore.ts), with Node equivalents of the desktop-only services (docs/browser-host.md),
 * served to the local browser by startBrowserHost. Prints one line on stdout, the URL to open; everything
 * else (warnings, a taken port) goes to stderr and the log file.
 */
// Every language's messages, before anything words a message.
import '../shared/i18n/allCatalogues';
import { osRegion, posixLanguages } from '../shared/i18n';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import electronLog from 'electron-log/node';
import type { AppCore } from '../app/appCore';
import { composeAppCore, demoPbxLogger } from '../app/composeAppCore';
import { appVersion } from '../app/appVersion';
import { createLogger } from '../app/logging';
import { keepNewFilesPrivate, makeUserDataPrivate } from '../app/privateFiles';
import { claimProfileLock, describeLockHolder } from '../app/profileLock';
import { MemorySecretStore } from '../app/settings/secretStore';
import { loadKeytar, openKeychain } from '../app/settings/secretStoreKeytar';
import type { Logger } from '../shared/logger';
import { startBrowserHost, type BrowserHost } from './browserHost';
import { parseBrowserHostArgs } from './browserHostArgs';
import { requestFreshLink, writeLinkFile } from './freshLink';
import {
  hasDisplay,
  openWithDesktop,
  removeRedirectFile,
  runtimeDirectory,
  writeRedirectFile,
} from './openBrowser';
import { createSystemTransport } from './systemTransport';
import { APP_FOLDER_NAME, userDataDirectory } from './userDataDirectory';

/** How long stopping waits for the core's cleanup before it goes anyway (as the desktop app's quit). */
const STOP_CLEANUP_LIMIT_MS = 3000;
/** The browser reads the redirect file at once; it does not stay on disk with a live token for long. */
const REDIRECT_FILE_LIFETIME_MS = 60_000;

const PACKAGE_JSON = new URL('../../package.json', import.meta.url);
const rendererDirectory = fileURLToPath(new URL('../renderer', import.meta.url));
const say = (line: string) => process.stderr.write(`${line}\n`);

function startLogging(userData: string): Logger {
  const log = electronLog.create({ logId: 'browser-host' });
  const logger = createLogger(log, {
    directory: join(userData, 'logs'),
    fileLevel: 'info',
    consoleLevel: 'warn',
  });
  log.errorHandler.startCatching({ showDialog: false });
  return logger;
}

function buildCore(userData: string, logger: Logger): Promise<{ core: AppCore }> {
  return composeAppCore({
    userData,
    logger,
    transport: createSystemTransport(),
    // No safeStorage outside Electron: the OS keychain, else memory for this session only.
    secretStore: async () => {
      const keychain = await openKeychain(loadKeytar, logger);
      if (keychain) return keychain;
      // In the log, not on the terminal: Settings ▸ Connection says where the secret is kept, in words.
      logger.info('secrets: no OS keychain; the client secret is kept for this session only');
      return new MemorySecretStore();
    },
    // Loaded only in demo mode, as in the desktop app.
    demoPbx: {
      start: async () => (await import('../demo-pbx')).startDemoPbx({ logger: demoPbxLogger(logger) }),
    },
    detailWriterWorker: new URL('./detailWriterWorker.js', import.meta.url),
    // Windows and macOS: Intl's default locale carries the OS region settings (POSIX: the locale variables).
    osRegion: osRegion(
      process.env,
      process.platform,
      new Intl.Locale(new Intl.DateTimeFormat().resolvedOptions().locale).region,
    ),
    systemLanguages: posixLanguages(process.env),
    build: {
      name: APP_FOLDER_NAME,
      version: appVersion(PACKAGE_JSON),
      platform: process.platform,
      versions: { node: process.versions.node },
    },
  });
}

/** Opens the default browser through a 0600 redirect file; returns the function that removes the file. */
function openBrowser(url: string, userData: string, logger: Logger): () => void {
  let path: string;
  try {
    path = writeRedirectFile(runtimeDirectory(process.env, userData), url);
  } catch (error) {
    logger.warn('the browser could not be opened: the redirect file could not be written', error);
    return () => {};
  }
  const remove = () => removeRedirectFile(path);
  setTimeout(remove, REDIRECT_FILE_LIFETIME_MS).unref();
  openWithDesktop(process.platform, path, (error) => {
    logger.warn(`the browser could not be opened (${error.message}); open the link above yourself`);
  });
  return remove;
}

async function main(): Promise<number> {
  const parsed = parseBrowserHostArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) {
    say(parsed.error);
    return 2;
  }
  const { args } = parsed;
  if (!existsSync(join(rendererDirectory, 'index.html'))) {
    // i18n-exempt: developer terminal output.
    say(`Ringside's pages are not built (${rendererDirectory}): run \`npx electron-vite build\` first.`);
    return 1;
  }
  // i18n-exempt: developer terminal output.
  if (args.ignored.length > 0) say(`Ringside (browser): ignoring ${args.ignored.join(' ')}`);
  const userData = userDataDirectory(process.platform, process.env, homedir());
  // Call history, notes and the customer directory: the user's alone (app/privateFiles.ts).
  keepNewFilesPrivate();
  makeUserDataPrivate(userData);
  const lock = claimProfileLock({ directory: userData, host: 'browser' });
  if (!lock.claimed) {
    // Links are single-use: opening Ringside again while its browser host runs gets a fresh one from it.
    const wantsBrowser = args.open && hasDisplay(process.platform, process.env);
    const fresh =
      lock.holder.host === 'browser'
        ? await requestFreshLink(userData, lock.holder.pid, { open: wantsBrowser })
        : undefined;
    if (fresh) {
      // i18n-exempt: developer terminal output.
      say(`Ringside is already running (pid ${lock.holder.pid}); a new link to it:`);
      process.stdout.write(`${fresh}\n`);
      return 0;
    }
    say(describeLockHolder(lock.holder, lock.path));
    return 1;
  }
  process.on('exit', () => lock.release());
  const logger = startLogging(userData);

  let core: AppCore | undefined;
  let host: BrowserHost | undefined;
  const redirectFiles = new Set<() => void>();
  // The first link opens unless --no-open; a fresh link when the newcomer that asked for it wants it opened.
  const openLink = (url: string) => {
    if (hasDisplay(process.platform, process.env)) redirectFiles.add(openBrowser(url, userData, logger));
  };
  try {
    ({ core } = await buildCore(userData, logger));
    host = await startBrowserHost({
      core,
      logger,
      rendererDirectory,
      port: args.port,
      host: args.host,
      allowRemote: args.allowRemote,
      fallbackToFreePort: true,
      openLink,
    });
  } catch (error) {
    logger.error('Ringside (browser) failed to start', error);
    // i18n-exempt: developer terminal output.
    say(`Ringside could not start: ${error instanceof Error ? error.message : String(error)}`);
    await core?.dispose().catch(() => {});
    lock.release();
    return 1;
  }
  // Written before the link is printed: whoever reads the link (a test, a script, the agent opening Ringside
  // again) may rely on the file being there.
  const removeLinkFile = writeLinkFile(userData, {
    pid: process.pid,
    port: host.port,
    secret: host.linkSecret,
  });
  // i18n-exempt: developer terminal output.
  if (host.portWasTaken) say(`Port ${args.port} is taken; Ringside uses port ${host.port} instead.`);
  if (args.allowRemote)
    // i18n-exempt: developer terminal output.
    say('Warning: --allow-remote: other machines can reach this port; keep the link secret.');
  // Where no browser can be opened for the agent, say plainly what to do with the line that follows.
  if (!args.open || !hasDisplay(process.platform, process.env))
    // i18n-exempt: developer terminal output.
    say('Open this link in a browser on this machine:');
  process.stdout.write(`${host.url}\n`);
  logger.info(`Ringside ${appVersion(PACKAGE_JSON)} started in the browser host on ${host.origin}`);
  // Connects to the PBX in Settings, or starts the embedded demo PBX; the tabs follow by events.
  core.start().catch((error: unknown) => logger.error('could not connect to the PBX', error));
  if (args.open) openLink(host.url);

  const stopped = new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info(`stopping (${signal})`);
      for (const remove of redirectFiles) remove();
      removeLinkFile();
      const deadline = new Promise((done) => setTimeout(done, STOP_CLEANUP_LIMIT_MS).unref());
      // Tabs first (no command arrives during cleanup), then the core: the SQLite files and the outbox.
      Promise.race([host.close().then(() => core.dispose()), deadline])
        .catch((error: unknown) => logger.error('cleanup before stopping failed', error))
        .finally(() => {
          lock.release();
          resolve();
        });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await stopped;
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(
      // i18n-exempt: developer terminal output.
      `Ringside could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
