/**
 * Every setting, declared once: its type (the zod schema of its structure and size, for the untrusted
 * renderer), its default, its label and hint in the message catalogues, the hosts it works in, and whether a
 * managed deployment policy may preset and lock it. Everything else is derived from this table: the contract's
 * `SettingsSchema` and `Settings` type (settings.ts), `defaultSettings()`, the policy file's schema and its
 * fields (app/settings/managedPolicy.ts), the test fixtures, and the table in docs/settings-and-secrets.md
 * (test/unit/app/settingsRegistry.test.ts fails when the two differ). The meaning of a value (https only,
 * known countries, bounds) is checked in app/settings/settingsSchema.ts, next to its field's message.
 *
 * One rule for absent values: a setting is never optional. `Settings` always holds every field; loading a
 * settings file (or a policy) fills whatever it lacks with the default below. "Off" or "none" is a value of
 * its own (`false`, `''`, `null`), never an absent field. docs/recipes/add-a-setting.md walks through adding
 * one.
 */
import { z } from 'zod';
import { DEFAULT_DIAL_SHORTCUT } from '../accelerator';
import { LANGUAGE_CHOICES } from '../i18n/locales';
import type { MessageKey } from '../i18n/catalogue';
import { POLL_INTERVAL_MS } from '../limits';
import { HISTORY_RETENTION_DAYS } from './privacy';
import { QUEUE_LONG_WAIT_SECONDS, QueuePauseOnQuitSchema } from './queues';

const MAX_TEXT = 256;
const MAX_URL = 2048;
/** A PEM file with a CA chain stays far below this. */
export const MAX_CERTIFICATE_PEM = 64 * 1024;

/** Where a setting takes effect. The browser host shows a desktop-only setting disabled, as such. */
export type SettingHost = 'desktop' | 'browser';
const BOTH: readonly SettingHost[] = ['desktop', 'browser'];
const DESKTOP: readonly SettingHost[] = ['desktop'];

export interface SettingDefinition<Schema extends z.ZodType = z.ZodType> {
  schema: Schema;
  default: z.output<Schema>;
  hosts: readonly SettingHost[];
  /** A managed deployment policy may preset this setting and lock it (docs/packaging.md). */
  lockable?: true;
  /** The Settings form's words for it, where the form shows it as one control of its own. */
  label?: MessageKey;
  hint?: MessageKey;
}

/** Checks that a definition's default fits its schema, and keeps the schema's type for `Settings`. */
function setting<Schema extends z.ZodType>(definition: SettingDefinition<Schema>): SettingDefinition<Schema> {
  return definition;
}

export const SettingsModeSchema = z.enum(['demo', 'configured']);
export type SettingsMode = z.infer<typeof SettingsModeSchema>;

/** Which phone the API drives: the device's identifier, or its extension (partition defaults to 1). */
export const PhoneSelectorDtoSchema = z.union([
  z.strictObject({ identifier: z.string().max(MAX_TEXT) }),
  z.strictObject({ extension: z.string().max(MAX_TEXT), partition: z.number().optional() }),
]);
export type PhoneSelectorDto = z.infer<typeof PhoneSelectorDtoSchema>;

export const LanguageChoiceSchema = z.enum(LANGUAGE_CHOICES);

/**
 * Assumed for numbers without a country code when nothing names a country (no choice in Settings, no agent
 * locale, no OS region); Settings says so. Numbers with a country code work whatever this is.
 */
export const FALLBACK_COUNTRY = 'US';

/** In the order the docs table lists them. */
export const SETTINGS = {
  /** `demo`: the embedded demo PBX; `configured`: the PBX below. */
  mode: setting({ schema: SettingsModeSchema, default: 'demo', hosts: BOTH }),
  /** The PBX API root, e.g. `https://pbx.example.com/api/v1.0` (a bare host gets `/api/v1.0`). */
  baseUrl: setting({ schema: z.string().max(MAX_URL), default: '', hosts: BOTH, lockable: true }),
  /** The service account's user name (OAuth client id). */
  clientId: setting({ schema: z.string().max(MAX_TEXT), default: '', hosts: BOTH, lockable: true }),
  /** The agent's own login name on the PBX, for permission checks. */
  agentUsername: setting({ schema: z.string().max(MAX_TEXT), default: '', hosts: BOTH, lockable: true }),
  phone: setting({ schema: PhoneSelectorDtoSchema.nullable(), default: null, hosts: BOTH }),
  /**
   * ISO 3166-1 alpha-2, for numbers dialled without a country code; '' (Automatic): the agent's PBX locale's
   * country, else the OS region (app/settings/numberingCountry.ts).
   */
  defaultCountry: setting({ schema: z.string().max(8), default: '', hosts: BOTH }),
  pollIntervalMs: setting({ schema: z.number(), default: POLL_INTERVAL_MS.default, hosts: BOTH }),
  confirmBeforeDial: setting({
    schema: z.boolean(),
    default: true,
    hosts: BOTH,
    lockable: true,
    label: 'settings.confirmBeforeDialLabel',
  }),
  /**
   * Countries (ISO 3166-1 alpha-2) a link or the shortcut dials without asking, besides the default country;
   * numbers of any other country always ask (docs/tel-links.md). Empty: none besides it.
   */
  dialCountries: setting({
    schema: z.array(z.string().max(8)).max(300),
    default: [] as string[],
    hosts: BOTH,
    lockable: true,
    label: 'settings.dialCountriesLabel',
    hint: 'settings.dialCountriesHint',
  }),
  /** The ringing call's notification plays the system's sound (the desk phone rings already: off). */
  ringSound: setting({
    schema: z.boolean(),
    default: false,
    hosts: BOTH,
    label: 'settings.ringSoundLabel',
    hint: 'settings.ringSoundHint',
  }),
  startAtLogin: setting({
    schema: z.boolean(),
    default: false,
    hosts: DESKTOP,
    label: 'settings.startAtLoginLabel',
  }),
  /** With startAtLogin: start hidden in the tray (when one is shown). */
  startHidden: setting({
    schema: z.boolean(),
    default: false,
    hosts: DESKTOP,
    label: 'settings.startHiddenLabel',
  }),
  /** Closing the window hides Ringside to the tray (when the desktop shows one) instead of quitting. */
  keepRunningInTray: setting({
    schema: z.boolean(),
    default: true,
    hosts: DESKTOP,
    label: 'settings.keepInTrayLabel',
    hint: 'settings.keepInTrayHint',
  }),
  /** The global dial shortcut as an Electron accelerator (`CommandOrControl+Alt+D`); '' for none. */
  dialShortcut: setting({ schema: z.string().max(MAX_TEXT), default: DEFAULT_DIAL_SHORTCUT, hosts: DESKTOP }),
  /** Global shortcuts that answer the ringing call and hang up the active one; '' for none. */
  answerShortcut: setting({ schema: z.string().max(MAX_TEXT), default: '', hosts: DESKTOP }),
  hangUpShortcut: setting({ schema: z.string().max(MAX_TEXT), default: '', hosts: DESKTOP }),
  /** Settings ▸ Language: `auto` (the agent's PBX locale, else the OS language, else English) or a language. */
  language: setting({ schema: LanguageChoiceSchema, default: 'auto', hosts: BOTH }),
  /** PEM text of the PBX's own certificate or of its CA; null to rely on the OS trust store. */
  trustedCertificatePem: setting({
    schema: z.string().max(MAX_CERTIFICATE_PEM).nullable(),
    default: null,
    hosts: BOTH,
  }),
  /** The PBX group new contacts go to; null: the agent's own group (docs/directory-and-sync.md). */
  newContactsGroupId: setting({
    schema: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
    default: null,
    hosts: BOTH,
  }),
  /** Days the local call history, transcripts and notes are kept; null: until cleared. */
  historyRetentionDays: setting({
    schema: z.number().nullable(),
    default: HISTORY_RETENTION_DAYS.default as number | null,
    hosts: BOTH,
  }),
  // The agent's queues (docs/queues.md).
  /** Joining and leaving queues from Ringside; off unless the agent's supervisors allow it. */
  queueJoinLeave: setting({ schema: z.boolean(), default: false, hosts: BOTH }),
  /** Pause the agent's queues when Ringside quits: ask each time, always, or never. */
  queuePauseOnQuit: setting({ schema: QueuePauseOnQuitSchema, default: 'ask', hosts: DESKTOP }),
  /** Also pause them when the computer sleeps or the screen locks (resuming is offered on return). */
  queuePauseWhenAway: setting({ schema: z.boolean(), default: false, hosts: DESKTOP }),
  /** Notify when a caller has waited longer than this many seconds in one of the agent's active queues. */
  queueLongWaitSeconds: setting({
    schema: z.number(),
    default: QUEUE_LONG_WAIT_SECONDS.default as number,
    hosts: BOTH,
  }),
  // The team's CRM (docs/caller-context.md).
  /** The agent's own CRM template for a call; '': the team's `tasks.call_url`. */
  crmCallUrl: setting({ schema: z.string().max(MAX_URL), default: '', hosts: BOTH }),
  /** The agent's own CRM template for the matched person; '': the team's `tasks.person_url`. */
  crmPersonUrl: setting({ schema: z.string().max(MAX_URL), default: '', hosts: BOTH }),
  /** Open the call's CRM link by itself when the agent answers. */
  crmOpenOnAnswer: setting({ schema: z.boolean(), default: false, hosts: BOTH }),
  /** Keys of the call's data and metadata listed first on the pop card and the Calls screen, in order. */
  contextKeysFirst: setting({
    schema: z.array(z.string().max(64)).max(20),
    default: [] as string[],
    hosts: BOTH,
  }),
} satisfies Record<string, SettingDefinition>;

export type SettingsField = keyof typeof SETTINGS;

type Shape = { [Field in SettingsField]: (typeof SETTINGS)[Field]['schema'] };

function shapeOf(): Shape {
  const shape: Partial<Record<SettingsField, z.ZodType>> = {};
  for (const field of Object.keys(SETTINGS) as SettingsField[]) shape[field] = SETTINGS[field].schema;
  return shape as Shape;
}

/** The settings as the renderer sends and receives them: every field, structure and size only. */
export const SettingsSchema = z.strictObject(shapeOf());
export type Settings = z.infer<typeof SettingsSchema>;

/** The agent's queue settings (docs/queues.md). */
export type QueueSettings = Pick<
  Settings,
  'queueJoinLeave' | 'queuePauseOnQuit' | 'queuePauseWhenAway' | 'queueLongWaitSeconds'
>;

/** The fields a managed deployment policy may preset and lock, in the table's order. */
export const LOCKABLE_SETTINGS = (Object.keys(SETTINGS) as SettingsField[]).filter(
  (field) => (SETTINGS[field] as SettingDefinition).lockable,
);

/** The settings of a fresh install: every default. */
export function defaultSettings(): Settings {
  const defaults: Partial<Record<SettingsField, unknown>> = {};
  for (const field of Object.keys(SETTINGS) as SettingsField[]) {
    defaults[field] = structuredClone(SETTINGS[field].default);
  }
  return defaults as Settings;
}
