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
import type { LanguageChoice, MessageKey } from '../../../src-main/shared/i18n';
import { announce } from '../announcer.svelte';
import { readCertificateFile } from '../certificateFile';
import { fieldMessage, type ErrorDescription } from '../errors';
import { t } from '../i18n.svelte';
import { preferredPhone } from '../preferredPhone';
import { invoke, subscribe } from '../ringside';
import { Action } from './action.svelte';
import { Followed } from './followed.svelte';

export type PhoneKind = 'extension' | 'identifier';

/** The phone selector as the form edits it: both ways at once, so switching loses nothing. */
export interface PhoneFields {
  kind: PhoneKind;
  extension: string;
  partition: string;
  identifier: string;
}

export type FormField = SettingsField | 'secret';

/** The settings edited as text (numbers included: an input gives them as it holds them). */
export type TextSetting =
  'baseUrl' | 'clientId' | 'agentUsername' | 'defaultCountry' | 'pollIntervalMs' | 'dialShortcut';

/** Each text setting's input id (its hint and error are `<id>-hint` and `<id>-error`). */
export const SETTING_IDS: Record<TextSetting, string> = {
  baseUrl: 'pbx-url',
  clientId: 'client-id',
  agentUsername: 'agent-username',
  defaultCountry: 'default-country',
  pollIntervalMs: 'poll-interval',
  dialShortcut: 'dial-shortcut',
};

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
  /** Saving: true when saved, false when fields need correcting (see `errors`); a failure of another kind. */
  readonly saving = new Action<boolean>();
  /** Shown (and announced) after a successful save; a key, so it follows a language switch. */
  saved = $state<MessageKey | null>(null);
  readonly test = new Action<ConnectionTestResult>();
  readonly phones = new Action<PhoneChoice[]>();
  readonly agent = new Action<AgentCheckResult>();
  /** The certificate in the draft, described by main. */
  certificate = $state<CertificateSummary | null>(null);

  /** The settings as main has them: read, then followed (the mode switch, another window's save). */
  readonly #stored = new Followed<SettingsView>(
    { read: () => invoke('settings:get'), follow: (update) => subscribe('settings:changed', update) },
    (view) => this.#received(view),
  );

  /** Why the settings could not be read. */
  get loadError(): ErrorDescription | null {
    return this.#stored.error;
  }

  /** Loads the settings and follows changes made elsewhere; returns the function that stops. */
  start(): () => void {
    const stop = this.#stored.start();
    const stopLanguage = subscribe('locale:changed', ({ choice }) => this.#languageChosen(choice));
    return () => {
      stop();
      stopLanguage();
    };
  }

  /**
   * Settings ▸ Language saves on its own: the form takes the new choice as already saved, so its own Save
   * carries it through unchanged (never back to the choice it loaded) and it does not count as an edit.
   */
  #languageChosen(choice: LanguageChoice): void {
    if (this.view) this.view = { ...this.view, settings: { ...this.view.settings, language: choice } };
    if (this.draft) this.draft.language = choice;
  }

  #received(view: SettingsView): void {
    // A save from this form already applied the view; edits in progress are never overwritten.
    if (!this.dirty) this.apply(view);
    else if (this.view)
      this.view = {
        ...this.view,
        activeMode: view.activeMode,
        secretStored: view.secretStored,
        dialShortcut: view.dialShortcut,
        answerShortcut: view.answerShortcut ?? null,
        hangUpShortcut: view.hangUpShortcut ?? null,
      };
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
    this.clearErrors('baseUrl', 'clientId', 'secret', 'trustedCertificatePem');
    const result = await this.test.run(() => invoke('connection:test', connection));
    if (result && !result.success && result.failure.field) {
      this.errors[result.failure.field] = result.failure.message;
    }
  }

  async loadPhones(): Promise<void> {
    const connection = this.connectionDraft;
    if (!connection) return;
    await this.phones.run(() => invoke('directory:phones', { connection }), { keepResult: true });
    this.preselectPhone();
  }

  choosePhone(choice: PhoneChoice): void {
    this.phone = phoneFields(choice.selector);
    this.clearErrors('phone');
  }

  async checkAgent(): Promise<void> {
    const connection = this.connectionDraft;
    if (!connection || !this.draft) return;
    const username = this.draft.agentUsername;
    this.clearErrors('agentUsername');
    await this.agent.run(() => invoke('users:check', { username, connection }));
    this.preselectPhone();
  }

  /** While no phone is set: the agent's own (main line, else softphone) once both the agent and the phones are known. */
  private preselectPhone(): void {
    const agent = this.agent.result;
    const choice = preferredPhone(this.phones.result ?? [], agent?.found ? agent.user : null);
    if (choice && phoneSelector(this.phone) === null) this.choosePhone(choice);
  }

  /** Reads a PEM file the user chose; the form keeps the previous certificate if this one is unusable. */
  async chooseCertificate(file: File): Promise<void> {
    if (!this.draft) return;
    this.clearErrors('trustedCertificatePem');
    try {
      const { pem, summary } = await readCertificateFile(file);
      this.certificate = summary;
      this.draft.trustedCertificatePem = pem;
    } catch (error) {
      this.errors.trustedCertificatePem = fieldMessage(error);
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
    const settings = this.settingsToSave(mode ?? this.draft.mode);
    this.saved = null;
    const saved = await this.saving.run(async () => {
      const result = await invoke('settings:save', { settings, secret: this.secret || undefined });
      if (!result.saved) {
        this.errors = result.errors;
        return false;
      }
      this.apply(result.view);
      this.saved = result.view.activeMode === 'demo' ? 'settings.savedDemo' : 'settings.saved';
      announce(t(this.saved));
      return true;
    });
    return saved === true;
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
export const secretStorageNote: Record<SettingsView['secretStorage'], MessageKey> = {
  keychain: 'settings.secretStorageKeychain',
  encrypted: 'settings.secretStorageEncrypted',
  'session-only': 'settings.secretStorageSessionOnly',
};
