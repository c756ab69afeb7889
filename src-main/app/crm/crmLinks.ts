/**
 * "Open in CRM": the link of one ongoing call in the contact center's own CRM. The template is the agent's own
 * from Settings when set, else the agent's team's (`tasks.call_url`, or `tasks.person_url` when a person is
 * matched and the team has no call template); shared/crmTemplate.ts expands and checks it. The agent's team
 * comes from AgentDirectory, the team's templates and the person's external id from the directory cache, so
 * no PBX request stands between the click and the tab.
 */
import type { CallView, CrmLink, Settings } from '../../shared/contract';
import { expandCrmTemplate, type CrmValues } from '../../shared/crmTemplate';
import { t } from '../../shared/i18n';
import { normalizeNumber } from '../../shared/numbers';

/** The templates the team or the agent set; '' or null for none. */
export interface CrmTemplates {
  callUrl: string | null;
  personUrl: string | null;
}

export interface CrmLinksDeps {
  call(uniqueid: string): CallView | undefined;
  /** The agent's team's templates; undefined while the agent or the team is unknown. */
  teamTemplates(): CrmTemplates | undefined;
  /** The agent's own templates from Settings: each overrides the team's. */
  ownTemplates(): CrmTemplates;
  /** The external id of a person of the local directory; null when it has none or is not cached. */
  personExternalId(personId: number): string | null;
  defaultCountry(): string;
  /** Opens a link in the OS browser (shell/externalLinks.ts); absent where the page opens it itself. */
  openExternalLink?: (url: string) => Promise<void>;
}

export class CrmLinks {
  constructor(private readonly deps: CrmLinksDeps) {}

  /** The CRM link of an ongoing call, for the person the pop card matched (null: none); opened when asked. */
  async link(uniqueid: string, personId: number | null, open: boolean): Promise<CrmLink> {
    const call = this.deps.call(uniqueid);
    if (!call) return { status: 'refused', problem: t('validation.callEnded') };
    const template = this.template(personId !== null);
    if (!template) return { status: 'none' };
    const expansion = expandCrmTemplate(template.text, this.values(call, personId));
    if (!expansion.ok) return { status: 'refused', problem: expansion.problem };
    const opener = open ? this.deps.openExternalLink : undefined;
    if (opener) await opener(expansion.url);
    const { kind, source } = template;
    return { status: 'ready', url: expansion.url, kind, source, opened: opener !== undefined };
  }

  private template(
    hasPerson: boolean,
  ): { text: string; kind: 'call' | 'person'; source: 'settings' | 'team' } | undefined {
    const own = this.deps.ownTemplates();
    const team = this.deps.teamTemplates();
    const pick = (kind: 'call' | 'person') => {
      const key = kind === 'call' ? 'callUrl' : 'personUrl';
      if (own[key]) return { text: own[key], kind, source: 'settings' as const };
      if (team?.[key]) return { text: team[key], kind, source: 'team' as const };
      return undefined;
    };
    return pick('call') ?? (hasPerson ? pick('person') : undefined);
  }

  private values(call: CallView, personId: number | null): CrmValues {
    const raw = call.remote.number;
    let caller = raw;
    try {
      caller = normalizeNumber(raw, this.deps.defaultCountry())?.e164 ?? raw;
    } catch {
      // An unsupported default country is a settings problem; the number as received still links.
    }
    return {
      caller,
      caller_raw: raw,
      person_id: personId === null ? '' : String(personId),
      person_external_id: personId === null ? '' : (this.deps.personExternalId(personId) ?? ''),
      uniqueid: call.uniqueid,
      queue: call.queue?.name ?? '',
      data: textValues(call.data),
    };
  }
}

/** The call's data as text: strings as they are, anything else as JSON. */
export function textValues(data: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    values[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return values;
}

/** The agent's own templates of the settings; '' means "the team's". */
export function crmSettingsTemplates(settings: Pick<Settings, 'crmCallUrl' | 'crmPersonUrl'>): CrmTemplates {
  return { callUrl: settings.crmCallUrl.trim() || null, personUrl: settings.crmPersonUrl.trim() || null };
}
