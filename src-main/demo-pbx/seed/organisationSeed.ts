/** The seeded organisation as the stores take it over: its records, as stored, and the accounts. */
import type { Extension, Group, Role, SharedDataItem, Team, User } from '../../api/schemas';
import type { STANDARD_CALL_ACCESS } from '../calls/permissions';
import type { QueueConfig } from '../store/queueStatistics';
import type { Known } from './known';

export type GroupRecord = Known<Group> & {
  parent_id: number | null;
};

export type RoleRecord = Known<Role> & {
  /** The call-access profile the role grants (see calls/permissions.ts). */
  access: keyof typeof STANDARD_CALL_ACCESS;
  superuser: boolean;
};

/** A user as stored: the documented attributes plus the password, which is never returned. */
export type UserRecord = Known<User> & {
  password: string;
};

export interface PhoneRecord {
  id: number;
  identifier: string;
  extension: string;
  extension_id: number;
  partition: number;
  group_id: number;
  user_id: number | null;
  kind: 'ipphone' | 'softphone';
  /** Registered with the PBX (available) or not (dead). */
  registered: boolean;
}

export interface Membership {
  priority: number;
  suspended: boolean;
}

export type AgentStatus = { status: 'ready' } | { status: 'aux'; reason: string } | { status: 'offline' };

export interface TrunkRecord {
  name: string;
  /**
   * 1 registered and up, 0 down (the API does not give the codes; see docs/pbx-api.md (Status and
   * directories: decisions)).
   */
  status: number;
  rtt: number;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface OrganisationSeed {
  groups: GroupRecord[];
  roles: RoleRecord[];
  teams: Team[];
  users: UserRecord[];
  extensions: Extension[];
  phones: PhoneRecord[];
  queues: QueueConfig[];
  /** user id → queue id → membership */
  membership: Map<number, Map<number, Membership>>;
  agentStatus: Map<number, AgentStatus>;
  tags: { id: number; name: string; color: string }[];
  trunks: Record<string, TrunkRecord>;
  shared: Record<string, SharedDataItem>;
  /** The superuser service account the API logs in with. */
  serviceAccount: Credentials;
  /** Accounts that must be refused a token: a public superuser and a supervisor (not a superuser). */
  publicAccount: Credentials;
  supervisorAccount: Credentials;
  /** The user whose phone the demo agent (Ringside's user) holds. */
  demoAgentUserId: number;
}
