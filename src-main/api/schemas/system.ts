/** Status, extensions, queues, groups, roles and teams. */
import { z } from 'zod';
import { fieldPerName, Id, Int, IntOrZero, NumberOrZero, Unknown } from './common';

const Trunk = z.looseObject({ name: z.string(), status: IntOrZero, rtt: IntOrZero });

const PhoneSummary = z.looseObject({
  name: z.string(),
  configured: IntOrZero,
  configured_ipphones: IntOrZero,
  configured_softphones: IntOrZero,
  available: IntOrZero,
  available_ipphones: IntOrZero,
  available_softphones: IntOrZero,
  dead: IntOrZero,
  dead_ipphones: IntOrZero,
  dead_softphones: IntOrZero,
  paired: IntOrZero,
  paired_ipphones: IntOrZero,
  paired_softphones: IntOrZero,
});
export type PhoneSummary = z.infer<typeof PhoneSummary>;

/** Internal component counters reported next to `success` by GET /status. */
export const STATUS_COMPONENTS = [
  'core',
  'api',
  'database',
  'telephony',
  'light-log',
  'tftp',
  'stunserver',
  'webserver',
  'messaging',
] as const;

export const Status = z.looseObject({
  success: z.boolean(),
  trunks: z.record(z.string(), Trunk),
  phones: z.record(z.string(), PhoneSummary),
  ...fieldPerName(STATUS_COMPONENTS, IntOrZero),
});
export type Status = z.infer<typeof Status>;

export const EXTENSION_TYPES = [
  'phone',
  'voicemail',
  'voicemailmain',
  'ivr',
  'disa',
  'application',
  'transformation',
  'queue',
  'confbridge',
  'playback',
  'timeroute',
  'fax',
  'dispatch',
  'switch',
  'ai',
] as const;
export const ExtensionType = z.enum(EXTENSION_TYPES);
export type ExtensionType = z.infer<typeof ExtensionType>;

export const Extension = z.looseObject({
  id: Id,
  group_id: Id,
  number: z.string(),
  name: z.string(),
  /** Lenient: a newer PBX may know more types than these. */
  type: ExtensionType.or(z.string()),
  external_id: z.string().nullable(),
});
export type Extension = z.infer<typeof Extension>;

export const ExtensionsQuery = z.object({
  group_id: z.coerce.number().int().nonnegative().optional(),
  type: ExtensionType.optional(),
});
export type ExtensionsQuery = z.infer<typeof ExtensionsQuery>;

/** Queue types: 0 outbound campaign, 1 inbound, 2 CRM task, 3 e-mail. */
export const QUEUE_TYPES = { 0: 'outbound', 1: 'inbound', 2: 'task', 3: 'email' } as const;
export const QueueType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type QueueType = z.infer<typeof QueueType>;

const ServiceLevelPeriod = z.tuple([IntOrZero, IntOrZero]);
const ServiceLevelPeriods = z.looseObject({
  day: ServiceLevelPeriod,
  week: ServiceLevelPeriod,
  month: ServiceLevelPeriod,
  quarter: ServiceLevelPeriod,
});

export const Queue = z.looseObject({
  id: Id,
  group_id: Id,
  active: z.boolean(),
  type: QueueType.or(Int),
  number: z.string(),
  name: z.string(),
  callers_waiting: IntOrZero,
  callers_ringing: IntOrZero,
  callers_talking: IntOrZero,
  agents_idle: IntOrZero,
  agents_ringing: IntOrZero,
  agents_talking: IntOrZero,
  agents_acw: IntOrZero,
  agents_aux: IntOrZero,
  answered: IntOrZero,
  overflowed: IntOrZero,
  abandoned: IntOrZero,
  talktime: IntOrZero,
  waittime: IntOrZero,
  answered_wait_time: NumberOrZero,
  answered_in_service: IntOrZero,
  answered_in_work_hours: IntOrZero,
  answered_in_work_and_sl: IntOrZero,
  abandoned_in_threshold: IntOrZero,
  abandoned_in_work_hours: IntOrZero,
  abandoned_in_work_and_sl: IntOrZero,
  abandoned_full: IntOrZero,
  sl: ServiceLevelPeriods,
  sl_work: ServiceLevelPeriods,
  last_call_enter: NumberOrZero,
  last_call_answer: NumberOrZero,
  callers: z.array(Unknown),
});
export type Queue = z.infer<typeof Queue>;

export const QueueDetail = z.looseObject({
  name: z.string(),
  number: z.string(),
  agents_idle: IntOrZero,
  callers_waiting: IntOrZero,
  hold_time: IntOrZero,
  working_time: z.boolean(),
  active: z.boolean(),
});
export type QueueDetail = z.infer<typeof QueueDetail>;

export const Group = z.looseObject({ id: Id, name: z.string(), external_id: z.string().nullable() });
export type Group = z.infer<typeof Group>;

export const Role = z.looseObject({ id: Id, group_id: Id, name: z.string() });
export type Role = z.infer<typeof Role>;

const AuxReason = z.looseObject({
  reason: z.string(),
  break: z.boolean(),
  color: z.string(),
  limit: Unknown,
  hidden: z.boolean(),
});

const NullableInt = Int.nullable();
const Colour = z.string().nullable();

export const Team = z.looseObject({
  id: Id,
  group_id: Id,
  name: z.string(),
  note: z.string(),
  aux_reasons: z.array(AuxReason),
  contacts: z.array(Unknown),
  tasks: z.looseObject({
    person: IntOrZero,
    person_url: z.string().nullable(),
    call: IntOrZero,
    call_url: z.string().nullable(),
    email: IntOrZero,
    email_url: z.string().nullable(),
  }),
  maximum_assigned_emails: NullableInt,
  default_inbound_priority: IntOrZero,
  default_email_priority: IntOrZero,
  default_task_priority: IntOrZero,
  default_inbound_acw: z.boolean(),
  default_outbound_acw: z.boolean(),
  default_inbound_acw_timeout: NullableInt,
  default_inbound_busy: NullableInt,
  default_inbound_busy_timeout: NullableInt,
  default_outbound_acw_timeout: NullableInt,
  default_email_languages: z.record(z.string(), IntOrZero),
  default_email_assigned: Unknown,
  color_agent_offline: Colour,
  color_agent_ready: Colour,
  color_agent_acw: Colour,
  color_agent_aux: Colour,
  color_agent_ringing: Colour,
  color_agent_talking: Colour,
  color_phone_offline: Colour,
  color_phone_idle: Colour,
  color_phone_ringing: Colour,
  color_phone_talking: Colour,
  breaks_limit: Unknown,
  transfer_to_agent: z.boolean(),
  transfer_to_queue: z.boolean(),
  channels: z.looseObject({
    inbound: z.boolean(),
    task: z.boolean(),
    email: z.boolean(),
    chat: z.boolean(),
    dialer: z.boolean(),
  }),
});
export type Team = z.infer<typeof Team>;
