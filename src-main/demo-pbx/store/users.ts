/**
 * User create and update: the zod schema checks each attribute, then references and uniqueness are checked
 * against the organisation. Any problem → nothing written, one message per attribute (see docs/pbx-api.md
 * (Users)).
 */
import { UserCreate, UserUpdate, type User, type UserListItem } from '../../api/schemas';
import type { UserRecord } from '../seed/organisationSeed';
import { validateAttributes } from './attributes';
import type { WriteResult } from './writeResult';
import type { Organisation } from './organisation';

const READ_ONLY = ['id', 'displayname'] as const;

const USER_DEFAULTS: Omit<UserRecord, 'id' | 'username' | 'group_id' | 'displayname'> = {
  password: '',
  locale: 'en_US',
  email: '',
  primary_extension: null,
  pin: '',
  firstname: '',
  lastname: '',
  public: true,
  identificator: '',
  external_id: null,
  filter_id: null,
  number: '',
  data: {},
  team_id: null,
  active: true,
  wssip_device_id: null,
  certificate: false,
  role_id: null,
  channels: {},
  clid_number: '',
};

/** The user as the API returns it: every documented attribute, never the password. */
export function publicUser(user: UserRecord): User {
  const { password: _password, ...visible } = user;
  return structuredClone(visible);
}

export function userListItem(user: UserRecord): UserListItem {
  return { id: user.id, name: user.displayname, external_id: user.external_id };
}

function displayName(user: Pick<UserRecord, 'firstname' | 'lastname' | 'username'>): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.username;
}

/** Problems the schema cannot see: references to other records and uniqueness. */
function referenceErrors(
  organisation: Organisation,
  fields: Partial<UserRecord>,
  selfId: number | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const { username, external_id, group_id, team_id, role_id, primary_extension } = fields;
  if (group_id !== undefined && !organisation.groups.has(group_id))
    errors.group_id = `group ${group_id} does not exist`;
  if (team_id != null && !organisation.teams.has(team_id)) errors.team_id = `team ${team_id} does not exist`;
  if (role_id != null && !organisation.roles.has(role_id)) errors.role_id = `role ${role_id} does not exist`;
  if (primary_extension != null) {
    const extension = organisation.extensions.find((candidate) => candidate.id === primary_extension);
    if (!extension) errors.primary_extension = `extension ${primary_extension} does not exist`;
    else if (extension.type !== 'phone')
      errors.primary_extension = `extension ${primary_extension} is not a phone line`;
  }
  if (username !== undefined) {
    const holder = organisation.userByUsername(username);
    if (holder && holder.id !== selfId) errors.username = `username ${username} is already taken`;
  }
  if (external_id != null) {
    const holder = organisation.userByExternalId(external_id);
    if (holder && holder.id !== selfId)
      errors.external_id = `external_id ${external_id} is already used by another user`;
  }
  return errors;
}

export function createUser(organisation: Organisation, body: Record<string, unknown>): WriteResult<number> {
  const result = validateAttributes(UserCreate, body, READ_ONLY, (fields) =>
    referenceErrors(organisation, fields, null),
  );
  if (!result.ok) return result;
  const fields = { ...USER_DEFAULTS, ...result.value };
  const user = organisation.addUser({ ...fields, displayname: displayName(fields) });
  return { ok: true, value: user.id };
}

/** Absent attributes keep their value; one invalid attribute and nothing is written. */
export function updateUser(
  organisation: Organisation,
  user: UserRecord,
  body: Record<string, unknown>,
): WriteResult<null> {
  const result = validateAttributes(UserUpdate, body, READ_ONLY, (fields) =>
    referenceErrors(organisation, fields, user.id),
  );
  if (!result.ok) return result;
  const updated = { ...user, ...result.value };
  organisation.replaceUser({ ...updated, displayname: displayName(updated) });
  return { ok: true, value: null };
}
