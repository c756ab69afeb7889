/**
 * Starts `teamServerProcess.ts` in a child process (through tsx, as `npm run server` runs the server) and
 * talks to it over IPC: its origin once it listens, sign-in sessions minted for PBX usernames, one directory
 * sync, its memory, CPU time and event-loop delay on request, and a clean stop. Given a place (a port and a
 * data directory), a server started again there is the same server restarted.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextMessage } from './demoPbxChild';
import type { TeamServerPbx, TeamServerPlace, TeamServerUsage } from './teamServerProcess';

export interface TeamServerProcess {
  origin: string;
  /** When it listened (Date.now() in its process: the machine's clock). */
  listenedAt: number;
  /** One live sign-in session per username, opened through an enrollment link each: its cookie token. */
  mint(usernames: readonly string[]): Promise<{ username: string; token: string }[]>;
  usage(): Promise<TeamServerUsage>;
  /** Runs one directory sync now and waits for its end: its duration and the server's CPU time meanwhile. */
  syncOnce(): Promise<{ ms: number; cpuMicros: number }>;
  stop(): Promise<void>;
}

export async function startTeamServerProcess(
  pbx: TeamServerPbx,
  place?: TeamServerPlace,
): Promise<TeamServerProcess> {
  const child = fork(fileURLToPath(new URL('./teamServerProcess.ts', import.meta.url)), {
    env: {
      ...process.env,
      BENCH_PBX: JSON.stringify(pbx),
      ...(place ? { BENCH_SERVER_PLACE: JSON.stringify(place) } : {}),
    },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const listening = nextMessage<{ at: number }>(child, 'listening');
  const { origin } = await nextMessage<{ origin: string }>(child, 'ready');
  return {
    origin,
    listenedAt: (await listening).at,
    async mint(usernames) {
      const answer = nextMessage<{ sessions: { username: string; token: string }[] }>(child, 'minted');
      child.send({ type: 'mint', usernames });
      return (await answer).sessions;
    },
    usage() {
      const answer = nextMessage<TeamServerUsage>(child, 'usage');
      child.send('usage');
      return answer;
    },
    syncOnce() {
      const answer = nextMessage<{ ms: number; cpuMicros: number }>(child, 'synced');
      child.send('sync');
      return answer;
    },
    stop() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send('stop');
      return exited;
    },
  };
}
