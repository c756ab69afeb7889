/** Demo PBXs and connection-state recording for the app tests. */
import { vi } from 'vitest';
import type {
  DemoPbxHandle,
  DemoPbxLauncher,
} from '../../../src-main/app/connection/connectionModeController';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import type { ConnectionState, ConnectionStatus } from '../../../src-main/shared/contract';

/** A small, quiet demo PBX: no automatic calls, few persons. */
export function startQuietPbx(): Promise<DemoPbx> {
  return startDemoPbx({ persons: 20, ringEverySeconds: 0 });
}

/** Shortened so offline → recovery takes milliseconds; no retries inside the client. */
export const FAST_HEALTH = { intervalMs: 60_000, initialBackoffMs: 20, maxBackoffMs: 80, timeoutMs: 2_000 };
export const NO_RETRIES = { retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 0 } };
/** Review fetches and outbox retries within milliseconds, without jitter (AppCore's `historyPolicies`). */
export const FAST_HISTORY_POLICIES = {
  reviewPolicy: { firstDelayMs: 40, maxDelayMs: 120, jitter: 0 },
  outboxPolicy: { firstDelayMs: 40, maxDelayMs: 150, jitter: 0 },
};

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Tokens for the control interface, fetched before any outage (which takes the token endpoint down too). */
const simTokens = new WeakMap<DemoPbx, Promise<string>>();

function simToken(pbx: DemoPbx): Promise<string> {
  let token = simTokens.get(pbx);
  if (!token) {
    token = post(`${pbx.authUrl}/login/oauth2/token`, {
      client_id: pbx.credentials.clientId,
      client_secret: pbx.credentials.clientSecret,
      grant_type: 'client_credentials',
    })
      .then((response) => response.json() as Promise<{ access_token: string }>)
      .then((body) => body.access_token);
    simTokens.set(pbx, token);
  }
  return token;
}

/** Starts or ends a simulated outage of a demo PBX (its control interface wants a token too). */
export async function outage(
  pbx: DemoPbx,
  seconds: number,
  mode: '503' | 'drop' | '401' | '401-all' | '429' = '503',
): Promise<void> {
  const access_token = await simToken(pbx);
  const response = await post(
    `${pbx.authUrl}/_sim/outage`,
    { seconds, mode },
    { authorization: `Bearer ${access_token}` },
  );
  if (!response.ok) throw new Error(`outage request failed: ${response.status}`);
}

/** Records every connection state, and waits for one. */
export class StateRecorder {
  readonly states: ConnectionState[] = [];
  readonly onState = (state: ConnectionState): void => {
    this.states.push(state);
  };

  get statuses(): ConnectionStatus[] {
    return this.states.map((state) => state.status);
  }

  get last(): ConnectionState | undefined {
    return this.states.at(-1);
  }

  async waitFor(status: ConnectionStatus): Promise<ConnectionState> {
    return vi.waitFor(
      () => {
        if (this.last?.status !== status)
          throw new Error(`still ${this.last?.status}, waiting for ${status}`);
        return this.last;
      },
      { timeout: 5_000, interval: 10 },
    );
  }
}

/** A launcher of real demo PBXs that counts what it started and stopped. */
export function countingLauncher() {
  const running = new Set<DemoPbx>();
  let started = 0;
  let stopped = 0;
  const launcher: DemoPbxLauncher & {
    readonly started: number;
    readonly stopped: number;
    /** Every demo PBX started, newest last. */
    readonly history: DemoPbx[];
    closeAll(): Promise<void>;
  } = {
    history: [],
    async start(): Promise<DemoPbxHandle> {
      const pbx = await startQuietPbx();
      running.add(pbx);
      launcher.history.push(pbx);
      started++;
      return {
        ...pbx,
        close: async () => {
          running.delete(pbx);
          stopped++;
          await pbx.close();
        },
      };
    },
    get started() {
      return started;
    },
    get stopped() {
      return stopped;
    },
    async closeAll() {
      await Promise.all([...running].map((pbx) => pbx.close()));
      running.clear();
    },
  };
  return launcher;
}
