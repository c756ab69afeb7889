/**
 * What the calls area needs to give the agent the caller's context (crm/ and calls/context/): the team's CRM
 * link (opened by itself on answer where the host can open links), the call's data and metadata, the
 * person's external id for a dial that names them, the agent's caller number and after-call time.
 */
import type { PbxClient } from '../../api';
import type { CacheDatabase } from '../../cache/database/storeFile';
import type { CallsService } from '../../calls';
import { CallContextReader } from '../../calls/context/callContextReader';
import type { Events, Settings } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import type { CallerContextServices } from '../calls/callsHandlers';
import type { EventListener } from '../eventHub';
import { callerNumberView } from './callerNumber';
import { CrmAutoOpen } from './crmAutoOpen';
import { CrmLinks, crmSettingsTemplates } from './crmLinks';
import { cachedPersonExternalId, cachedTeamAfterCallSeconds, cachedTeamTemplates } from './crmRecords';

export interface CallerContextDeps {
  calls: Pick<CallsService, 'list'>;
  settings(): Settings;
  /** The country numbers without a country code are read in (app/settings/numberingCountry.ts). */
  defaultCountry(): string;
  /** The agent's team and caller number, from the agent's PBX user (undefined while unknown). */
  teamId(): number | null | undefined;
  callerNumber(): string | undefined;
  /** The active PBX's directory cache. */
  cache(): CacheDatabase | undefined;
  client(): PbxClient | undefined;
  agentUsername(): string | undefined;
  /** Opens a checked link in the OS browser; absent in the browser host (its page opens the tab itself). */
  openExternalLink?: (url: string) => Promise<void>;
  subscribe(listener: EventListener): () => void;
  logger: Logger;
}

export function callerContextServices(deps: CallerContextDeps): CallerContextServices {
  const personExternalId = (personId: number) => {
    const cache = deps.cache();
    return cache ? cachedPersonExternalId(cache, personId) : null;
  };
  const crm = new CrmLinks({
    call: (uniqueid) => deps.calls.list().find((call) => call.uniqueid === uniqueid),
    teamTemplates: () => {
      const teamId = deps.teamId();
      const cache = deps.cache();
      return teamId == null || !cache ? undefined : cachedTeamTemplates(cache, teamId);
    },
    ownTemplates: () => crmSettingsTemplates(deps.settings()),
    personExternalId,
    defaultCountry: deps.defaultCountry,
    openExternalLink: deps.openExternalLink,
  });
  if (deps.openExternalLink) {
    const autoOpen = new CrmAutoOpen({
      links: crm,
      enabled: () => deps.settings().crmOpenOnAnswer === true,
      logger: deps.logger,
    });
    deps.subscribe((channel, payload) => {
      if (channel === 'calls:changed') autoOpen.callsChanged(payload as Events['calls:changed']);
    });
  }
  return {
    crm,
    context: new CallContextReader({
      client: deps.client,
      agent: deps.agentUsername,
      firstKeys: () => deps.settings().contextKeysFirst,
      logger: deps.logger,
    }),
    personExternalId,
    afterCallSeconds: () => {
      const teamId = deps.teamId();
      const cache = deps.cache();
      return teamId == null || !cache ? null : cachedTeamAfterCallSeconds(cache, teamId);
    },
    callerNumber: () => callerNumberView(deps.callerNumber(), deps.defaultCountry()),
  };
}
