/**
 * The app's Logger, backed by electron-log: a rotating file in the user data directory, and the console.
 * A hook passes every message part through redact() before any transport sees it, so no code path (ours,
 * a library's, an uncaught error's) can write a token or password to disk.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LevelOption, LogMessage, NodeLogger } from 'electron-log';
import type { Logger } from '../shared/logger';
import { redact } from '../shared/redact';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './privateFiles';

/** The file rotates to main.old.log at this size, so logs never grow beyond about twice this. */
export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_FILE_NAME = 'main.log';

export function redactingHook(message: LogMessage): LogMessage {
  return { ...message, data: message.data.map((part: unknown) => redact(part)) };
}

export interface LoggingOptions {
  /** Directory of the log file, e.g. <userData>/logs. */
  directory: string;
  fileLevel: LevelOption;
  consoleLevel: LevelOption;
}

/**
 * Configures an electron-log instance and returns it as the app's Logger. Both hosts and the tests give it
 * electron-log's Node build: electron-log/main would register IPC handlers of its own (`__ELECTRON_LOG__`)
 * on import, which no allow-list checks; the renderer logs nothing through IPC.
 */
export function createLogger(log: NodeLogger, options: LoggingOptions): Logger {
  log.hooks.push(redactingHook);
  // The user's alone, as everything in the user data directory (privateFiles.ts); electron-log would make
  // the folder and file with the default modes.
  mkdirSync(options.directory, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const file = log.transports.file;
  file.writeOptions = { ...file.writeOptions, mode: PRIVATE_FILE_MODE };
  file.resolvePathFn = () => join(options.directory, LOG_FILE_NAME);
  file.maxSize = LOG_FILE_MAX_BYTES;
  file.level = options.fileLevel;
  log.transports.console.level = options.consoleLevel;
  // Nothing leaves the machine, and nothing goes to a renderer. (The Node build creates no IPC transport,
  // despite its types; should one exist, it is off.)
  log.transports.remote.level = false;
  const ipc = log.transports.ipc as (typeof log.transports)['ipc'] | undefined;
  if (ipc) ipc.level = false;
  return {
    debug: (message, ...details) => log.debug(message, ...details),
    info: (message, ...details) => log.info(message, ...details),
    warn: (message, ...details) => log.warn(message, ...details),
    error: (message, ...details) => log.error(message, ...details),
  };
}
