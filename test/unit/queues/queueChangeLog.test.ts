/**
 * The local log of membership changes, a JSON-lines file readable by the user only, and the "paused while
 * away" offer it keeps across a restart: Ringside pauses the queues when it quits, and offers resuming
 * them when it starts again.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { JsonLinesQueueChangeLog, type QueueLogRecord } from '../../../src-main/calls/queues';
import { pendingAwayPause, QUEUE_LOG_KEEP } from '../../../src-main/calls/queues/queueChangeLog';
import type { QueueLogEntry } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import { DEMO_AGENT_ID, queueItem, ScriptedQueuesClient, startService } from './queuesFixtures';

const directory = mkdtempSync(join(tmpdir(), 'ringside-queue-log-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
let fileCount = 0;
const newPath = () => join(directory, `queue-changes-${++fileCount}.jsonl`);

const change = (fields: Partial<QueueLogEntry> = {}): QueueLogRecord => ({
  kind: 'change',
  at: 1000,
  agentId: DEMO_AGENT_ID,
  action: 'pause',
  cause: 'agent',
  queueIds: [2],
  ok: true,
  failures: [],
  agentError: null,
  ...fields,
});

describe('JsonLinesQueueChangeLog', () => {
  it('appends one line per record to a file only its user may read, and reads them back', () => {
    const path = newPath();
    const log = new JsonLinesQueueChangeLog(path, silentLogger);
    log.append(change());
    log.append(
      change({
        at: 2000,
        action: 'resume',
        ok: false,
        failures: [{ queueId: 2, message: 'Unknown queue id' }],
      }),
    );
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(2);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(new JsonLinesQueueChangeLog(path, silentLogger).records()).toEqual([
      change(),
      change({
        at: 2000,
        action: 'resume',
        ok: false,
        failures: [{ queueId: 2, message: 'Unknown queue id' }],
      }),
    ]);
  });

  it('skips a line cut short by a crash, and keeps the rest', () => {
    const path = newPath();
    new JsonLinesQueueChangeLog(path, silentLogger).append(change());
    appendFileSync(path, '{"kind":"change","at":20');
    const log = new JsonLinesQueueChangeLog(path, silentLogger);
    expect(log.records()).toEqual([change()]);
  });

  it('keeps the newest records when it grows past its limit', () => {
    const path = newPath();
    const log = new JsonLinesQueueChangeLog(path, silentLogger);
    for (let at = 1; at <= 2 * QUEUE_LOG_KEEP + 1; at++) log.append(change({ at }));
    const kept = new JsonLinesQueueChangeLog(path, silentLogger).records();
    expect(kept).toHaveLength(QUEUE_LOG_KEEP);
    expect(kept.at(-1)?.kind === 'change' && kept.at(-1)).toMatchObject({ at: 2 * QUEUE_LOG_KEEP + 1 });
  });
});

describe('pendingAwayPause', () => {
  const away = change({ action: 'pause-all', cause: 'quit', queueIds: [2, 6], at: 5000 });

  it('offers the queues Ringside paused by itself, until they are resumed or the offer dismissed', () => {
    expect(pendingAwayPause([away], DEMO_AGENT_ID)).toEqual({ reason: 'quit', at: 5000, queueIds: [2, 6] });
    expect(pendingAwayPause([away, change({ action: 'resume-away', at: 6000 })], DEMO_AGENT_ID)).toBeNull();
    expect(pendingAwayPause([away, { kind: 'away-cleared', at: 6000 }], DEMO_AGENT_ID)).toBeNull();
  });

  it('leaves out queues whose pause failed, and offers nothing for another agent or the agent’s own pause', () => {
    const partly = { ...away, ok: false, failures: [{ queueId: 6, message: 'Unknown queue id' }] };
    expect(pendingAwayPause([partly], DEMO_AGENT_ID)?.queueIds).toEqual([2]);
    expect(pendingAwayPause([away], 99)).toBeNull();
    expect(pendingAwayPause([change({ action: 'pause-all' })], DEMO_AGENT_ID)).toBeNull();
    // The agent's own changes after the away pause do not hide it.
    expect(pendingAwayPause([away, change({ at: 7000 })], DEMO_AGENT_ID)?.queueIds).toEqual([2, 6]);
  });
});

describe('paused on quit, offered on the next start', () => {
  let pbx: ScriptedQueuesClient;
  beforeEach(() => {
    pbx = new ScriptedQueuesClient();
    pbx.list = [
      queueItem({ id: 2, name: 'Support', type: 1 }),
      queueItem({ id: 6, name: 'E-mail', type: 3 }),
    ];
    pbx.membership = [
      {
        id: DEMO_AGENT_ID,
        queues: [
          { id: 2, type: 1, priority: 80, suspended: false },
          { id: 5, type: 2, priority: 30, suspended: true },
          { id: 6, type: 3, priority: 40, suspended: false },
        ],
      },
    ];
  });

  async function session(path: string) {
    const harness = startService(pbx, { log: new JsonLinesQueueChangeLog(path, silentLogger) });
    harness.service.reconfigure();
    await harness.service.refresh();
    return harness;
  }

  it('pauses the active queues, and after a restart offers to resume those (not the one paused before)', async () => {
    const path = newPath();
    const first = await session(path);
    expect(first.service.hasActiveQueues).toBe(true);
    const outcome = await first.service.pauseForAway('quit');
    expect(outcome?.ok).toBe(true);
    expect(pbx.posted.at(-1)).toEqual([
      { id: DEMO_AGENT_ID, queues: [{ id: 2, suspended: true }, { id: 5 }, { id: 6, suspended: true }] },
    ]);
    first.service.dispose();

    const second = await session(path);
    expect(second.service.view().awayPause).toMatchObject({ reason: 'quit', queueIds: [2, 6] });
    const resumed = await second.service.resumeAway();
    expect(resumed.ok).toBe(true);
    expect(pbx.posted.at(-1)).toEqual([
      { id: DEMO_AGENT_ID, queues: [{ id: 2, suspended: false }, { id: 5 }, { id: 6, suspended: false }] },
    ]);
    expect(resumed.view.awayPause).toBeNull();
    expect(second.service.log()[0]).toMatchObject({
      action: 'resume-away',
      cause: 'agent',
      queueIds: [2, 6],
    });
    second.service.dispose();
  });

  it('pauses nothing when no queue is active, and forgets a dismissed offer', async () => {
    const path = newPath();
    const harness = await session(path);
    await harness.service.pauseForAway('sleep');
    expect(harness.service.view().awayPause).toMatchObject({ reason: 'sleep' });
    expect(await harness.service.pauseForAway('lock')).toBeNull();
    harness.service.dismissAway();
    expect(harness.service.view().awayPause).toBeNull();
    harness.service.dispose();
    const again = await session(path);
    expect(again.service.view().awayPause).toBeNull();
    again.service.dispose();
  });
});
