/** Dialling and call control: every surface's dial leads here, to the one dial path of CallsService. */
import type { CallsService } from '../../calls';
import type { CallContextReader } from '../../calls/context/callContextReader';
import type { CallerNumberView, HandlersFor, callsCommands } from '../../shared/contract';
import { withPersonExternalId } from '../../shared/personCallData';
import type { CrmLinks } from '../crm/crmLinks';

/** What the caller's-context commands need beside the calls (docs/caller-context.md). */
export interface CallerContextServices {
  crm: CrmLinks;
  context: CallContextReader;
  /** A person's external id from the directory cache, for a dial's data naming the person. */
  personExternalId(personId: number): string | null;
  /** The number outside parties see on the agent's calls (`clid_number`); null when none or unknown. */
  callerNumber(): CallerNumberView | null;
  /** The agent's team's `default_inbound_acw_timeout`; null when none or unknown. */
  afterCallSeconds(): number | null;
}

export function callsHandlers(
  calls: CallsService,
  { crm, context, personExternalId, callerNumber, afterCallSeconds }: CallerContextServices,
): HandlersFor<typeof callsCommands> {
  return {
    'calls:context': async ({ uniqueid }) => context.read(uniqueid),
    'crm:link': async ({ uniqueid, personId, open }) => crm.link(uniqueid, personId, open),
    'dial:callerNumber': async () => callerNumber(),
    'calls:afterCallSeconds': async () => afterCallSeconds(),
    'calls:dial': async (args) => calls.dial(withPersonExternalId(args, personExternalId)),
    'calls:control': async (args) => calls.control(args),
    'calls:list': async () => calls.list(),
    'dial:resolve': async ({ raw }) => calls.resolve(raw),
    'dial:recent': async () => calls.recent(),
  };
}
