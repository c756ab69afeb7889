/** A phone and its user as a call saw them when it started. */
import type { CallPhone } from './directory';

/**
 * A user as a call saw them. Copied when the call starts, so records keep their people when the directory
 * changes; deleting the user nulls `id` and `username` and keeps the name (see docs/pbx-api.md (Users)).
 */
export interface UserSnapshot {
  id: number | null;
  username: string | null;
  displayname: string;
  groupId: number;
  team: { id: number; name: string } | null;
}

export interface PhoneSnapshot {
  identifier: string;
  extension: string;
  partition: number;
  extensionId: number;
  groupId: number;
  user: UserSnapshot | null;
}

export function snapshotPhone(phone: CallPhone): PhoneSnapshot {
  const { user } = phone;
  return {
    identifier: phone.identifier,
    extension: phone.extension,
    partition: phone.partition,
    extensionId: phone.extensionId,
    groupId: phone.groupId,
    user: user && {
      id: user.id,
      username: user.username,
      displayname: user.displayname,
      groupId: user.groupId,
      team: user.team && { ...user.team },
    },
  };
}

/** How a phone of this PBX shows as a party: its extension (already normal form) and its user's name. */
export function phonePartyIdentity(phone: PhoneSnapshot): {
  number: string;
  numberNorm: string;
  name: string;
} {
  return {
    number: phone.extension,
    numberNorm: phone.extension,
    name: phone.user?.displayname ?? phone.extension,
  };
}
