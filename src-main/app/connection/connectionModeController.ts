/**
 * Which PBX the app runs against, decided by the settings: the embedded demo PBX (started on demand on
 * 127.0.0.1, its credentials kept in memory, never in the keychain) or the configured PBX with the secret
 * from the secret store. Switching stops the demo PBX when leaving it and starts it again when coming back,
 * without a restart. Changes are applied one at a time, in order.
 */
import type { AppMode, PhoneSelectorDto, Settings } from '../../shared/contract';
import { t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import type { ConnectionManager, PbxProfile } from './connectionManager';
import { readSecret, type SecretStore } from '../settings/secretStore';
import type { SettingsRepository } from '../settings/settingsRepository';
import { validateSettings } from '../settings/settingsSchema';
import { failureDetail } from '../../shared/contract';

/** What a running demo PBX offers (src-main/demo-pbx's `DemoPbx` has this shape). */
export interface DemoPbxHandle {
  baseUrl: string;
  credentials: { clientId: string; clientSecret: string };
  agent: { username: string; phone: PhoneSelectorDto };
  /** The country the demo organisation works in (its national numbers are this country's). */
  country?: string;
  close(): Promise<void>;
}

/** How a demo PBX is connected to: its own service account, plain HTTP on 127.0.0.1. */
export function demoPbxProfile(demo: Pick<DemoPbxHandle, 'baseUrl' | 'credentials'>): PbxProfile {
  return {
    kind: 'demo',
    baseUrl: demo.baseUrl,
    clientId: demo.credentials.clientId,
    clientSecret: demo.credentials.clientSecret,
    trustedCertificatePem: null,
  };
}

/** Starts the embedded demo PBX; injected by the composition root (app/ may not import demo-pbx/). */
export interface DemoPbxLauncher {
  start(): Promise<DemoPbxHandle>;
}

export interface ActiveAgent {
  username: string;
  phone: PhoneSelectorDto | null;
}

export interface ConnectionModeDeps {
  settings: SettingsRepository;
  secrets: SecretStore;
  connection: ConnectionManager;
  /** Absent where no demo PBX can run; the demo mode then means "not configured". */
  demo?: DemoPbxLauncher;
  logger: Logger;
}

/** The parts of the settings that decide the connection; anything else changes without reconnecting. */
function connectionKey(settings: Settings): string {
  const { mode, baseUrl, clientId, trustedCertificatePem } = settings;
  return JSON.stringify([mode, baseUrl, clientId, trustedCertificatePem]);
}

export class ConnectionModeController {
  private demo: DemoPbxHandle | undefined;
  private mode: AppMode = 'unconfigured';
  private appliedKey: string | undefined;
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(private readonly deps: ConnectionModeDeps) {}

  get activeMode(): AppMode {
    return this.mode;
  }

  /** The agent and phone on the active PBX: the demo's own agent in demo mode, else the configured one. */
  get agent(): ActiveAgent | undefined {
    if (this.mode === 'demo' && this.demo) return { ...this.demo.agent };
    if (this.mode !== 'configured') return undefined;
    const { agentUsername, phone } = this.deps.settings.current;
    return { username: agentUsername, phone };
  }

  /** In demo mode, the country the demo organisation works in; undefined otherwise. */
  get demoCountry(): string | undefined {
    return this.mode === 'demo' ? this.demo?.country : undefined;
  }

  /**
   * Brings the connection in line with the settings. Without `force`, nothing happens when the settings
   * that decide the connection did not change (e.g. only the poll interval did); `force` after a new secret.
   */
  apply(options: { force?: boolean } = {}): Promise<void> {
    const next = this.queue.then(() => this.applyNow(options.force ?? false));
    this.queue = next.catch(() => {});
    return next;
  }

  /**
   * Leaves the PBX while this computer runs on a team server: disconnects and stops the demo PBX, and the
   * next `apply` connects again whatever changed meanwhile.
   */
  standBy(): Promise<void> {
    const next = this.queue.then(async () => {
      this.appliedKey = undefined;
      this.mode = 'unconfigured';
      await this.deps.connection.disconnect(() => t('connection.noPbxConnectInSettings'));
      await this.stopDemo();
    });
    this.queue = next.catch(() => {});
    return next;
  }

  /** Waits for a change being applied, then closes the connection and stops the demo PBX. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await this.queue;
    await this.deps.connection.dispose();
    await this.stopDemo();
  }

  private async applyNow(force: boolean): Promise<void> {
    if (this.disposed) return;
    const settings = this.deps.settings.current;
    const key = connectionKey(settings);
    if (!force && key === this.appliedKey) return;
    this.appliedKey = key;
    if (settings.mode === 'demo') await this.useDemo();
    else await this.useConfigured(settings);
  }

  private async useDemo(): Promise<void> {
    const { connection, demo: launcher, logger } = this.deps;
    if (!launcher) {
      this.mode = 'unconfigured';
      await connection.disconnect(() => t('connection.noPbxConnectInSettings'));
      return;
    }
    try {
      this.demo ??= await launcher.start();
    } catch (error) {
      logger.error('the demo PBX could not start', error);
      this.mode = 'unconfigured';
      const detail = failureDetail(error);
      await connection.disconnect(() => t('connection.demoFailed', { detail }));
      return;
    }
    logger.info(`demo PBX running at ${this.demo.baseUrl}`);
    this.mode = 'demo';
    await connection.connect(demoPbxProfile(this.demo));
  }

  private async useConfigured(settings: Settings): Promise<void> {
    this.mode = 'configured';
    try {
      await this.connectConfigured(settings);
    } finally {
      // After the connection has moved on, so no health check meets a demo PBX that is going away.
      await this.stopDemo();
    }
  }

  private async connectConfigured(settings: Settings): Promise<void> {
    const { connection, secrets, logger } = this.deps;
    const complete = validateSettings(settings, { requireConnection: true });
    if (!complete.ok) {
      await connection.disconnect(() => t('connection.settingsIncomplete'));
      return;
    }
    let secret: string | null = null;
    try {
      // The saved settings: an entry an older Ringside filed for them may be taken over (secretStore.ts).
      secret = await readSecret(secrets, settings, { takeOverLegacy: true });
    } catch (error) {
      logger.error('the client secret could not be read', error);
    }
    if (!secret) {
      const sessionOnly = secrets.kind === 'session-only';
      await connection.disconnect(() =>
        sessionOnly ? t('connection.noSecretSessionOnly') : t('connection.noSecretStored'),
      );
      return;
    }
    await connection.connect({
      kind: 'configured',
      baseUrl: settings.baseUrl,
      clientId: settings.clientId,
      clientSecret: secret,
      trustedCertificatePem: settings.trustedCertificatePem,
    });
  }

  private async stopDemo(): Promise<void> {
    const demo = this.demo;
    if (!demo) return;
    this.demo = undefined;
    try {
      await demo.close();
      this.deps.logger.info('demo PBX stopped');
    } catch (error) {
      this.deps.logger.warn('the demo PBX did not stop cleanly', error);
    }
  }
}
