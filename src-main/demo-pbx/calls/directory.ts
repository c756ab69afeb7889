/**
 * What the call engine needs to know about the PBX's configuration. The demo PBX implements it from its
 * seeded (and API-edited) data; tests implement it with a few literals. Every method is read at the moment
 * of use, so API edits (a deleted user, a changed role) are seen by the next call.
 */
import type { CallPermissions, PhoneSelector, QueueType } from '../../api/schemas';
import type { Random } from '../random';

export interface CallGroup {
  id: number;
  name: string;
  /** null for group 1, the root. */
  parentId: number | null;
}

/**
 * Which calls a role may see, and what of them. `all`: every call (superuser); `group`: calls touching the
 * user's group or its subgroups (supervisor); `own`: only calls the user took part in (agent).
 */
export interface CallAccess {
  scope: 'all' | 'group' | 'own';
  rights: CallPermissions;
}

export interface CallUser {
  id: number;
  username: string;
  displayname: string;
  externalId: string | null;
  groupId: number;
  team: { id: number; name: string } | null;
  access: CallAccess;
}

export type UserRef = { id: number } | { externalId: string } | { username: string };

export interface CallPhone {
  identifier: string;
  /** The extension number, as dialled internally. */
  extension: string;
  partition: number;
  extensionId: number;
  groupId: number;
  /** The user whose primary line this is, or null for a shared/unassigned phone. */
  user: CallUser | null;
}

export interface CallQueue {
  id: number;
  type: QueueType;
  name: string;
  number: string;
  groupId: number;
  active: boolean;
}

export interface CallTagInfo {
  id: number;
  name: string;
  /** Hex colour without '#'. */
  color: string;
}

/** A phone number of a CRM person, as written in the directory, with the person's display name. */
export interface CallerContact {
  number: string;
  name: string;
}

export interface CallDirectory {
  /** The phone a selector names (partition defaults to 1), or undefined. */
  findPhone(selector: PhoneSelector): CallPhone | undefined;
  /** The demo agent's phone: target of the automatic inbound calls and of most seeded history. */
  agentPhone(): CallPhone;
  /** Every phone, to spread seeded history over other agents too. */
  phones(): CallPhone[];
  findUser(ref: UserRef): CallUser | undefined;
  group(id: number): CallGroup | undefined;
  queue(id: number): CallQueue | undefined;
  queues(): CallQueue[];
  tags(): CallTagInfo[];
  /** The trunk external calls use (a key of /status `trunks`). */
  trunkId(): number;
  /**
   * A CRM person's phone contact picked with `random` (so the same seed picks the same callers), or
   * undefined when the directory has none.
   */
  randomContact(random: Random): CallerContact | undefined;
  /** The name the PBX's phonebook shows for a number (any format), if it knows one. */
  nameForNumber?(number: string): string | undefined;
  /**
   * Whether the queue may ring the user now: false while the user's membership of it is suspended (a
   * paused agent gets no queue calls). Absent: every queue may ring every phone.
   */
  acceptsQueueCalls?(userId: number, queueId: number): boolean;
  /**
   * Whether the user is a member of the queue (paused or not): the demo's own calls reach an agent only
   * through the agent's queues. Absent: every queue serves every phone.
   */
  servesQueue?(userId: number, queueId: number): boolean;
}

/** The active inbound queues through which the demo's own calls may reach the phone's user. */
export function inboundQueuesOf(directory: CallDirectory, phone: CallPhone): CallQueue[] {
  const userId = phone.user?.id;
  return directory
    .queues()
    .filter((queue) => queue.type === 1 && queue.active)
    .filter((queue) => userId === undefined || directory.servesQueue?.(userId, queue.id) !== false);
}
