/**
 * The settings and connection part of the IPC contract: the shapes the
 * renderer sends and receives for `settings:*`, `connection:test`, `directory:phones`, `users:check` and
 * `certificate:inspect`. The settings themselves are declared in settingsRegistry.ts. The schemas here check
 * structure and size only, because the renderer is untrusted; the meaning (https, country codes, bounds,
 * certificates) is checked in src-main/app/settings/settingsSchema.ts so that each problem can be reported
 * next to its field. No secret is ever part of `Settings`.
 */
import { z } from 'zod';
import { command, event } from './define';
import type { LocaleState } from './app';
import {
  LanguageChoiceSchema,
  MAX_CERTIFICATE_PEM,
  SettingsSchema,
  type PhoneSelectorDto,
  type Settings,
  type SettingsField,
} from './settingsRegistry';

const MAX_TEXT = 256;
const MAX_URL = 2048;
const MAX_SECRET = 1024;

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

/** Where the country for numbers without a country code came from (app/settings/numberingCountry.ts). */
export type NumberingCountrySource = 'setting' | 'pbx' | 'os' | 'fallback';

export interface NumberingCountry {
  /** ISO 3166-1 alpha-2. */
  country: string;
  source: NumberingCountrySource;
}

export interface SettingsView {
  settings: Settings;
  /** The country numbers without a country code are read in, and why (Settings ▸ Default country). */
  numberingCountry: NumberingCountry;
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
  | 'not-https'
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
