/** Who the policy acts for, and what the server tells it (docs/team-server.md, "What an agent may do"). */
import type { PhoneSelectorDto } from '../../shared/contract';
import type { Translator } from '../../shared/i18n';

/** Whom an agent may edit in the team's CRM: nobody, persons of their own PBX group, or everybody. */
export const CRM_EDIT_POLICIES = ['none', 'group', 'all'] as const;
export type CrmEditPolicy = (typeof CRM_EDIT_POLICIES)[number];
export const DEFAULT_CRM_EDIT_POLICY: CrmEditPolicy = 'group';

/** A signed-in agent, as the server resolved them from the PBX user. */
export interface SignedInAgent {
  /** The PBX login name; also what the review fetcher asks the PBX's call permissions for. */
  username: string;
  userId: number;
  /** The PBX user's `group_id`; null when the server could not tell. */
  groupId: number | null;
  /** The phone the server derived from the PBX user (or an administrator's override); null: none. */
  phone: PhoneSelectorDto | null;
  isAdmin: boolean;
  sessionId: string;
}

export interface CommandPolicy {
  crmEdits: CrmEditPolicy;
  /** The person's PBX group, read fresh from the PBX by the caller; undefined when the PBX gives none. */
  personGroup(personId: number): Promise<number | undefined>;
  /** Whether the call is in the agent's own call history (the history file of their session). */
  callInHistory(uniqueid: string): Promise<boolean>;
  /** The agent's language, for the wording of refusals. */
  translator(): Translator;
}
