/**
 * Starts `demoPbxProcess.ts` in a child process for a benchmark and talks to it over IPC: its URLs and
 * credentials once it listens, its memory and CPU time, the requests it served by path and its users with
 * phones on request, and a clean stop.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DemoPbxOptions } from '../../../src-main/demo-pbx';
import type { PhoneSelectorDto } from '../../../src-main/shared/contract';

export interface DemoPbxReady {
  baseUrl: string;
  authUrl: string;
  credentials: { clientId: string; clientSecret: string };
  /** The demo agent's phone; null for the baseline server. */
  agentPhone: PhoneSelectorDto | null;
  /** The demo agent's user name; empty for the baseline server. */
  agentUsername: string;
  /** The country the demo organisation's national numbers are in; empty for the baseline server. */
  country: string;
  /** Resident set size right after start, in bytes. */
  rss: number;
}

export interface DemoPbxUsage {
  rss: number;
  /** User + system CPU time of the process so far. */
  cpuMicros: number;
}

/** An active demo user whose own phone is registered. */
export interface DemoPhoneUser {
  userId: number;
  username: string;
  extension: string;
}

export interface DemoPbxProcess {
  ready: DemoPbxReady;
  usage(): Promise<DemoPbxUsage>;
  /** Requests served since the last reset, by `METHOD /path` pattern (requestPaths.ts). */
  requests(): Promise<Record<string, number>>;
  resetRequests(): void;
  phoneUsers(): Promise<DemoPhoneUser[]>;
  stop(): void;
}

/** The child's next IPC message of `type`; rejects if the child exits first. */
export function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the child process exited with ${code}`));
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** The demo PBX's options cross to the child as JSON (plain numbers, and the clock's mode). */
type ChildOptions = Pick<DemoPbxOptions, 'persons' | 'minPhonesPerPerson' | 'staff' | 'clock'>;

/**
 * `'baseline'`: a bare Fastify app serving one fixed person instead (see demoPbxProcess.ts); `{answers}`: a
 * bare Fastify app serving the demo PBX's answers for those options' persons. `script`: the
 * demoPbxProcess.ts bundled to JavaScript (mainProcessBundle.ts), run by plain node; by default the source
 * is run through tsx.
 */
export async function startDemoPbxProcess(
  options: ChildOptions | 'baseline' | { answers: ChildOptions },
  { script }: { script?: string } = {},
): Promise<DemoPbxProcess> {
  const baseline = options === 'baseline' ? '1' : 'answers' in options ? 'answers' : '0';
  const childOptions = options === 'baseline' ? {} : 'answers' in options ? options.answers : options;
  const child = fork(script ?? fileURLToPath(new URL('./demoPbxProcess.ts', import.meta.url)), {
    env: {
      ...process.env,
      BENCH_BASELINE: baseline,
      BENCH_OPTIONS: JSON.stringify(childOptions),
    },
    execArgv: script ? [] : ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage<DemoPbxReady>(child, 'ready');
  return {
    ready,
    usage() {
      const answer = nextMessage<DemoPbxUsage>(child, 'usage');
      child.send('usage');
      return answer;
    },
    async requests() {
      const answer = nextMessage<{ counts: Record<string, number> }>(child, 'requests');
      child.send('requests');
      return (await answer).counts;
    },
    resetRequests: () => child.send('resetRequests'),
    async phoneUsers() {
      const answer = nextMessage<{ users: DemoPhoneUser[] }>(child, 'phoneUsers');
      child.send('phoneUsers');
      return (await answer).users;
    },
    stop: () => child.send('stop'),
  };
}

/** An access token of the demo PBX for its credentials (OAuth client credentials). */
export async function accessToken(ready: DemoPbxReady): Promise<string> {
  const response = await fetch(`${ready.authUrl}/login/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: ready.credentials.clientId,
      client_secret: ready.credentials.clientSecret,
      grant_type: 'client_credentials',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}
