/**
 * Builds the AppCore exactly as every host runs it: settings in the user data directory's settings file, a
 * SQLite directory cache per PBX with the directory sync's writer thread and a history file beside it,
 * recently dialled numbers in a JSON file.
 * What differs between the desktop app (src-main/index.ts) and the browser host (web/browserHostMain.ts) comes
 * in as `HostServices`: how requests reach the PBX, where the secret lives, the demo PBX launcher, the build.
 */
import { join } from 'node:path';
import { openCache, workerDetailWriterFactory, workerIntegrityCheck } from '../cache';
import { JsonFileRecentNumbersStore } from '../calls';
import { JsonLinesQueueChangeLog } from '../calls/queues';
import { systemClock } from '../shared/clock';
import type { AppInfo } from '../shared/contract';
import type { Logger } from '../shared/logger';
import { AppCore } from './appCore';
import type { DemoPbxLauncher } from './connection/connectionModeController';
import type { PbxTransport } from './connection/pbxTransport';
import { managedPolicyPath, readManagedPolicy, type ManagedPolicy } from './settings/managedPolicy';
import type { SecretStore } from './settings/secretStore';
import { defaultSettings } from './settings/settingsSchema';
import { openSettingsStore } from './settings/settingsFile';
import type { SettingsStore } from './settings/settingsRepository';
import type { LoginItem } from './settings/settingsService';

export interface HostServices {
  /** The user data directory: settings, caches, recent numbers, logs. */
  userData: string;
  logger: Logger;
  /** How requests reach the PBX, with the proxy and certificate trust of the host's platform. */
  transport: PbxTransport;
  /** Where the client secret lives; gets the settings store (the desktop keeps safeStorage's ciphertext there). */
  secretStore(settingsStore: SettingsStore): Promise<SecretStore>;
  /** Starts the embedded demo PBX; the composition root imports demo-pbx/ only when it is needed. */
  demoPbx: DemoPbxLauncher;
  /**
   * The directory sync's writer thread (detailWriterWorker.js, built beside the entry by electron.vite.config.ts):
   * resolved by the entry itself, since shared code may be bundled into a chunk elsewhere.
   */
  detailWriterWorker: URL;
  /**
   * The integrity check's thread (integrityCheckWorker.js); absent: the one beside `detailWriterWorker`,
   * where electron.vite.config.ts builds both.
   */
  integrityCheckWorker?: URL;
  /** The OS region (ISO 3166 alpha-2; shared/i18n/osLocale.ts), after the PBX side's for phone numbers. */
  osRegion: string | undefined;
  /** The OS's preferred languages, most preferred first (Automatic language falls back to them). */
  systemLanguages?: readonly string[];
  /** "Start at login"; absent where the host cannot offer it. */
  loginItem?: LoginItem;
  /** Opens a CRM link in the OS browser; absent where the page opens it itself (the browser host). */
  openExternalLink?: (url: string) => Promise<void>;
  /**
   * The managed deployment policy file (settings/managedPolicy.ts); absent: the OS's place for it, read by
   * both hosts alike. Tests name their own.
   */
  managedPolicyFile?: string;
  build: Omit<AppInfo, 'mode'>;
}

/** The demo PBX logs every request; that belongs in the debug log, not the info log. */
export function demoPbxLogger(logger: Logger): Logger {
  return { ...logger, info: logger.debug };
}

/** The core and what it was built on, which a desktop host's team-server client shares. */
export interface ComposedAppCore {
  core: AppCore;
  settingsStore: SettingsStore;
  secretStore: SecretStore;
  managedPolicy: ManagedPolicy;
}

export async function composeAppCore(host: HostServices): Promise<ComposedAppCore> {
  const { userData, logger } = host;
  const settingsStore = openSettingsStore({ directory: userData, logger });
  const secretStore = await host.secretStore(settingsStore);
  const managedPolicy = readManagedPolicy({
    path: host.managedPolicyFile ?? managedPolicyPath(process.platform, process.env),
    defaults: defaultSettings(),
    logger,
  });
  const integrityCheck = workerIntegrityCheck({
    url: host.integrityCheckWorker ?? new URL('./integrityCheckWorker.js', host.detailWriterWorker),
  });
  const core = new AppCore({
    clock: systemClock,
    logger,
    settingsStore,
    // Each PBX's directory cache, with its history file beside it; after an unclean shutdown both are
    // checked in a worker thread, off the main thread.
    openCacheFile: (fileName) => openCache(join(userData, fileName), { logger, integrityCheck }),
    // The sync writes the details it fetches in a worker thread.
    directorySync: {
      syncOptions: { detailWriter: workerDetailWriterFactory({ url: host.detailWriterWorker }) },
    },
    secretStore,
    transport: host.transport,
    demoPbx: host.demoPbx,
    osRegion: host.osRegion,
    systemLanguages: host.systemLanguages,
    pseudoLocale: process.env['RINGSIDE_PSEUDO_LOCALE'] === '1',
    recentNumbers: new JsonFileRecentNumbersStore(join(userData, 'recent-numbers.json'), logger),
    queueLog: new JsonLinesQueueChangeLog(join(userData, 'queue-changes.jsonl'), logger),
    loginItem: host.loginItem,
    openExternalLink: host.openExternalLink,
    managedPolicy,
    build: host.build,
  });
  return { core, settingsStore, secretStore, managedPolicy };
}
