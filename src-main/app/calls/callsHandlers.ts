/** Dialling and call control: every surface's dial leads here, to the one dial path of CallsService. */
import type { CallsService } from '../../calls';
import type { HandlersFor, callsCommands } from '../../shared/contract';
import { withPersonExternalId } from '../../shared/personCallData';
import type { CallContextReader } from '../../calls/context/callContextReader';
import type { CrmLinks } from '../crm/crmLinks';

export function callsHandlers(
  calls: CallsService,
  crm: CrmLinks,
  context: CallContextReader,
  /** A person's external id from the directory cache, for a dial's data naming the person. */
  personExternalId: (personId: number) => string | null,
): HandlersFor<typeof callsCommands> {
  return {
    'calls:context': async ({ uniqueid }) => context.read(uniqueid),
    'crm:link': async ({ uniqueid, personId, open }) => crm.link(uniqueid, personId, open),
    'calls:dial': async (args) => calls.dial(withPersonExternalId(args, personExternalId)),
    'calls:control': async (args) => calls.control(args),
    'calls:list': async () => calls.list(),
    'dial:resolve': async ({ raw }) => calls.resolve(raw),
    'dial:recent': async () => calls.recent(),
  };
}
