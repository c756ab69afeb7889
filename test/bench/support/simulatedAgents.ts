/**
 * Agents' browsers against a team server, as many as a bench asks for: each has a sign-in session minted
 * through an enrollment link (teamServerChild.ts), loads the app page for its page key and keeps a WebSocket
 * of the browser host's protocol open (test/unit/server/teamServerClient.ts), as the page does. Each notes
 * when its socket received each screen pop and each colleague's presence change, on this process's clock.
 */
import { cookieSettingsFor } from '../../../src-main/server/identity/sessionCookies';
import type { ScreenPop } from '../../../src-main/shared/contract';
import type { PresenceChange } from '../../../src-main/shared/contract/presence';
import type { ServerFrame } from '../../../src-main/shared/wsProtocol';
import { openAgentSocket, openAppPage, type AgentSocket } from '../../unit/server/teamServerClient';
import type { DemoPhoneUser } from './demoPbxChild';
import type { TeamServerProcess } from './teamServerChild';

export interface SimulatedAgent {
  user: DemoPhoneUser;
  socket: AgentSocket;
  /** uniqueid → when its `screenpop:show` arrived (performance.now()). */
  popArrivals: Map<string, number>;
  /** Colleagues' presence changes this agent received: whose, to what, when. */
  presenceArrivals: { userId: number; state: string; at: number }[];
}

/** Agents signed in at once: enough to keep the server busy, few enough not to time out. */
const JOINING_AT_ONCE = 10;
const HELLO_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function watch(agent: SimulatedAgent): void {
  agent.socket.socket.addEventListener('message', (event) => {
    const at = performance.now();
    const frame = JSON.parse(String(event.data)) as ServerFrame;
    if (frame.type !== 'event') return;
    if (frame.channel === 'screenpop:show') {
      const { uniqueid } = frame.payload as ScreenPop;
      if (!agent.popArrivals.has(uniqueid)) agent.popArrivals.set(uniqueid, at);
    } else if (frame.channel === 'presence:changed') {
      for (const colleague of (frame.payload as PresenceChange).changed) {
        agent.presenceArrivals.push({ userId: colleague.userId, state: colleague.state, at });
      }
    }
  });
}

/** A server that cannot reach the PBX in time answers the page with 503: a browser would reload it. */
const PAGE_ATTEMPTS = 3;
const RELOAD_AFTER_MS = 3000;

async function join(server: TeamServerProcess, user: DemoPhoneUser, token: string): Promise<SimulatedAgent> {
  const cookie = `${cookieSettingsFor(server.origin).sessionName}=${token}`;
  let page: Awaited<ReturnType<typeof openAppPage>> | undefined;
  for (let attempt = 1; !page; attempt++) {
    page = await openAppPage(server.origin, cookie).catch(async (error: unknown) => {
      if (attempt === PAGE_ATTEMPTS) throw error;
      await sleep(RELOAD_AFTER_MS);
      return undefined;
    });
  }
  const socket = await openAgentSocket(server.origin, page);
  const agent: SimulatedAgent = { user, socket, popArrivals: new Map(), presenceArrivals: [] };
  watch(agent);
  for (let waited = 0; !socket.frames.some((frame) => frame.type === 'hello'); waited += 50) {
    if (waited > HELLO_TIMEOUT_MS) throw new Error(`no hello for ${user.username}`);
    await sleep(50);
  }
  return agent;
}

/**
 * Signs `users` in, `JOINING_AT_ONCE` at a time, each with a socket that has said hello; those the server
 * could not serve (after reloading the page) are counted in `failed` with the first reason.
 */
export async function joinAgents(
  server: TeamServerProcess,
  users: readonly DemoPhoneUser[],
): Promise<{ joined: SimulatedAgent[]; failed: number; reason?: string }> {
  const sessions = await server.mint(users.map((user) => user.username));
  const joined: SimulatedAgent[] = [];
  let failed = 0;
  let reason: string | undefined;
  for (let start = 0; start < users.length; start += JOINING_AT_ONCE) {
    const batch = users.slice(start, start + JOINING_AT_ONCE);
    const results = await Promise.allSettled(
      batch.map((user, index) => join(server, user, sessions[start + index]!.token)),
    );
    for (const result of results) {
      if (result.status === 'fulfilled') joined.push(result.value);
      else {
        failed++;
        reason ??= result.reason instanceof Error ? result.reason.message : String(result.reason);
      }
    }
  }
  return { joined, failed, reason };
}

export function closeAgents(agents: readonly SimulatedAgent[]): void {
  for (const agent of agents) agent.socket.socket.close();
}
