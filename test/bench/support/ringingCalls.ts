/**
 * Inbound calls rung at simulated agents' phones through the demo PBX's control interface
 * (`POST /_sim/calls/inbound`), timed to what their sockets receive: the ringing agent's screen pop, and a
 * colleague's `presence:changed` naming the ringing agent. Each call is hung up once it has popped up.
 */
import type { SimulatedAgent } from './simulatedAgents';

export interface CallTiming {
  /** From the request that starts the call to the pop on the agent's socket; undefined: none arrived. */
  popMs?: number;
  /** From the same moment to the observer's `presence:changed` naming the agent as ringing (or busy). */
  presenceMs?: number;
}

export interface RingingOptions {
  /** The demo PBX's origin (its `/_sim` control interface). */
  authUrl: string;
  /** An access token of the demo PBX (its control interface wants one too). */
  token: string;
  /** The agents' call-poll interval: calls start at a random point of it, as real ones do. */
  pollIntervalMs: number;
  /** How long a pop (and a presence change) may take before it counts as missing. */
  timeoutMs: number;
  /** A colleague whose socket should hear of each ringing phone; none: presence is not timed. */
  observer?: SimulatedAgent;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => number | undefined, deadline: number): Promise<number | undefined> {
  for (;;) {
    const found = check();
    if (found !== undefined || performance.now() > deadline) return found;
    await sleep(10);
  }
}

async function simPost(
  { authUrl, token }: RingingOptions,
  path: string,
  body?: unknown,
): Promise<{ uniqueid?: string }> {
  const response = await fetch(`${authUrl}/_sim${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body ?? {}),
  });
  const answer = (await response.json()) as { success: boolean; data: { uniqueid?: string }; error?: string };
  if (!answer.success) throw new Error(`POST /_sim${path}: ${answer.error}`);
  return answer.data;
}

/** One call to `agent`'s phone from `from`: rings, waits for the pop (and presence), hangs up. */
export async function ringOnce(
  agent: SimulatedAgent,
  from: string,
  options: RingingOptions,
): Promise<CallTiming> {
  await sleep(Math.random() * options.pollIntervalMs);
  const startedAt = performance.now();
  const { uniqueid } = await simPost(options, '/calls/inbound', {
    to: { extension: agent.user.extension },
    from,
  });
  const deadline = startedAt + options.timeoutMs;
  const poppedAt = await until(() => agent.popArrivals.get(uniqueid!), deadline);
  const observer = options.observer;
  const presenceAt =
    observer &&
    (await until(
      () =>
        observer.presenceArrivals.find(
          (change) =>
            change.userId === agent.user.userId && change.state !== 'free' && change.at >= startedAt,
        )?.at,
      deadline,
    ));
  await simPost(options, `/calls/${uniqueid}/hangup`);
  return {
    popMs: poppedAt === undefined ? undefined : poppedAt - startedAt,
    presenceMs: presenceAt === undefined ? undefined : presenceAt - startedAt,
  };
}

/** `count` calls over `targets` in turn (each phone rings once while it has calls left), `parallel` at a time. */
export async function ringMany(
  targets: readonly SimulatedAgent[],
  count: number,
  parallel: number,
  options: RingingOptions,
): Promise<CallTiming[]> {
  const timings: CallTiming[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const caller = `+420 602 555 ${String(index % 1000).padStart(3, '0')}`;
      timings.push(await ringOnce(targets[index % targets.length]!, caller, options));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return timings;
}
