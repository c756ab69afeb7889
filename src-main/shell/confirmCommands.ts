/**
 * What the dial confirmation window may ask of the main process: to dial the request it shows, naming it
 * (the dial path then dials only that request's own number, once: calls/dial/dialService.ts), and to read a number
 * (`dial:resolve`, local and read-only). Any other command from it is refused as `forbidden-sender` (ipc.ts).
 * Kept apart from confirmWindow.ts, which needs Electron.
 */
import { t } from '../shared/i18n';
import type { CommandAllowList } from './ipc';

export const CONFIRM_WINDOW_COMMANDS: CommandAllowList = {
  'calls:dial': (args) => (args.requestId === undefined ? t('validation.confirmDialOnly') : null),
  'dial:resolve': true,
  // Its texts are in the language in use.
  'locale:get': true,
};
