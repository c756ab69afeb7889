/**
 * The fixed layout of the seeded organisation: groups, roles, teams, queues, service extensions, where the
 * agents sit and what they serve. seedOrganisation (organisation.ts) adds the people and secrets of a seed.
 */
import type { ExtensionType, Team, User } from '../../api/schemas';
import type { QueueConfig } from '../store/queueStatistics';
import { DEMO_CRM_TASKS } from './demoCrmTemplates';
import type { NameLanguage } from './fakers';
import type { GroupRecord, RoleRecord } from './organisationSeed';

export const GROUPS: GroupRecord[] = [
  { id: 1, name: 'Ringside Demo', external_id: null, parent_id: null },
  { id: 2, name: 'Prague contact centre', external_id: 'CC-PRG', parent_id: 1 },
  { id: 3, name: 'Prague sales', external_id: 'CC-PRG-SALES', parent_id: 2 },
  { id: 4, name: 'Prague support', external_id: 'CC-PRG-SUPPORT', parent_id: 2 },
  { id: 5, name: 'Bratislava contact centre', external_id: 'CC-BTS', parent_id: 1 },
  { id: 6, name: 'Back office', external_id: null, parent_id: 1 },
];

export const ROLES: RoleRecord[] = [
  { id: 1, group_id: 1, name: 'Superuser', access: 'superuser', superuser: true },
  { id: 2, group_id: 1, name: 'Agent', access: 'agent', superuser: false },
  { id: 3, group_id: 1, name: 'Supervisor', access: 'supervisor', superuser: false },
  { id: 4, group_id: 5, name: 'Trainee agent', access: 'agentWithoutTranscripts', superuser: false },
];

export const AUX_REASONS = [
  { reason: 'Oběd', break: true, color: 'f59e0b', limit: 1800, hidden: false },
  { reason: 'Přestávka na kávu', break: true, color: 'a16207', limit: 600, hidden: false },
  { reason: 'Školení', break: false, color: '3b82f6', limit: null, hidden: false },
  { reason: 'Administrativa', break: false, color: '10b981', limit: null, hidden: false },
  { reason: 'Technická závada', break: false, color: 'ef4444', limit: null, hidden: true },
];

function team(
  id: number,
  groupId: number,
  name: string,
  note: string,
  languages: Record<string, number>,
  crm: { call_url: string | null; person_url: string | null } = { call_url: null, person_url: null },
): Team {
  return {
    id,
    group_id: groupId,
    name,
    note,
    aux_reasons: AUX_REASONS.map((reason) => ({ ...reason })),
    contacts: [],
    tasks: {
      person: 1,
      person_url: crm.person_url,
      call: 1,
      call_url: crm.call_url,
      email: 0,
      email_url: null,
    },
    maximum_assigned_emails: id === 2 ? 5 : null,
    default_inbound_priority: 50,
    default_email_priority: 30,
    default_task_priority: 10,
    default_inbound_acw: true,
    default_outbound_acw: false,
    default_inbound_acw_timeout: 30,
    default_inbound_busy: null,
    default_inbound_busy_timeout: null,
    default_outbound_acw_timeout: null,
    default_email_languages: languages,
    default_email_assigned: null,
    color_agent_offline: '9ca3af',
    color_agent_ready: '22c55e',
    color_agent_acw: '06b6d4',
    color_agent_aux: 'f59e0b',
    color_agent_ringing: 'eab308',
    color_agent_talking: 'ef4444',
    color_phone_offline: '6b7280',
    color_phone_idle: '16a34a',
    color_phone_ringing: 'facc15',
    color_phone_talking: 'dc2626',
    breaks_limit: id === 1 ? 2 : null,
    transfer_to_agent: true,
    transfer_to_queue: id !== 3,
    channels: { inbound: true, task: true, email: id !== 1, chat: false, dialer: id === 1 },
  };
}

export const TEAMS: Team[] = [
  team(1, 3, 'Sales team', 'Outbound campaigns and inbound sales', { cs_CZ: 1, en_US: 2 }, DEMO_CRM_TASKS),
  team(
    2,
    4,
    'Support team',
    'First-line technical support',
    { cs_CZ: 1, en_US: 1, sk_SK: 2 },
    DEMO_CRM_TASKS,
  ),
  team(3, 5, 'Bratislava team', 'Slovak-speaking customers', { sk_SK: 1, cs_CZ: 2 }),
];

export const QUEUES: QueueConfig[] = [
  {
    id: 1,
    group_id: 3,
    active: true,
    type: 1,
    number: '600',
    name: 'Sales',
    serviceLevelSeconds: 20,
    workingHours: { days: [1, 2, 3, 4, 5], fromHour: 8, toHour: 18 },
  },
  {
    id: 2,
    group_id: 4,
    active: true,
    type: 1,
    number: '601',
    name: 'Support',
    serviceLevelSeconds: 30,
    workingHours: null,
  },
  {
    id: 3,
    group_id: 5,
    active: true,
    type: 1,
    number: '602',
    name: 'Support SK',
    serviceLevelSeconds: 30,
    workingHours: { days: [1, 2, 3, 4, 5], fromHour: 7, toHour: 19 },
  },
  {
    id: 4,
    group_id: 3,
    active: true,
    type: 0,
    number: '610',
    name: 'Win-back campaign',
    serviceLevelSeconds: 20,
    workingHours: { days: [1, 2, 3, 4, 5], fromHour: 9, toHour: 17 },
  },
  {
    id: 5,
    group_id: 2,
    active: true,
    type: 2,
    number: '620',
    name: 'CRM callbacks',
    serviceLevelSeconds: 3600,
    workingHours: null,
  },
  {
    id: 6,
    group_id: 4,
    active: true,
    type: 3,
    number: '630',
    name: 'E-mail support',
    serviceLevelSeconds: 14_400,
    workingHours: null,
  },
  {
    id: 7,
    group_id: 1,
    active: false,
    type: 1,
    number: '603',
    name: 'Night line',
    serviceLevelSeconds: 30,
    workingHours: { days: [0, 1, 2, 3, 4, 5, 6], fromHour: 0, toHour: 6 },
  },
];

/** Extensions that are not phones, one or more of every documented type (queues get theirs from QUEUES). */
export const SERVICE_EXTENSIONS: [ExtensionType, string, string, number][] = [
  ['voicemailmain', '8000', 'Voicemail access', 1],
  ['ivr', '5000', 'Main menu', 1],
  ['ivr', '5001', 'Support menu', 4],
  ['timeroute', '5100', 'Office hours', 1],
  ['ai', '5500', 'AI receptionist', 1],
  ['disa', '5900', 'Remote access', 6],
  ['application', '7000', 'Echo test', 1],
  ['transformation', '7100', 'Outside line prefix', 1],
  ['confbridge', '7200', 'Team meeting room', 2],
  ['confbridge', '7201', 'Bratislava meeting room', 5],
  ['playback', '7300', 'Holiday announcement', 1],
  ['fax', '7400', 'Office fax', 6],
  ['dispatch', '7500', 'Dispatcher desk', 2],
  ['switch', '7600', 'VIP routing', 1],
];

/** Agents: group, team, role and the queues they serve (queue id → priority). */
export const AGENT_LAYOUT: {
  group: number;
  team: number;
  role: number;
  language: NameLanguage;
  /** The user's interface language when it is not their names' (LOCALE_OF). */
  locale?: User['locale'];
  queues: number[];
}[] = [
  // The demo agent: a Czech name, but English as their PBX language, so the demo opens in English (the
  // README's language) while Automatic still follows the agent's PBX locale; Settings ▸ Language switches.
  { group: 4, team: 2, role: 2, language: 'cs', locale: 'en_US', queues: [2, 6, 5] },
  { group: 4, team: 2, role: 2, language: 'cs', queues: [2, 6] },
  { group: 4, team: 2, role: 2, language: 'cs', queues: [2] },
  { group: 4, team: 2, role: 2, language: 'en', queues: [2, 6] },
  { group: 3, team: 1, role: 2, language: 'cs', queues: [1, 4] },
  { group: 3, team: 1, role: 2, language: 'cs', queues: [1, 4, 5] },
  { group: 3, team: 1, role: 2, language: 'cs', queues: [1] },
  { group: 5, team: 3, role: 2, language: 'sk', queues: [3, 2] },
  { group: 5, team: 3, role: 2, language: 'sk', queues: [3] },
  { group: 5, team: 3, role: 4, language: 'sk', queues: [3] },
];
export const SUPERVISOR_LAYOUT: { group: number; team: number | null; language: NameLanguage }[] = [
  { group: 2, team: null, language: 'cs' },
  { group: 5, team: 3, language: 'sk' },
];

/** Back-office staff (the `staff` option): extensions from 2000 up, no team, spread over the groups. */
export const STAFF_FIRST_EXTENSION = 2000;
export const STAFF_LAYOUT: { group: number; team: null; language: NameLanguage }[] = [
  { group: 1, team: null, language: 'cs' },
  { group: 2, team: null, language: 'cs' },
  { group: 3, team: null, language: 'cs' },
  { group: 5, team: null, language: 'sk' },
  { group: 6, team: null, language: 'en' },
];

export const LOCALE_OF: Record<NameLanguage, User['locale']> = { cs: 'cs_CZ', sk: 'sk_SK', en: 'en_US' };

/**
 * The organisation's own words (dispositions, tags, the IVR's call data, contact labels) are in its language:
 * a Czech company with a Slovak branch, so a Czech demo reads Czech throughout (names of queues and groups are
 * names, kept as the organisation gave them).
 */
export const DISPOSITIONS = [
  { code: 'resolved', label: 'Vyřešeno při prvním kontaktu', color: '22c55e' },
  { code: 'callback', label: 'Domluveno zpětné volání', color: 'f59e0b' },
  { code: 'escalated', label: 'Předáno druhé linii', color: 'ef4444' },
  { code: 'sale', label: 'Uzavřený prodej', color: '3b82f6' },
  { code: 'no-interest', label: 'Nemá zájem', color: '6b7280' },
  { code: 'wrong-number', label: 'Špatné číslo', color: '9ca3af' },
];

export const TAGS = [
  { id: 1, name: 'Stížnost', color: 'ef4444' },
  { id: 2, name: 'Obchodní příležitost', color: '22c55e' },
  { id: 3, name: 'Žádost o zpětné volání', color: 'f59e0b' },
  { id: 4, name: 'VIP', color: 'a855f7' },
  { id: 5, name: 'Technický problém', color: '3b82f6' },
  { id: 6, name: 'Fakturace', color: '14b8a6' },
  { id: 7, name: 'Spam', color: '6b7280' },
];
