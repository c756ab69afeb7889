/**
 * Managed deployment: IT presets and locks settings in a machine-wide policy file, read once at start by
 * both hosts (docs/packaging.md, "Managed deployment"). A preset is the value of a fresh install, which the
 * agent may change; a locked value always wins and Settings shows the field as set by the organisation.
 * Only the connection and the dial confirmation can be managed: the PBX URL, the client id, the agent
 * username and "ask before dialling". A file that cannot be read or understood is logged and ignored (the
 * agent keeps working); a value that is not valid is dropped, with its reason in the log.
 *
 * The file (UTF-8 JSON):
 *
 *     { "settings": { "baseUrl": { "value": "https://pbx.example.com", "locked": true },
 *                     "confirmBeforeDial": { "value": true, "locked": true } } }
 */
import { readFileSync } from 'node:fs';
import { join, win32 } from 'node:path';
import { z } from 'zod';
import type { Settings, SettingsFieldErrors } from '../../shared/contract';
import { failureDetail } from '../../shared/contract';
import { t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import { validateSettings } from './settingsSchema';

export const MANAGED_FIELDS = [
  'baseUrl',
  'clientId',
  'agentUsername',
  'confirmBeforeDial',
  'dialCountries',
] as const;
export type ManagedField = (typeof MANAGED_FIELDS)[number];
export type ManagedValues = Partial<Pick<Settings, ManagedField>>;

export interface ManagedPolicy {
  /** The values of a fresh install; the agent may change them. */
  presets: ManagedValues;
  /** Values that always win; Settings shows these fields as locked. */
  locked: ManagedValues;
  /** The file they came from; null without a policy. */
  source: string | null;
}

export const NO_POLICY: ManagedPolicy = { presets: {}, locked: {}, source: null };

/** Where IT puts the policy file on each OS (machine-wide, writable by administrators only). */
export function managedPolicyPath(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  if (platform === 'win32') {
    return win32.join(
      env['ProgramData'] || env['PROGRAMDATA'] || 'C:\\ProgramData',
      'Ringside',
      'policy.json',
    );
  }
  if (platform === 'darwin') return '/Library/Application Support/Ringside/policy.json';
  return join('/etc', 'ringside', 'policy.json');
}

const entry = <T extends z.ZodType>(value: T) => z.strictObject({ value, locked: z.boolean().optional() });

const PolicyFileSchema = z.object({
  settings: z.object({
    baseUrl: entry(z.string().max(2048)).optional(),
    clientId: entry(z.string().max(256)).optional(),
    agentUsername: entry(z.string().max(256)).optional(),
    confirmBeforeDial: entry(z.boolean()).optional(),
    dialCountries: entry(z.array(z.string().max(8)).max(300)).optional(),
  }),
});

/**
 * Reads a policy document (already parsed JSON). Each value is checked as Settings checks it (an http:// URL
 * for a remote PBX is refused, for instance); `defaults` fills the fields the check needs besides.
 */
export function parseManagedPolicy(
  document: unknown,
  source: string,
  defaults: Settings,
  logger: Logger,
): ManagedPolicy {
  const parsed = PolicyFileSchema.safeParse(document);
  if (!parsed.success) {
    logger.error(`managed policy ${source} ignored: ${z.prettifyError(parsed.error)}`);
    return NO_POLICY;
  }
  const known = new Set<string>(MANAGED_FIELDS);
  const unknown = Object.keys((document as { settings: object }).settings).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    logger.warn(`managed policy ${source}: ${unknown.join(', ')} cannot be managed; ignored`);
  }
  const entries = parsed.data.settings;
  const values: Record<string, unknown> = {};
  for (const field of MANAGED_FIELDS) {
    if (entries[field]) values[field] = entries[field].value;
  }
  const checked = validateSettings({ ...defaults, ...values } as Settings, { requireConnection: false });
  const errors: SettingsFieldErrors = checked.ok ? {} : checked.errors;
  const policy: ManagedPolicy = { presets: {}, locked: {}, source };
  for (const field of MANAGED_FIELDS) {
    if (!entries[field]) continue;
    if (errors[field]) {
      logger.warn(`managed policy ${source}: ${field} ignored: ${errors[field]}`);
      continue;
    }
    const target = entries[field].locked ? policy.locked : policy.presets;
    Object.assign(target, { [field]: checked.settings[field] });
  }
  return policy;
}

export interface ReadPolicyOptions {
  path: string;
  defaults: Settings;
  logger: Logger;
  readFile?: (path: string) => string;
}

/** The policy at `path`; NO_POLICY when there is no file, or one that cannot be used (logged). */
export function readManagedPolicy(options: ReadPolicyOptions): ManagedPolicy {
  const { path, logger, readFile = (file) => readFileSync(file, 'utf8') } = options;
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      logger.error(`managed policy ${path} could not be read: ${failureDetail(error)}`);
    }
    return NO_POLICY;
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    logger.error(`managed policy ${path} ignored: not JSON (${failureDetail(error)})`);
    return NO_POLICY;
  }
  const policy = parseManagedPolicy(document, path, options.defaults, logger);
  const locked = Object.keys(policy.locked);
  const presets = Object.keys(policy.presets);
  if (locked.length + presets.length > 0) {
    logger.info(
      `managed policy ${path}: locked ${locked.join(', ') || 'nothing'}; preset ${presets.join(', ') || 'nothing'}`,
    );
  }
  return policy;
}

/** The settings of a fresh install under the policy: its presets and locked values over the defaults. */
export function withPresets(defaults: Settings, policy: ManagedPolicy): Settings {
  return { ...defaults, ...policy.presets, ...policy.locked };
}

/** The settings with every locked value in force. */
export function enforceLocks(settings: Settings, policy: ManagedPolicy): Settings {
  return { ...settings, ...policy.locked };
}

export function lockedFields(policy: ManagedPolicy): ManagedField[] {
  return MANAGED_FIELDS.filter((field) => field in policy.locked);
}

/** A message for each locked field a save would change (the form shows it read-only, so it never does). */
export function lockedFieldErrors(settings: Settings, policy: ManagedPolicy): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  for (const field of lockedFields(policy)) {
    if (settings[field] !== policy.locked[field]) {
      errors[field] = t('validation.managedSetting');
    }
  }
  return errors;
}
