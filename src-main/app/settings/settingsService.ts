/**
 * `settings:get` and `settings:save`: the settings with where the secret is kept and whether one is stored
 * (never the secret itself), and saving validated settings with the secret going to the secret store only.
 * A failed save changes nothing and returns a message per field, so the form keeps what the user typed.
 */
import type {
  DialShortcutStatus,
  NumberingCountry,
  ShortcutSetting,
  SettingsFieldErrors,
  SettingsSaveArgs,
  SettingsSaveResult,
  SettingsView,
  Settings,
} from '../../shared/contract';
import { activeTranslator, t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import type { ConnectionModeController } from '../connection/connectionModeController';
import { lockedFieldErrors, lockedFields, NO_POLICY, type ManagedPolicy } from './managedPolicy';
import {
  legacySecretAccount,
  readSecret,
  secretAccount,
  trustChanges,
  type SecretStore,
} from './secretStore';
import type { SettingsRepository } from './settingsRepository';
import { describeCertificate } from './describeCertificate';
import { validateSettings } from './settingsSchema';
import { failureDetail } from '../../shared/contract';

/** Registers the app to start when the user logs in (the shell's job: it differs per OS). */
export interface LoginItem {
  setStartAtLogin(enabled: boolean): void;
}

export interface SettingsServiceDeps {
  repository: SettingsRepository;
  secrets: SecretStore;
  /** The connection mode in use and its re-application after a save (the team server has one fixed mode). */
  modes: Pick<ConnectionModeController, 'activeMode' | 'apply'>;
  demoAvailable: boolean;
  /** The country numbers without a country code are read in, and why (numberingCountry.ts). */
  numberingCountry(): NumberingCountry;
  loginItem?: LoginItem;
  /** The managed deployment policy: its locked fields are read-only (managedPolicy.ts). */
  policy?: ManagedPolicy;
  /** The PBX connection is the host's (a team server's): a save needs no PBX address or client id. */
  connectionOfHost?: boolean;
  logger: Logger;
}

/**
 * The secret's account (what the secret was entrusted to: see secretStore.ts), or undefined while the URL
 * or client id is missing or invalid.
 */
function accountOf(settings: Settings): string | undefined {
  if (!settings.baseUrl || !settings.clientId) return undefined;
  try {
    return secretAccount(settings.clientId, settings.baseUrl, settings.trustedCertificatePem);
  } catch {
    return undefined;
  }
}

export class SettingsService {
  /** What the shell found when it last registered each global shortcut; none without a shell. */
  shortcuts: Partial<Record<ShortcutSetting, DialShortcutStatus>> = {};

  constructor(private readonly deps: SettingsServiceDeps) {}

  async view(): Promise<SettingsView> {
    const { repository, secrets, modes, demoAvailable, logger } = this.deps;
    const settings = repository.current;
    const account = accountOf(settings);
    let secretStored = false;
    if (account) {
      try {
        secretStored = (await readSecret(secrets, settings, { takeOverLegacy: true })) !== null;
      } catch (error) {
        logger.warn('the secret store could not be read', error);
      }
    }
    const pem = settings.trustedCertificatePem;
    const locked = lockedFields(this.deps.policy ?? NO_POLICY);
    return {
      settings,
      numberingCountry: this.deps.numberingCountry(),
      secretStorage: secrets.kind,
      secretStored,
      activeMode: modes.activeMode,
      demoAvailable,
      certificate: pem ? describeCertificate(pem) : null,
      dialShortcut: this.shortcuts.dialShortcut ?? null,
      ...(this.shortcuts.answerShortcut ? { answerShortcut: this.shortcuts.answerShortcut } : {}),
      ...(this.shortcuts.hangUpShortcut ? { hangUpShortcut: this.shortcuts.hangUpShortcut } : {}),
      ...(locked.length > 0 ? { locked } : {}),
    };
  }

  async save({ settings: input, secret }: SettingsSaveArgs): Promise<SettingsSaveResult> {
    const { repository, modes, loginItem, logger } = this.deps;
    const configured = input.mode === 'configured' && !this.deps.connectionOfHost;
    const validation = validateSettings(input, { requireConnection: configured });
    if (!validation.ok) return { saved: false, errors: validation.errors };
    const settings = validation.settings;
    const lockErrors = lockedFieldErrors(settings, this.deps.policy ?? NO_POLICY);
    if (Object.keys(lockErrors).length > 0) return { saved: false, errors: lockErrors };
    const previous = repository.current;
    const newSecret = secret ? secret : undefined;

    const errors = await this.storeSecret(settings, previous, newSecret, configured);
    if (errors) return { saved: false, errors };

    repository.save(settings);
    logger.info(`settings saved (mode ${settings.mode})`);
    const previousAccount = accountOf(previous);
    if (previousAccount && previousAccount !== accountOf(settings)) await this.forgetSecret(previous);
    if (loginItem && settings.startAtLogin !== previous.startAtLogin) {
      try {
        loginItem.setStartAtLogin(settings.startAtLogin);
      } catch (error) {
        logger.warn('start at login could not be changed', error);
      }
    }
    await modes.apply({ force: newSecret !== undefined });
    return { saved: true, view: await this.view() };
  }

  /**
   * Stores a new secret; without one, a configured PBX needs a secret stored for exactly what it names
   * (the secret's account), and is told why when the saved one was entrusted to something else.
   */
  private async storeSecret(
    settings: Settings,
    previous: Settings,
    secret: string | undefined,
    required: boolean,
  ): Promise<SettingsFieldErrors | undefined> {
    const { secrets, logger } = this.deps;
    const account = accountOf(settings);
    if (!account) return undefined;
    try {
      if (secret !== undefined) {
        await secrets.set(account, secret);
        return undefined;
      }
      if (!required) return undefined;
      // An entry under the old key is taken over only for the connection it was used with.
      const takeOverLegacy = account === accountOf(previous);
      if ((await readSecret(secrets, settings, { takeOverLegacy })) !== null) return undefined;
      return { secret: await this.whySecretIsNeeded(settings, previous) };
    } catch (error) {
      logger.error('the secret store failed', error);
      return { secret: t('validation.secretNotStored', { reason: failureDetail(error) }) };
    }
  }

  /** "The PBX's scheme and port changed…" when a secret is stored for the previous connection. */
  private async whySecretIsNeeded(settings: Settings, previous: Settings): Promise<string> {
    const previousAccount = accountOf(previous);
    if (!previousAccount || (await this.deps.secrets.get(previousAccount)) === null)
      return t('validation.enterSecret');
    const changes = activeTranslator().list(trustChanges(previous, settings).map((part) => t(part)));
    return t('validation.secretTrustChanged', { changes });
  }

  /** Removes the previous connection's secret, and one an older Ringside filed for it. */
  private async forgetSecret(previous: Settings): Promise<void> {
    const accounts = [accountOf(previous), legacySecretAccount(previous, { anyConnection: true })];
    for (const account of accounts) {
      if (account === undefined) continue;
      try {
        await this.deps.secrets.delete(account);
      } catch (error) {
        this.deps.logger.warn('the previous client secret could not be removed', error);
      }
    }
  }
}
