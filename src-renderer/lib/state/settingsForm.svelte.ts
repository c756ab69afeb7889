/**
 * The Settings and Onboarding forms: the settings being edited (a copy, so nothing is lost when saving
 * fails), the secret typed (sent once, never read back), the errors per field, and the answers of "Test
 * connection", the phone picker, the agent check and the certificate chosen.
 */
import type {
  AgentCheckResult,
  CertificateSummary,
  ConnectionDraft,
  ConnectionTestResult,
  PhoneChoice,
  Settings,
  SettingsField,
  SettingsView,
} from '../../../src-main/shared/contract';
import { describeError, invoke, subscribe } from '../ringside';

export type PhoneKind = 'extension' | 'identifier';

/** The phone selector as the form edits it: both ways at once, so switching loses nothing. */
export interface PhoneFields {
  kind: PhoneKind;
  extension: string;
  partition: string;
  identifier: string;
}

export type FormField = SettingsField | 'secret';

interface Pending<T> {
  running: boolean;
  result: T | null;
  error: string | null;
}

const idle = <T>(): Pending<T> => ({ running: false, result: null, error: null });

function phoneFields(phone: Settings['phone']): PhoneFields {
  if (phone && 'identifier' in phone)
    return { kind: 'identifier', extension: '', partition: '1', identifier: phone.identifier };
  return {
    kind: 'extension',
    extension: phone?.extension ?? '',
    partition: String(phone?.partition ?? 1),
    identifier: '',
  };
}

/** Empty means "no phone"; a partition that is not a number is sent as 0, which main names as invalid. */
function phoneSelector(fields: PhoneFields): Settings['phone'] {
  if (fields.kind === 'identifier')
    return fields.identifier.trim() ? { identifier: fields.identifier } : null;
  if (!fields.extension.trim()) return null;
  const partition = Number(fields.partition.trim() || '1');
  return { extension: fields.extension, partition: Number.isFinite(partition) ? partition : 0 };
}

export class SettingsForm {
  view = $state<SettingsView | null>(null);
  draft = $state<Settings | null>(null);
  phone = $state<PhoneFields>(phoneFields(null));
  /** The secret as typed; empty keeps the stored one. Cleared after a save, never filled from main. */
  secret = $state('');
  errors = $state<Partial<Record<FormField, string>>>({});
  loadError = $state<string | null>(null);
  saving = $state(false);
  /** Said after a successful save (in a live region). */
  saved = $state<string | null>(null);
  /** A save that failed for a reason other than a field. */
  saveError = $state<string | null>(null);
  test = $state<Pending<ConnectionTestResult>>(idle());
  phones = $state<Pending<PhoneChoice[]>>(idle());
  agent = $state<Pending<AgentCheckResult>>(idle());
  /** The certificate in the draft, described by main. */
  certificate = $state<CertificateSummary | null>(null);

  /** Loads the settings and follows changes made elsewhere (the mode switch, another window). */
  start(): () => void {
    void this.load();
    return subscribe('settings:changed', (view) => {
      // A save from this form already applied the view; edits in progress are never overwritten.
      if (!this.dirty) this.apply(view);
      else if (this.view)
        this.view = {
          ...this.view,
          activeMode: view.activeMode,
          secretStored: view.secretStored,
          dialShortcut: view.dialShortcut,
        };
    });
  }

  async load(): Promise<void> {
    try {
      this.apply(await invoke('settings:get'));
      this.loadError = null;
    } catch (error) {
      this.loadError = describeError(error);
    }
  }

  /** Whether the form holds changes not saved yet. */
  get dirty(): boolean {
    if (!this.view || !this.draft) return false;
    return (
      this.secret !== '' ||
      JSON.stringify(this.settingsToSave(this.draft.mode)) !== JSON.stringify(this.view.settings)
    );
  }

  /** The connection fields as they are in the form, for Test connection, the phone picker and the agent check. */
  get connectionDraft(): ConnectionDraft | null {
    if (!this.draft) return null;
    return {
      baseUrl: this.draft.baseUrl,
      clientId: this.draft.clientId,
      secret: this.secret || undefined,
      trustedCertificatePem: this.draft.trustedCertificatePem,
    };
  }

  async testConnection(): Promise<void> {
    const connection = this.connectionDraft;
    if (!connection) return;
    this.test = { running: true, result: null, error: null };
    this.clearErrors('baseUrl', 'clientId', 'secret', 'trustedCertificatePem');
    try {
      const result = await invoke('connection:test', connection);
      this.test = { running: false, result, error: null };
      if (!result.success && result.failure.field) this.errors[result.failure.field] = result.failure.message;
    } catch (error) {
      this.test = { running: false, result: null, error: describeError(error) };
    }
  }

  async loadPhones(): Promise<void> {
    const connection = this.connectionDraft;
    if (!connection) return;
    this.phones = { running: true, result: this.phones.result, error: null };
    try {
      this.phones = { running: false, result: await invoke('directory:phones', { connection }), error: null };
    } catch (error) {
      this.phones = { running: false, result: null, error: describeError(error) };
    }
  }

  choosePhone(choice: PhoneChoice): void {
    this.phone = phoneFields(choice.selector);
    this.clearErrors('phone');
  }

  async checkAgent(): Promise<void> {
    const connection = this.connectionDraft;
    if (!connection || !this.draft) return;
    this.agent = { running: true, result: null, error: null };
    this.clearErrors('agentUsername');
    try {
      const result = await invoke('users:check', { username: this.draft.agentUsername, connection });
      this.agent = { running: false, result, error: null };
    } catch (error) {
      this.agent = { running: false, result: null, error: describeError(error) };
    }
  }

  /** Reads a PEM file the user chose; the form keeps the previous certificate if this one is unusable. */
  async chooseCertificate(file: File): Promise<void> {
    if (!this.draft) return;
    this.clearErrors('trustedCertificatePem');
    try {
      const pem = await file.text();
      this.certificate = await invoke('certificate:inspect', { pem });
      this.draft.trustedCertificatePem = pem;
    } catch (error) {
      this.errors.trustedCertificatePem = `${file.name}: ${describeError(error)}`;
    }
  }

  removeCertificate(): void {
    if (!this.draft) return;
    this.draft.trustedCertificatePem = null;
    this.certificate = null;
    this.clearErrors('trustedCertificatePem');
  }

  /** Saves the form; `mode` switches between the demo PBX and the configured one. */
  async save(mode?: Settings['mode']): Promise<boolean> {
    if (!this.draft) return false;
    this.saving = true;
    this.saved = null;
    this.saveError = null;
    try {
      const settings = this.settingsToSave(mode ?? this.draft.mode);
      const result = await invoke('settings:save', { settings, secret: this.secret || undefined });
      if (!result.saved) {
        this.errors = result.errors;
        return false;
      }
      this.apply(result.view);
      this.saved = result.view.activeMode === 'demo' ? 'Saved. Ringside uses the demo PBX.' : 'Saved.';
      return true;
    } catch (error) {
      this.saveError = describeError(error);
      return false;
    } finally {
      this.saving = false;
    }
  }

  clearErrors(...fields: FormField[]): void {
    const remaining = { ...this.errors };
    for (const field of fields) delete remaining[field];
    this.errors = remaining;
  }

  private settingsToSave(mode: Settings['mode']): Settings {
    const draft = this.draft!;
    const pollIntervalMs = Number.isFinite(draft.pollIntervalMs) ? draft.pollIntervalMs : 0;
    return { ...$state.snapshot(draft), mode, pollIntervalMs, phone: phoneSelector(this.phone) };
  }

  private apply(view: SettingsView): void {
    this.view = view;
    this.draft = structuredClone(view.settings);
    this.phone = phoneFields(view.settings.phone);
    this.certificate = view.certificate;
    this.secret = '';
    this.errors = {};
  }
}

/** Where the secret goes, said under the secret field. */
export const secretStorageNote: Record<SettingsView['secretStorage'], string> = {
  keychain: 'Stored in the OS keychain, never in Ringside’s files.',
  encrypted:
    'No keychain service was found: the secret is encrypted by the operating system and kept in Ringside’s settings file.',
  'session-only':
    'Session only: this system has no keychain, so Ringside keeps the secret until it quits and asks for it again after a restart.',
};
