/**
 * Makes demo users members of the demo PBX's inbound queues through its API, as a contact center's
 * administrator sets the agents' queues (`POST /queues/agents`): the seeded back-office staff serve no queue,
 * and a team-server bench's agents should each watch their queues as contact-center agents do. Users who
 * serve a queue already are left as they are.
 */
import type { DemoPbxReady, DemoPhoneUser } from './demoPbxChild';

interface Envelope<T> {
  success: boolean;
  data: T;
  error?: string;
}

async function api<T>(ready: DemoPbxReady, token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${ready.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.success) throw new Error(`${path}: ${answer.error}`);
  return answer.data;
}

/** Each of `users` without a queue joins two of the inbound queues, taken in turn. */
export async function joinInboundQueues(
  ready: DemoPbxReady,
  token: string,
  users: readonly DemoPhoneUser[],
): Promise<void> {
  const queues = await api<{ id: number; type: number }[]>(ready, token, '/queues');
  const inbound = queues.filter((queue) => queue.type === 1).map((queue) => queue.id);
  const members = await api<{ id: number; queues: unknown[] }[]>(ready, token, '/queues/agents');
  const serving = new Set(members.filter((member) => member.queues.length > 0).map((member) => member.id));
  const joining = users
    .filter((user) => !serving.has(user.userId))
    .map((user, index) => ({
      id: user.userId,
      queues: [...new Set([inbound[index % inbound.length]!, inbound[(index + 1) % inbound.length]!])].map(
        (id) => ({ id, priority: 50 }),
      ),
    }));
  if (joining.length > 0) await api(ready, token, '/queues/agents', joining);
}
