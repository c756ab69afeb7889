/**
 * Managed deployment: IT presets and locks settings in a machine-wide policy file, read once at start by
 * both hosts (docs/packaging.md, "Managed deployment"). A preset is the value of a fresh install, which the
 * agent may change; a locked value always wins and Settings shows the field as set by the organisation.
 * The settings marked `lockable` in the registry (shared/contract/settingsRegistry.ts) can be managed. A file that cannot be read or understood is logged and ignored (the
 * agent keeps working); a value that is not valid is dropped, with its reason in the log.
 *
 * The file (UTF-8 JSON):
 *
 *     { "settings": { "baseUrl": { "value": "https://pbx.example.com", "locked": true },
 *                     "confirmBeforeDial": { "value": true, "locked": true } } }
 *
 * or, for a desktop app that is a client of the company's team server (docs/team-server.md):
 *
 *     { "teamServer": { "url": "https://ringside.example.com", "locked": true, "certificatePem": "…" } }
 *
 * `locked`: this computer runs on that server only (Settings ▸ Connection cannot change it, and an enrollment
 * link for another server is refused); without it the server is only preset.
 */
import { readFileSync } from 'node:fs';
import { join, win32 } from 'node:path';
import { z } from 'zod';
import type { Settings, SettingsFieldErrors } from '../../shared/contract';
import { failureDetail, LOCKABLE_SETTINGS, SETTINGS } from '../../shared/contract';
import { t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import { checkTeamServerUrl } from '../teamServerClient/teamServerUrl';
import { checkCertificate, validateSettings } from './settingsSchema';

export const MANAGED_FIELDS = LOCKABLE_SETTINGS;
export type ManagedField = (typeof MANAGED_FIELDS)[number];
export type ManagedValues = Partial<Settings>;

export interface ManagedPolicy {
  /** The values of a fresh install; the agent may change them. */
  presets: ManagedValues;
  /** Values that always win; Settings shows these fields as locked. */
  locked: ManagedValues;
  /** The file they came from; null without a policy. */
  source: string | null;
  /** The team server this desktop app connects to (preset, or locked); absent: the agent chooses. */
  teamServer?: TeamServerPolicy;
}

export interface TeamServerPolicy {
  /** The server's origin (checked as Settings ▸ Connection checks it). */
  url: string;
  /** The kind is `team-server`, this server only; otherwise the server is a preset. */
  locked: boolean;
  /** The server's own certificate to trust exactly; null: the OS store. */
  certificatePem: string | null;
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

/** Each lockable setting, as an optional `{ value, locked }` entry of its registry type. */
const PolicyFileSchema = z.object({
  settings: z
    .object(
      Object.fromEntries(MANAGED_FIELDS.map((field) => [field, entry(SETTINGS[field].schema).optional()])),
    )
    .default({}),
  teamServer: z
    .strictObject({
      url: z.string(),
      locked: z.boolean().optional(),
      certificatePem: z.string().nullable().optional(),
    })
    .optional(),
});
type PolicyEntry = { value: unknown; locked?: boolean | undefined };

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
  const given = (document as { settings?: object }).settings ?? {};
  const unknown = Object.keys(given).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    logger.warn(`managed policy ${source}: ${unknown.join(', ')} cannot be managed; ignored`);
  }
  const entries = parsed.data.settings as Partial<Record<ManagedField, PolicyEntry>>;
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
  const teamServer = parsed.data.teamServer && readTeamServerPolicy(parsed.data.teamServer, source, logger);
  return teamServer ? { ...policy, teamServer } : policy;
}

/** The policy's team server, checked as Settings ▸ Connection checks a choice; undefined (logged) when invalid. */
function readTeamServerPolicy(
  entry: { url: string; locked?: boolean | undefined; certificatePem?: string | null | undefined },
  source: string,
  logger: Logger,
): TeamServerPolicy | undefined {
  try {
    return {
      url: checkTeamServerUrl(entry.url),
      locked: entry.locked === true,
      certificatePem: checkCertificate(entry.certificatePem ?? null, new Date()),
    };
  } catch (error) {
    logger.warn(`managed policy ${source}: teamServer ignored: ${failureDetail(error)}`);
    return undefined;
  }
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
  if (policy.teamServer) {
    (policy.teamServer.locked ? locked : presets).push(`teamServer (${policy.teamServer.url})`);
  }
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
