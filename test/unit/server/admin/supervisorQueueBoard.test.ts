/**
 * The supervisor view's queue board against the demo PBX over real HTTP, counting the requests: every queue
 * of the PBX listed, the longest wait asked only of inbound queues with callers waiting, one reading for any
 * number of administrators asking within 2 s (a concurrent ask joins the running one), and a failed reading
 * kept as the board's problem beside the last good queues.
 */
import { describe, expect, it } from 'vitest';
import { teamQueueReadings } from '../../../../src-main/calls/queues/sharedQueues';
import {
  SUPERVISOR_READING,
  SupervisorQueueBoard,
} from '../../../../src-main/server/admin/supervisorQueueBoard';
import { silentLogger } from '../../../../src-main/shared/logger';
import { outage } from '../../app/pbx';
import { testClock } from '../identity/identityFixture';
import { startQueuesPbx } from '../../queues/queuesFixtures';

const queuesPbx = await startQueuesPbx();
const { client, post } = queuesPbx;

/** A board reading the demo PBX through the agents' shared reading, as the team server composes it. */
function boardOnDemo() {
  const clock = testClock();
  const { readings } = teamQueueReadings({ client: () => client, clock, logger: silentLogger });
  const board = new SupervisorQueueBoard({ read: () => readings.read(SUPERVISOR_READING), clock });
  return { board, clock };
}

const readsOf = (request: string) => client.requests.filter((made) => made === request).length;

describe('the supervisor queue board', () => {
  it('lists every queue of the PBX by name, with the longest wait of inbound queues that have callers', async () => {
    await post('/_sim/queues/2/waiting', { count: 2, waited_s: 42 });
    client.requests.length = 0;
    const { board } = boardOnDemo();
    const shown = await board.board();
    await post('/_sim/queues/2/waiting', { count: 0 });

    const listed = await client.queues();
    expect(shown.queues.map((queue) => queue.id).sort()).toEqual(listed.map((queue) => queue.id).sort());
    const names = shown.queues.map((queue) => queue.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(shown.queues.find((queue) => queue.id === 2)).toMatchObject({
      type: 'inbound',
      callersWaiting: 2,
      longestWaitSeconds: 42,
    });
    for (const queue of shown.queues.filter((queue) => queue.id !== 2)) {
      expect(queue.longestWaitSeconds).toBe(queue.type === 'inbound' ? 0 : null);
    }
    // Only the queue with callers was asked for its detail.
    expect(client.requests.filter((made) => made.startsWith('GET /queue/'))).toEqual(['GET /queue/2']);
    expect(shown.problem).toBeNull();
    expect(shown.readAt).toEqual(expect.any(Number));
  });

  it('reads once for several administrators asking together, and again only after 2 s', async () => {
    const { board, clock } = boardOnDemo();
    client.requests.length = 0;
    const asks = await Promise.all([board.board(), board.board(), board.board(), board.board()]);
    expect(readsOf('GET /queues')).toBe(1);
    expect(new Set(asks.map((ask) => ask.readAt)).size).toBe(1);

    clock.advance(1999);
    await board.board();
    expect(readsOf('GET /queues')).toBe(1);

    clock.advance(1);
    await Promise.all([board.board(), board.board()]);
    expect(readsOf('GET /queues')).toBe(2);
  });

  it('keeps the last good queues with the failure when the PBX cannot be read, and does not retry sooner', async () => {
    const { board, clock } = boardOnDemo();
    const good = await board.board();
    await outage(queuesPbx.pbx, 60);
    clock.advance(2000);
    const failed = await board.board().finally(() => outage(queuesPbx.pbx, 0));
    expect(failed.problem).toMatchObject({ code: 'server-error' });
    expect(failed.queues).toEqual(good.queues);
    expect(failed.readAt).toBe(good.readAt);

    client.requests.length = 0;
    clock.advance(500);
    expect((await board.board()).problem).toMatchObject({ code: 'server-error' });
    expect(client.requests).toEqual([]);
  });
});
