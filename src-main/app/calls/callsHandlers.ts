/** Dialling and call control: every surface's dial leads here, to the one dial path of CallsService. */
import type { CallsService } from '../../calls';
import type { HandlersFor, callsCommands } from '../../shared/contract';

export function callsHandlers(calls: CallsService): HandlersFor<typeof callsCommands> {
  return {
    'calls:dial': async (args) => calls.dial(args),
    'calls:control': async (args) => calls.control(args),
    'calls:list': async () => calls.list(),
    'dial:resolve': async ({ raw }) => calls.resolve(raw),
    'dial:recent': async () => calls.recent(),
  };
}
