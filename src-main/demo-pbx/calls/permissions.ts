/**
 * Call permissions derived from the user's role (what) and group (which calls): superusers see everything,
 * supervisors the calls of their group subtree, agents their own calls (see docs/pbx-api.md (Call
 * permissions: decisions)).
 */
import { CALL_PERMISSIONS, type CallPermissions } from '../../api/schemas';
import type { CallAccess, CallDirectory, CallUser } from './directory';
import type { LiveCall } from './liveCall';
import type { PhoneSnapshot } from './phoneSnapshot';

function rights(granted: (key: keyof CallPermissions) => boolean): CallPermissions {
  return Object.fromEntries(CALL_PERMISSIONS.map((key) => [key, granted(key)])) as CallPermissions;
}

const EVERYTHING = rights(() => true);
const NOTHING = rights(() => false);

/** The role profiles the demo PBX seeds; each seeded role names one of them. */
export const STANDARD_CALL_ACCESS = {
  superuser: { scope: 'all', rights: EVERYTHING },
  supervisor: { scope: 'group', rights: EVERYTHING },
  /** Agents listen to their calls and read the AI results, but may not download recordings. */
  agent: { scope: 'own', rights: rights((key) => key !== 'download') },
  /** An agent role without the transcript and the summary, so clients can test hiding them. */
  agentWithoutTranscripts: {
    scope: 'own',
    rights: rights((key) => !['download', 'transcription', 'summary'].includes(key)),
  },
  /** A user without a role. */
  none: { scope: 'own', rights: NOTHING },
} as const satisfies Record<string, CallAccess>;

/** The users who took part in a call and the groups it touched. */
export interface CallParticipants {
  userIds: ReadonlySet<number>;
  groupIds: ReadonlySet<number>;
}

/** Users and groups a call touched: the phones' users and groups, and the queue's group. */
export function participantsOf(call: LiveCall): CallParticipants {
  const phones = [call.phone, call.remote.phone].filter((phone): phone is PhoneSnapshot => phone !== null);
  const userIds = phones.flatMap((phone) => (phone.user?.id != null ? [phone.user.id] : []));
  const groupIds = [
    ...phones.map((phone) => phone.groupId),
    ...phones.flatMap((phone) => (phone.user ? [phone.user.groupId] : [])),
    ...(call.queue ? [call.queue.groupId] : []),
  ];
  return { userIds: new Set(userIds), groupIds: new Set(groupIds) };
}

/** Whether `groupId` is `ancestorId` or below it in the group tree. */
export function isWithinGroup(directory: CallDirectory, groupId: number, ancestorId: number): boolean {
  const seen = new Set<number>();
  for (let id: number | null = groupId; id !== null && !seen.has(id);) {
    if (id === ancestorId) return true;
    seen.add(id); // a cycle in edited data must not hang the server
    id = directory.group(id)?.parentId ?? null;
  }
  return false;
}

export function callPermissionsFor(
  directory: CallDirectory,
  user: CallUser,
  participants: CallParticipants,
): CallPermissions {
  const { scope } = user.access;
  const tookPart = participants.userIds.has(user.id);
  const inScope =
    scope === 'all' ||
    tookPart ||
    (scope === 'group' &&
      [...participants.groupIds].some((groupId) => isWithinGroup(directory, groupId, user.groupId)));
  return inScope ? { ...user.access.rights } : { ...NOTHING };
}
