/** Users and agent queue membership. */
import { z } from 'zod';
import { Id, Int, Unknown } from './common';

export const USER_LOCALES = ['cs_CZ', 'en_US', 'sk_SK'] as const;

export const User = z.looseObject({
  id: Id,
  username: z.string(),
  locale: z.enum(USER_LOCALES).or(z.string()),
  email: z.string(),
  primary_extension: Id.nullable(),
  pin: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  displayname: z.string(),
  public: z.boolean(),
  group_id: Id,
  identificator: z.string(),
  external_id: z.string().nullable(),
  filter_id: Id.nullable(),
  number: z.string(),
  data: z.record(z.string(), Unknown),
  team_id: Id.nullable(),
  active: z.boolean(),
  wssip_device_id: Id.nullable(),
  certificate: z.boolean(),
  role_id: Id.nullable(),
  channels: Unknown,
  clid_number: z.string(),
});
export type User = z.infer<typeof User>;

/** How a PBX user is named: their display name, else first and last name, else their username. */
export function userDisplayName(
  user: Pick<User, 'displayname' | 'firstname' | 'lastname' | 'username'>,
): string {
  return user.displayname.trim() || `${user.firstname} ${user.lastname}`.trim() || user.username;
}

export const UserListItem = z.looseObject({ id: Id, name: z.string(), external_id: z.string().nullable() });
export type UserListItem = z.infer<typeof UserListItem>;

/**
 * Writable user attributes: those of `User` but the id and the display name (the PBX derives it), plus the
 * password, with the rules the PBX checks on create and update.
 */
export const UserWritable = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, 'username must not be empty')
    .max(64)
    .regex(/^[A-Za-z0-9._@-]+$/, 'username may contain letters, digits and . _ @ - only'),
  password: z.string().min(6, 'password must have at least 6 characters').max(128),
  ...User.omit({ id: true, displayname: true, username: true }).shape,
  locale: z.enum(USER_LOCALES, { message: `locale must be one of ${USER_LOCALES.join(', ')}` }),
  email: z.union([z.literal(''), z.email('email is not a valid e-mail address')]),
  pin: z.string().regex(/^\d{0,12}$/, 'pin must be digits only'),
  firstname: z.string().max(100),
  lastname: z.string().max(100),
  identificator: z.string().max(100),
  external_id: z.string().max(100).nullable(),
  number: z.string().max(64),
  clid_number: z.string().max(64),
});
export const UserCreate = UserWritable.partial().required({ username: true, group_id: true });
export type UserCreate = z.infer<typeof UserCreate>;
export const UserUpdate = UserWritable.partial();
export type UserUpdate = z.infer<typeof UserUpdate>;

export const QueueMembership = z.looseObject({
  id: Id,
  type: Int.min(0).max(3).optional(),
  priority: Int.min(1, 'priority must be 1–100').max(100, 'priority must be 1–100').optional(),
  suspended: z.boolean().optional(),
});
export type QueueMembership = z.infer<typeof QueueMembership>;

export const AgentQueues = z.looseObject({
  id: Id.optional(),
  external_id: z.string().optional(),
  name: z.string().optional(),
  queues: z.array(QueueMembership),
});
export type AgentQueues = z.infer<typeof AgentQueues>;

export const AgentQueuesUpdate = z
  .array(
    AgentQueues.refine((agent) => agent.id !== undefined || agent.external_id !== undefined, {
      message: 'each agent needs an id or an external_id',
    }),
  )
  .min(1, 'the body must list at least one agent');
export type AgentQueuesUpdate = z.infer<typeof AgentQueuesUpdate>;

/** The PBX's own answer texts, matched as they come (i18n-exempt on each line: protocol text). */
export const AGENT_QUEUE_MESSAGES = {
  nothingToChange: 'Nothing to change', // i18n-exempt: PBX protocol text
  updated: 'Agent membership updated', // i18n-exempt: PBX protocol text
  added: 'Agent added into queue', // i18n-exempt: PBX protocol text
  removed: 'Agent removed from queue', // i18n-exempt: PBX protocol text
  unknownQueue: 'Unknown queue id', // i18n-exempt: PBX protocol text
  unknownAgentId: 'Unknown agent id', // i18n-exempt: PBX protocol text
  unknownAgentExternalId: 'Unknown agent external_id', // i18n-exempt: PBX protocol text
} as const;

export const AgentQueueResult = z.looseObject({
  id: Id.optional(),
  external_id: z.string().optional(),
  success: z.boolean(),
  error: z.string().optional(),
  queues: z.array(z.looseObject({ id: Id, success: z.boolean(), message: z.string() })),
});
export type AgentQueueResult = z.infer<typeof AgentQueueResult>;
