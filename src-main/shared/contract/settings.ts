/**
 * The settings and connection part of the IPC contract: the shapes the
 * renderer sends and receives for `settings:*`, `connection:test`, `directory:phones`, `users:check` and
 * `certificate:inspect`. The schemas here check structure and size only, because the renderer is untrusted;
 * the meaning (https, country codes, bounds, certificates) is checked in src-main/app/settingsSchema.ts so
 * that each problem can be reported next to its field. No secret is ever part of `Settings`.
 */
import { z } from 'zod';
import { command, event } from './define';
import type { LocaleState } from './app';
import { LANGUAGE_CHOICES } from '../i18n/locales';
import { QueuePauseOnQuitSchema } from './queues';

const MAX_TEXT = 256;
const MAX_URL = 2048;
const MAX_SECRET = 1024;
/** A PEM file with a CA chain stays far below this. */
export const MAX_CERTIFICATE_PEM = 64 * 1024;

export const SettingsModeSchema = z.enum(['demo', 'configured']);
export type SettingsMode = z.infer<typeof SettingsModeSchema>;

/** Which phone the API drives: the device's identifier, or its extension (partition defaults to 1). */
export const PhoneSelectorDtoSchema = z.union([
  z.strictObject({ identifier: z.string().max(MAX_TEXT) }),
  z.strictObject({ extension: z.string().max(MAX_TEXT), partition: z.number().optional() }),
]);
export type PhoneSelectorDto = z.infer<typeof PhoneSelectorDtoSchema>;

export const LanguageChoiceSchema = z.enum(LANGUAGE_CHOICES);

export const SettingsSchema = z.strictObject({
  /** `demo`: the embedded demo PBX; `configured`: the PBX below. */
  mode: SettingsModeSchema,
  /** The PBX API root, e.g. `https://pbx.example.com/api/v1.0` (a bare host gets `/api/v1.0`). */
  baseUrl: z.string().max(MAX_URL),
  /** The service account's user name (OAuth client id). */
  clientId: z.string().max(MAX_TEXT),
  /** The agent's own login name on the PBX, for permission checks. */
  agentUsername: z.string().max(MAX_TEXT),
  phone: PhoneSelectorDtoSchema.nullable(),
  /** ISO 3166-1 alpha-2, for numbers dialled without a country code. */
  defaultCountry: z.string().max(8),
  pollIntervalMs: z.number(),
  confirmBeforeDial: z.boolean(),
  /**
   * Countries (ISO 3166-1 alpha-2) a link or the shortcut dials without asking, besides the default
   * country; numbers of any other country always ask (docs/tel-links.md). Absent: none besides it.
   */
  dialCountries: z.array(z.string().max(8)).max(300).optional(),
  startAtLogin: z.boolean(),
  /** Closing the window hides Ringside to the tray (when the desktop shows one) instead of quitting. */
  keepRunningInTray: z.boolean(),
  /** With startAtLogin: start hidden in the tray (when one is shown). Optional: absent means off. */
  startHidden: z.boolean().optional(),
  /** The global dial shortcut as an Electron accelerator (`CommandOrControl+Alt+D`); '' for none. */
  dialShortcut: z.string().max(MAX_TEXT),
  /** Global shortcuts that answer the ringing call and hang up the active one; '' or absent: off. */
  answerShortcut: z.string().max(MAX_TEXT).optional(),
  hangUpShortcut: z.string().max(MAX_TEXT).optional(),
  /** PEM text of the PBX's own certificate or of its CA; null to rely on the OS trust store. */
  trustedCertificatePem: z.string().max(MAX_CERTIFICATE_PEM).nullable(),
  /** The PBX group new contacts go to; null or absent: the agent's own group (docs/directory-and-sync.md). */
  newContactsGroupId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  /** Days the local call history, transcripts and notes are kept; null: until cleared; absent: the default. */
  historyRetentionDays: z.number().nullable().optional(),
  // The agent's queues (docs/queues.md). Optional: absent means the default (queueSettings() in queues.ts).
  /** Joining and leaving queues from Ringside; off unless the agent's supervisors allow it. */
  queueJoinLeave: z.boolean().optional(),
  /** Pause the agent's queues when Ringside quits: ask each time, always, or never. */
  queuePauseOnQuit: QueuePauseOnQuitSchema.optional(),
  /** Also pause them when the computer sleeps or the screen locks (resuming is offered on return). */
  queuePauseWhenAway: z.boolean().optional(),
  /** Notify when a caller has waited longer than this many seconds in one of the agent's active queues. */
  queueLongWaitSeconds: z.number().optional(),
  // The team's CRM (docs/caller-context.md). Optional: absent means the team's templates, opened by hand.
  /** The agent's own CRM template for a call; '' or absent: the team's `tasks.call_url`. */
  crmCallUrl: z.string().max(MAX_URL).optional(),
  /** The agent's own CRM template for the matched person; '' or absent: the team's `tasks.person_url`. */
  crmPersonUrl: z.string().max(MAX_URL).optional(),
  /** Open the call's CRM link by itself when the agent answers. */
  crmOpenOnAnswer: z.boolean().optional(),
  /** Keys of the call's data and metadata listed first on the pop card and the Calls screen, in order. */
  contextKeysFirst: z.array(z.string().max(64)).max(20).optional(),
  /** Settings ▸ Language: `auto` (the agent's PBX locale, else the OS language, else English) or a language. */
  language: LanguageChoiceSchema.optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;
export type SettingsField = keyof Settings;

/**
 * Whether the global dial shortcut works, as the shell found when it registered it: `registered`; `off`
 * (none set); `taken` (another application holds it); `refused` (the OS or Electron would not take it).
 * `message` says it for Settings.
 */
/** The global shortcuts: dial the selected number, answer the ringing call, hang up the active one. */
export type ShortcutSetting = 'dialShortcut' | 'answerShortcut' | 'hangUpShortcut';

export interface DialShortcutStatus {
  accelerator: string;
  state: 'registered' | 'off' | 'taken' | 'refused';
  message: string;
}

/** Where the client secret lives on this machine. */
export const SecretStorageKindSchema = z.enum(['keychain', 'encrypted', 'session-only']);
export type SecretStorageKind = z.infer<typeof SecretStorageKindSchema>;

export interface CertificateSummary {
  subject: string;
  issuer: string;
  /** SHA-256, `AB:CD:…`. */
  fingerprint256: string;
  /** ISO 8601. */
  validFrom: string;
  validTo: string;
  expired: boolean;
  isCA: boolean;
  /** How many certificates the PEM text holds; the summary describes the first. */
  count: number;
}

export interface SettingsView {
  settings: Settings;
  secretStorage: SecretStorageKind;
  /** Whether a secret is stored for the configured client id and host (never the secret itself). */
  secretStored: boolean;
  /** What the app runs against now: the demo PBX, the configured PBX, or nothing. */
  activeMode: 'demo' | 'configured' | 'unconfigured';
  /** Whether this build can start the embedded demo PBX. */
  demoAvailable: boolean;
  /** The stored trusted certificate, described. */
  certificate: CertificateSummary | null;
  /** Null where no desktop shell registers shortcuts (tests, the e2e harness). */
  dialShortcut: DialShortcutStatus | null;
  /** The answer and hang-up shortcuts, likewise; absent where no desktop shell registers them. */
  answerShortcut?: DialShortcutStatus | null;
  hangUpShortcut?: DialShortcutStatus | null;
  /** Fields a managed deployment policy locks (shown read-only in Settings); absent: none. */
  locked?: SettingsField[];
}

export const SettingsSaveArgsSchema = z.strictObject({
  settings: SettingsSchema,
  /** A new client secret; it goes to the secret store only. Omitted: keep the stored one. */
  secret: z.string().max(MAX_SECRET).optional(),
});
export type SettingsSaveArgs = z.infer<typeof SettingsSaveArgsSchema>;

/** A message per field the user must correct; `secret` for the secret field. */
export type SettingsFieldErrors = Partial<Record<SettingsField | 'secret', string>>;

export type SettingsSaveResult =
  { saved: true; view: SettingsView } | { saved: false; errors: SettingsFieldErrors };

/** Connection values being edited and not saved yet (Test connection, the phone picker, the agent check). */
export const ConnectionDraftSchema = z.strictObject({
  baseUrl: z.string().max(MAX_URL),
  clientId: z.string().max(MAX_TEXT),
  /** Omitted or empty: the secret stored for this client id and host. */
  secret: z.string().max(MAX_SECRET).optional(),
  trustedCertificatePem: z.string().max(MAX_CERTIFICATE_PEM).nullable().optional(),
});
export type ConnectionDraft = z.infer<typeof ConnectionDraftSchema>;

/** What the PBX said in GET /status, arranged for tables. */
export interface PbxStatusSummary {
  components: { name: string; value: number }[];
  trunks: { id: string; name: string; status: number; rtt: number }[];
  phones: {
    groupId: string;
    name: string;
    configured: number;
    available: number;
    dead: number;
    paired: number;
  }[];
}

export type ConnectionFailureKind =
  | 'invalid-url'
  | 'missing-credentials'
  | 'dns'
  | 'refused'
  | 'tls'
  | 'network'
  | 'timeout'
  | 'invalid-request'
  | 'invalid-client'
  | 'permission-denied'
  | 'not-a-pbx'
  | 'server-error';

export interface ConnectionFailure {
  kind: ConnectionFailureKind;
  /** A sentence a person can act on. */
  message: string;
  /** The field to correct, when one is to blame. */
  field: 'baseUrl' | 'clientId' | 'secret' | 'trustedCertificatePem' | null;
}

export type ConnectionTestResult =
  | { success: true; tokenLifetimeSeconds: number; pbx: PbxStatusSummary }
  | { success: false; failure: ConnectionFailure; stage: 'settings' | 'token' | 'status' };

export const DirectoryPhonesArgsSchema = z.strictObject({ connection: ConnectionDraftSchema.optional() });
export type DirectoryPhonesArgs = z.infer<typeof DirectoryPhonesArgsSchema>;

/** An extension of type phone, offered in the phone picker. */
export interface PhoneChoice {
  extensionId: number;
  number: string;
  name: string;
  groupId: number;
  selector: PhoneSelectorDto;
}

export const UsersCheckArgsSchema = z.strictObject({
  username: z.string().max(MAX_TEXT),
  connection: ConnectionDraftSchema.optional(),
});
export type UsersCheckArgs = z.infer<typeof UsersCheckArgsSchema>;

export type AgentCheckResult =
  | {
      found: true;
      user: {
        id: number;
        username: string;
        displayName: string;
        active: boolean;
        /** The user's main line and softphone (extension ids): the phone picker pre-selects them. */
        primaryExtension?: number | null;
        softphoneDeviceId?: number | null;
      };
    }
  | { found: false; message: string };

export const CertificateInspectArgsSchema = z.strictObject({ pem: z.string().max(MAX_CERTIFICATE_PEM) });

export const settingsCommands = {
  /** The settings, where the secret is kept and whether one is stored; never the secret. */
  'settings:get': command(z.undefined()).returns<SettingsView>(),
  /** Validated; a new secret goes to the secret store only. Field errors come back, nothing is lost. */
  'settings:save': command(SettingsSaveArgsSchema).changes<SettingsSaveResult>(),
  /** Settings ▸ Language: saved and applied at once, without the rest of the form. */
  'settings:language': command(LanguageChoiceSchema).changes<LocaleState>(),
  /** Unsaved connection values: a token, then GET /status; each failure with its own message. */
  'connection:test': command(ConnectionDraftSchema).returns<ConnectionTestResult>(),
  /** Extensions of type phone for the phone picker, from the active PBX or from unsaved values. */
  'directory:phones': command(DirectoryPhonesArgsSchema).returns<PhoneChoice[]>(),
  /** Whether the agent username is a user of the PBX. */
  'users:check': command(UsersCheckArgsSchema).returns<AgentCheckResult>(),
  /** Subject, issuer, fingerprint and expiry of a PEM certificate chosen in Settings. */
  'certificate:inspect': command(CertificateInspectArgsSchema).returns<CertificateSummary>(),
};

export const settingsEvents = {
  /** Settings were saved, or the active PBX changed (demo ↔ configured). */
  'settings:changed': event<SettingsView>(),
};
