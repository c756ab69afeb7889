/**
 * Where this computer's core runs (Settings ▸ Connection): here against the PBX, or on a team server. The
 * choice is this computer's own, kept in a section of its settings file beside the settings document (not in
 * the registry's Settings, which a team server serves per agent): `{ kind, serverUrl, certificatePem }`. A
 * managed policy's `teamServer` presets it, or with `locked` fixes it (app/settings/managedPolicy.ts).
 */
import { z } from 'zod';
import type { TeamServerPolicy } from '../app/settings/managedPolicy';
import type { SettingsStore } from '../app/settings/settingsRepository';
import { TeamServerChoiceRefused } from '../app/teamServerClient/teamServerUrl';
import { ConnectionKindSchema, type ConnectionKind } from '../shared/contract';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';

/** The settings file's key of the choice. */
export const TEAM_SERVER_CHOICE_KEY = 'teamServerClient';

export interface TeamServerChoice {
  kind: ConnectionKind;
  /** The server's origin; '' when none was chosen. */
  serverUrl: string;
  /** The server's own certificate to trust exactly; null: the OS store. */
  certificatePem: string | null;
}

const StoredChoiceSchema = z.object({
  kind: ConnectionKindSchema,
  serverUrl: z.string(),
  certificatePem: z.string().nullable(),
});

const THIS_COMPUTER: TeamServerChoice = { kind: 'pbx', serverUrl: '', certificatePem: null };

export class TeamServerChoiceStore {
  constructor(
    private readonly deps: { store: SettingsStore; policy?: TeamServerPolicy | undefined; logger: Logger },
  ) {}

  /** A managed policy fixes the kind and the server. */
  get locked(): boolean {
    return this.deps.policy?.locked === true;
  }

  get current(): TeamServerChoice {
    const { policy } = this.deps;
    const fromPolicy: TeamServerChoice | undefined = policy && {
      kind: 'team-server',
      serverUrl: policy.url,
      certificatePem: policy.certificatePem,
    };
    if (policy?.locked && fromPolicy) return fromPolicy;
    return this.stored() ?? fromPolicy ?? THIS_COMPUTER;
  }

  /** Keeps a choice already checked; `forbidden` while a managed policy locks it. */
  save(choice: TeamServerChoice): void {
    if (this.locked) {
      throw new TeamServerChoiceRefused('forbidden', t('teamServerClient.lockedByOrganisation'));
    }
    this.deps.store.set(TEAM_SERVER_CHOICE_KEY, { ...choice });
  }

  private stored(): TeamServerChoice | undefined {
    const value = this.deps.store.get(TEAM_SERVER_CHOICE_KEY);
    if (value === undefined) return undefined;
    const parsed = StoredChoiceSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    this.deps.logger.warn('the stored connection choice is not readable; this computer connects to the PBX');
    return undefined;
  }
}
