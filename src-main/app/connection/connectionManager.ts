/**
 * The connection to the active PBX: builds the PbxClient from a profile (URL, client id, secret, trusted
 * certificate) over the injected transport, and keeps `ConnectionState` true with a periodic health check
 * (GET /status, never retried inside the client: a failure means offline now). Offline, it checks again
 * after a capped exponential backoff with jitter (or the PBX's Retry-After) and recovers by itself.
 * A client id or secret refused before this session ever connected stops it until new credentials arrive,
 * so a wrong secret is not hammered; refused after they had worked (a PBX restarting, tokens revoked, a
 * burst of 401s), the same backoff (capped at 60 s) asks again, and "Try again" asks at once.
 *
 *   unconfigured ──connect──▶ connecting ──ok──▶ connected ◀──ok── offline (retrying, backoff)
 *                                  │                │  └──network, timeout, 5xx, refused after working──▶ offline
 *                                  └──invalid_client, invalid_request, 401, 403──▶ credentials-rejected (stopped)
 */
import { PbxClient, retryAfterOf, type PbxClientConfig } from '../../api';
import type { Clock } from '../../shared/clock';
import type { ConnectionFailure, ConnectionState, ConnectionStatus } from '../../shared/contract';
import { onLocaleChange, t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import { describeConnectionFailure, isUnreachable, needsNewCredentials } from './describeConnectionFailure';
import type { PbxTransport, TransportHandle } from './pbxTransport';
import { AppError } from '../../shared/contract';

/** A command needs the PBX, and there is none (nothing configured, or it could not be set up). */
export class NotConnected extends AppError {
  readonly code = 'not-configured';

  constructor() {
    super(t('connection.notConnected'));
  }
}

export interface PbxProfile {
  kind: 'demo' | 'configured';
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  trustedCertificatePem: string | null;
}

export interface HealthPolicy {
  /** Between checks while connected. */
  intervalMs: number;
  /** The first retry while offline; it doubles per failure up to `maxBackoffMs`, jittered. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** Of each GET /status. */
  timeoutMs: number;
}

export const DEFAULT_HEALTH_POLICY: HealthPolicy = {
  intervalMs: 30_000,
  initialBackoffMs: 2_000,
  maxBackoffMs: 60_000,
  timeoutMs: 8_000,
};

export interface ConnectionManagerDeps {
  clock: Clock;
  logger: Logger;
  transport: PbxTransport;
  /** Called on every state change (AppCore emits it as `connection:state`). */
  onState: (state: ConnectionState) => void;
  health?: Partial<HealthPolicy>;
  /** For deterministic jitter in tests. */
  random?: () => number;
  /** Passed to every client, e.g. a shorter retry policy in tests. */
  clientOptions?: Pick<PbxClientConfig, 'retry' | 'timeoutMs'>;
}

/**
 * "Equal jitter": between half and all of the capped exponential delay, so retries of many clients spread
 * out but never come back at once.
 */
export function offlineRetryDelayMs(policy: HealthPolicy, failures: number, random: () => number): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The wait before the next check after `failures` failed ones: the backoff, or the PBX's own `Retry-After`
 * when that is longer, though never beyond the backoff's cap (a bogus header must not park the app offline).
 */
export function offlineCheckDelayMs(
  policy: HealthPolicy,
  failures: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number {
  const backoff = offlineRetryDelayMs(policy, failures, random);
  if (retryAfterMs === undefined) return backoff;
  return Math.max(backoff, Math.min(retryAfterMs, policy.maxBackoffMs));
}

interface Session {
  profile: PbxProfile;
  client: PbxClient;
  transport: TransportHandle;
  /** The PBX as messages name it: the demo PBX, or this host. */
  label: { kind: PbxProfile['kind']; host: string };
}

export type ClientListener = (client: PbxClient | undefined) => void;

/**
 * Puts the state's message into words in the language in use. The state keeps it, not the words, so a
 * language switch words the message again (the status bar and the tray follow at once).
 */
export type Wording = () => string;

function labelOf(profile: PbxProfile, client: PbxClient): Session['label'] {
  return { kind: profile.kind, host: profile.kind === 'demo' ? '' : new URL(client.urls.baseUrl).host };
}

export class ConnectionManager {
  private state: ConnectionState;
  private session: Session | undefined;
  private readonly policy: HealthPolicy;
  private readonly random: () => number;
  private readonly clientListeners = new Set<ClientListener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  /** Whether this session's credentials ever worked: then a refusal is retried, not taken as final. */
  private connectedOnce = false;
  /** Bumped whenever the session changes, so a check of an old session never sets the state. */
  private generation = 0;
  private running: { generation: number; promise: Promise<void> } | undefined;
  private wording: Wording = () => t('connection.noPbxConfigured');
  private readonly stopWording: () => void;

  constructor(private readonly deps: ConnectionManagerDeps) {
    this.policy = { ...DEFAULT_HEALTH_POLICY, ...deps.health };
    this.random = deps.random ?? Math.random;
    this.state = { status: 'unconfigured', message: this.wording(), since: deps.clock.now() };
    this.stopWording = onLocaleChange(() => this.reword());
  }

  get current(): ConnectionState {
    return this.state;
  }

  /** The client of the active PBX, for the services that talk to it; undefined while there is none. */
  get client(): PbxClient | undefined {
    return this.session?.client;
  }

  get profile(): PbxProfile | undefined {
    return this.session?.profile;
  }

  /** Follows the active client (a new one after every connect, none after disconnect). */
  onClientChange(listener: ClientListener): () => void {
    this.clientListeners.add(listener);
    return () => this.clientListeners.delete(listener);
  }

  /** Connects to a PBX, replacing the current one; resolves once the first check has an outcome. */
  async connect(profile: PbxProfile): Promise<void> {
    await this.endSession();
    const generation = this.generation;
    let session: Session;
    let transport: TransportHandle | undefined;
    try {
      transport = this.deps.transport.open(profile);
      const client = new PbxClient({
        ...this.deps.clientOptions,
        baseUrl: profile.baseUrl,
        clientId: profile.clientId,
        clientSecret: profile.clientSecret,
        fetch: transport.fetch,
        clock: this.deps.clock,
        logger: this.deps.logger,
      });
      session = { profile, client, transport, label: labelOf(profile, client) };
    } catch (error) {
      await transport?.close();
      this.setState('unconfigured', () => describeConnectionFailure(error).message);
      return;
    }
    this.session = session;
    this.failures = 0;
    this.connectedOnce = false;
    this.setState('connecting', () => t('connection.connecting', session.label));
    this.notifyClient();
    await this.check(generation);
  }

  /** Stops using the PBX (e.g. settings cleared); the state says why (worded again on a language switch). */
  async disconnect(message: string | Wording, status: ConnectionStatus = 'unconfigured'): Promise<void> {
    const hadSession = this.session !== undefined;
    await this.endSession();
    this.setState(status, typeof message === 'string' ? () => message : message);
    if (hadSession) this.notifyClient();
  }

  /** Checks the PBX now (e.g. the user pressed "Retry"), unless credentials were rejected. */
  async checkNow(): Promise<void> {
    if (this.state.status === 'credentials-rejected') return;
    await this.check(this.generation);
  }

  /**
   * Another service's request failed: a PBX that stopped answering makes the app offline at once instead
   * of at the next health check, and the backoff takes over from there.
   */
  reportFailure(error: unknown): void {
    if (!this.session || this.state.status !== 'connected') return;
    const failure = describeConnectionFailure(error);
    if (isUnreachable(error)) {
      void this.check(this.generation);
    } else if (needsNewCredentials(failure)) {
      // The health check tells a refusal to retry (credentials that worked) from one to fix.
      void this.check(this.generation);
    }
  }

  async dispose(): Promise<void> {
    this.stopWording();
    await this.endSession();
    this.clientListeners.clear();
  }

  private check(generation: number): Promise<void> {
    // Never two checks of one session at once: a check asked for during one shares its outcome.
    if (this.running?.generation === generation) return this.running.promise;
    const promise = this.runCheck(generation).finally(() => {
      if (this.running?.promise === promise) this.running = undefined;
    });
    this.running = { generation, promise };
    return promise;
  }

  private async runCheck(generation: number): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.stopTimer();
    // Credentials that worked this session are asked for again, though the PBX refused them meanwhile.
    if (this.connectedOnce) session.client.retryRefusedCredentials();
    try {
      // No retries inside the client: a failed check means offline now, and the next one is scheduled below
      // (after the PBX's Retry-After when it gave one) instead of being waited out here while "connected".
      await session.client.status({ timeoutMs: this.policy.timeoutMs, retryWithinMs: 0 });
      if (generation !== this.generation) return;
      this.failures = 0;
      this.connectedOnce = true;
      this.setState('connected', () => t('connection.connected', session.label));
      this.schedule(generation, this.policy.intervalMs);
    } catch (error) {
      if (generation !== this.generation) return;
      let failure: ConnectionFailure;
      let reason: Wording;
      try {
        failure = describeConnectionFailure(error);
        reason = () => describeConnectionFailure(error).message;
      } catch {
        this.deps.logger.error('connection: unexpected failure of the health check', error);
        reason = () => t('connection.checkFailed', session.label);
        failure = { kind: 'network', message: reason(), field: null };
      }
      const refused = needsNewCredentials(failure);
      if (refused && !this.connectedOnce) {
        this.setState('credentials-rejected', reason);
        return;
      }
      this.failures++;
      const retryAfterMs = retryAfterOf(error, this.policy.maxBackoffMs);
      const delay = offlineCheckDelayMs(this.policy, this.failures, retryAfterMs, this.random);
      const seconds = Math.max(1, Math.round(delay / 1000));
      const key = refused ? 'connection.refusedRetrying' : 'connection.offlineRetrying';
      this.setState('offline', () => t(key, { reason: reason(), seconds }));
      this.schedule(generation, delay);
    }
  }

  private schedule(generation: number, delayMs: number): void {
    this.stopTimer();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (generation === this.generation) void this.check(generation);
    }, delayMs);
    // A pending health check must not keep a Node process (a test, a tool) alive.
    this.timer.unref?.();
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async endSession(): Promise<void> {
    this.generation++;
    this.stopTimer();
    const session = this.session;
    this.session = undefined;
    if (session) await session.transport.close();
  }

  private notifyClient(): void {
    for (const listener of this.clientListeners) listener(this.session?.client);
  }

  private setState(status: ConnectionStatus, wording: Wording): void {
    this.wording = wording;
    const message = wording();
    if (this.state.status === status && this.state.message === message) return;
    this.state = { status, message, since: this.deps.clock.now() };
    this.deps.logger.info(`connection: ${status}`);
    this.deps.onState(this.state);
  }

  /** The current state, its message worded in the language of the work that asks (an agent session's). */
  wordedState(): ConnectionState {
    return { ...this.state, message: this.wording() };
  }

  /** The language changed: the same state, its message in the new words (`since` stays). */
  private reword(): void {
    const message = this.wording();
    if (message === this.state.message) return;
    this.state = { ...this.state, message };
    this.deps.onState(this.state);
  }
}
