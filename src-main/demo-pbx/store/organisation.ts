/**
 * The PBX configuration as live, editable state: groups, roles, teams, users, extensions, phones, queues,
 * queue membership, agent status, tags and trunks. Writes arrive already validated (see users.ts and
 * agentQueues.ts); this class keeps the records consistent with each other.
 */
import type { Extension, Team } from '../../api/schemas';
import type {
  AgentStatus,
  GroupRecord,
  Membership,
  OrganisationSeed,
  PhoneRecord,
  RoleRecord,
  TrunkRecord,
  UserRecord,
} from '../seed/organisationSeed';
import type { QueueConfig } from './queueStatistics';

export type UserDeletedListener = (user: UserRecord) => void;

export class Organisation {
  readonly groups: Map<number, GroupRecord>;
  readonly roles: Map<number, RoleRecord>;
  readonly teams: Map<number, Team>;
  readonly extensions: Extension[];
  readonly phones: PhoneRecord[];
  readonly queues: Map<number, QueueConfig>;
  readonly tags: { id: number; name: string; color: string }[];
  readonly trunks: Record<string, TrunkRecord>;
  private readonly users: Map<number, UserRecord>;
  private readonly membership: Map<number, Map<number, Membership>>;
  private readonly agentStatus: Map<number, AgentStatus>;
  private readonly userDeletedListeners: UserDeletedListener[] = [];
  private nextUserId: number;

  constructor(seed: OrganisationSeed) {
    const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((item) => [item.id, item]));
    this.groups = byId(seed.groups);
    this.roles = byId(seed.roles);
    this.teams = byId(seed.teams);
    this.extensions = seed.extensions;
    this.phones = seed.phones;
    this.queues = byId(seed.queues);
    this.tags = seed.tags;
    this.trunks = seed.trunks;
    this.users = byId(seed.users);
    this.membership = seed.membership;
    this.agentStatus = seed.agentStatus;
    this.nextUserId = Math.max(0, ...this.users.keys()) + 1;
  }

  /** The group and every group below it. */
  groupWithDescendants(groupId: number): Set<number> {
    const result = new Set<number>([groupId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const group of this.groups.values()) {
        if (group.parent_id !== null && result.has(group.parent_id) && !result.has(group.id)) {
          result.add(group.id);
          grew = true;
        }
      }
    }
    return result;
  }

  // ---- users ------------------------------------------------------------------------------------------

  allUsers(): UserRecord[] {
    return [...this.users.values()];
  }

  user(id: number): UserRecord | undefined {
    return this.users.get(id);
  }

  userByExternalId(externalId: string): UserRecord | undefined {
    return this.allUsers().find((user) => user.external_id === externalId);
  }

  /** Usernames are case-insensitive. */
  userByUsername(username: string): UserRecord | undefined {
    const wanted = username.toLowerCase();
    return this.allUsers().find((user) => user.username.toLowerCase() === wanted);
  }

  addUser(fields: Omit<UserRecord, 'id'>): UserRecord {
    const user = { ...fields, id: this.nextUserId++ };
    this.users.set(user.id, user);
    return user;
  }

  replaceUser(user: UserRecord): void {
    this.users.set(user.id, user);
  }

  /** Removes the user, its membership and phone pairing, and tells listeners (so call records forget it). */
  deleteUser(id: number): boolean {
    const user = this.users.get(id);
    if (!user) return false;
    this.users.delete(id);
    this.membership.delete(id);
    this.agentStatus.delete(id);
    for (const phone of this.phones) if (phone.user_id === id) phone.user_id = null;
    for (const listener of this.userDeletedListeners) listener(user);
    return true;
  }

  onUserDeleted(listener: UserDeletedListener): void {
    this.userDeletedListeners.push(listener);
  }

  // ---- queue membership and agent status ---------------------------------------------------------------

  membershipOf(userId: number): Map<number, Membership> {
    let queues = this.membership.get(userId);
    if (!queues) this.membership.set(userId, (queues = new Map()));
    return queues;
  }

  /** Members of the queue with their membership. */
  membersOf(queueId: number): { userId: number; membership: Membership }[] {
    const members: { userId: number; membership: Membership }[] = [];
    for (const [userId, queues] of this.membership) {
      const membership = queues.get(queueId);
      if (membership && this.users.get(userId)?.active) members.push({ userId, membership });
    }
    return members;
  }

  /** Members that serve the queue now: not suspended and in the ready state. */
  readyMembers(queueId: number): number[] {
    return this.membersOf(queueId)
      .filter(({ userId, membership }) => !membership.suspended && this.statusOf(userId).status === 'ready')
      .map(({ userId }) => userId);
  }

  /** Members in an unavailability (aux) state. */
  auxMembers(queueId: number): number[] {
    return this.membersOf(queueId)
      .filter(({ userId }) => this.statusOf(userId).status === 'aux')
      .map(({ userId }) => userId);
  }

  statusOf(userId: number): AgentStatus {
    return this.agentStatus.get(userId) ?? { status: 'offline' };
  }

  phoneOfUser(userId: number): PhoneRecord | undefined {
    return this.phones.find((phone) => phone.user_id === userId);
  }
}
