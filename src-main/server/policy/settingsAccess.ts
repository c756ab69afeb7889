/**
 * Who may change each setting on the team server. `personal`: the agent's own preferences (language,
 * shortcuts, notifications, how their CRM opens). `team`: what the PBX connection and the team's policy are
 * (the PBX, its credentials and certificate, fields a managed policy may lock, the team's rules on dialling,
 * queues, contacts and retention): administrators only. `identity`: who the agent is on the PBX and which
 * phone is theirs, set by the server from the signed-in PBX user: administrators only. The table is exhaustive
 * over the settings (adding a setting without a row here fails the type check).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Settings, SettingsField } from '../../shared/contract';
import { samePhone } from './phone';

export type SettingAccess = 'personal' | 'team' | 'identity';

export const SETTING_ACCESS = {
  mode: 'team',
  baseUrl: 'team',
  clientId: 'team',
  agentUsername: 'identity',
  phone: 'identity',
  defaultCountry: 'personal',
  // Each agent's monitor polls the PBX at this pace: the server's load on the PBX is the team's business.
  pollIntervalMs: 'team',
  // Lockable by a managed policy on the desktop: the team's dialling rules.
  confirmBeforeDial: 'team',
  dialCountries: 'team',
  ringSound: 'personal',
  startAtLogin: 'personal',
  startHidden: 'personal',
  keepRunningInTray: 'personal',
  dialShortcut: 'personal',
  answerShortcut: 'personal',
  hangUpShortcut: 'personal',
  language: 'personal',
  trustedCertificatePem: 'team',
  // Where an agent's new contacts go decides whose they are (the contact-edit policy reads groups).
  newContactsGroupId: 'team',
  // The server keeps the history: how long is a data-protection decision, not the agent's.
  historyRetentionDays: 'team',
  // "Off unless the agent's supervisors allow it".
  queueJoinLeave: 'team',
  queuePauseOnQuit: 'personal',
  queuePauseWhenAway: 'personal',
  queueLongWaitSeconds: 'personal',
  crmCallUrl: 'personal',
  crmPersonUrl: 'personal',
  crmOpenOnAnswer: 'personal',
  contextKeysFirst: 'personal',
} as const satisfies Record<SettingsField, SettingAccess>;

export function onlyAdministratorsChange(field: SettingsField): boolean {
  return SETTING_ACCESS[field] !== 'personal';
}

/** The fields a save would change that only an administrator may change, in the table's order. */
export function restrictedChanges(current: Settings, next: Settings): SettingsField[] {
  return (Object.keys(SETTING_ACCESS) as SettingsField[]).filter(
    (field) => onlyAdministratorsChange(field) && !sameValue(field, current, next),
  );
}

function sameValue(field: SettingsField, current: Settings, next: Settings): boolean {
  return field === 'phone'
    ? samePhone(current.phone, next.phone)
    : isDeepStrictEqual(current[field], next[field]);
}

/** Every field a save changes (names only, for the audit log). */
export function changedFields(current: Settings, next: Settings): SettingsField[] {
  return (Object.keys(SETTING_ACCESS) as SettingsField[]).filter((field) => !sameValue(field, current, next));
}
