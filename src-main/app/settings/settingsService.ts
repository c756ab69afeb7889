/**
 * `settings:get` and `settings:save`: the settings with where the secret is kept and whether one is stored
 * (never the secret itself), and saving validated settings with the secret going to the secret store only.
 * A failed save changes nothing and returns a message per field, so the form keeps what the user typed.
 */
import type {
  DialShortcutStatus,
  SettingsFieldErrors,
  SettingsSaveArgs,
  SettingsSaveResult,
  SettingsView,
  Settings,
} from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import type { ConnectionModeController } from '../connection/connectionModeController';
import { secretAccount, type SecretStore } from './secretStore';
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
  modes: ConnectionModeController;
  demoAvailable: boolean;
  loginItem?: LoginItem;
  logger: Logger;
}

/** The secret's account, or undefined while the URL or client id is missing or invalid. */
function accountOf(settings: Settings): string | undefined {
  if (!settings.baseUrl || !settings.clientId) return undefined;
  try {
    return secretAccount(settings.clientId, settings.baseUrl);
  } catch {
    return undefined;
  }
}

export class SettingsService {
  /** What the shell found when it last registered the dial shortcut; null without a shell. */
  dialShortcut: DialShortcutStatus | null = null;

  constructor(private readonly deps: SettingsServiceDeps) {}

  async view(): Promise<SettingsView> {
    const { repository, secrets, modes, demoAvailable, logger } = this.deps;
    const settings = repository.current;
    const account = accountOf(settings);
    let secretStored = false;
    if (account) {
      try {
        secretStored = (await secrets.get(account)) !== null;
      } catch (error) {
        logger.warn('the secret store could not be read', error);
      }
    }
    const pem = settings.trustedCertificatePem;
    return {
      settings,
      secretStorage: secrets.kind,
      secretStored,
      activeMode: modes.activeMode,
      demoAvailable,
      certificate: pem ? describeCertificate(pem) : null,
      dialShortcut: this.dialShortcut,
    };
  }

  async save({ settings: input, secret }: SettingsSaveArgs): Promise<SettingsSaveResult> {
    const { repository, modes, loginItem, logger } = this.deps;
    const configured = input.mode === 'configured';
    const validation = validateSettings(input, { requireConnection: configured });
    if (!validation.ok) return { saved: false, errors: validation.errors };
    const settings = validation.settings;
    const previous = repository.current;
    const account = accountOf(settings);
    const newSecret = secret ? secret : undefined;

    const errors = await this.storeSecret(account, newSecret, configured);
    if (errors) return { saved: false, errors };

    repository.save(settings);
    logger.info(`settings saved (mode ${settings.mode})`);
    const previousAccount = accountOf(previous);
    if (previousAccount && previousAccount !== account) await this.forgetSecret(previousAccount);
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

  /** Stores a new secret; without one, a configured PBX needs a secret already stored for its account. */
  private async storeSecret(
    account: string | undefined,
    secret: string | undefined,
    required: boolean,
  ): Promise<SettingsFieldErrors | undefined> {
    const { secrets, logger } = this.deps;
    if (!account) return undefined;
    try {
      if (secret !== undefined) {
        await secrets.set(account, secret);
        return undefined;
      }
      if (required && (await secrets.get(account)) === null) {
        return { secret: 'Enter the client secret (the service account password).' };
      }
      return undefined;
    } catch (error) {
      logger.error('the secret store failed', error);
      return { secret: `The client secret could not be stored: ${failureDetail(error)}` };
    }
  }

  private async forgetSecret(account: string): Promise<void> {
    try {
      await this.deps.secrets.delete(account);
    } catch (error) {
      this.deps.logger.warn('the previous client secret could not be removed', error);
    }
  }
}
