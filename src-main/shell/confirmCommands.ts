/**
 * What the dial confirmation window may ask of the main process: to dial the request it shows, naming it
 * (the dial path then dials only that request's own number, once: calls/dial/dialService.ts), and to read a number
 * (`dial:resolve`, local and read-only). Any other command from it is refused as `forbidden-sender` (ipc.ts).
 * Kept apart from confirmWindow.ts, which needs Electron.
 */
import type { CommandAllowList } from './ipc';

export const CONFIRM_WINDOW_COMMANDS: CommandAllowList = {
  'calls:dial': (args) =>
    args.requestId === undefined ? 'The dial confirmation may only dial the request it shows.' : null,
  'dial:resolve': true,
};
