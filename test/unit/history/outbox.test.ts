/** The wrap-up outbox against a scripted PBX client: what is retried, what is kept for the user. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusinessError, NetworkError, ServerError } from '../../../src-main/api/errors';
import type { CallPermissions } from '../../../src-main/api/schemas';
import { openHistoryFile, WrapUpStore, type CacheDatabase } from '../../../src-main/cache';
import { eraseLocalData } from '../../../src-main/cache/database/eraseLocalData';
import { WrapUpOutbox, type OutboxClient } from '../../../src-main/calls/history/wrapUpOutbox';
import { wordNotice } from '../../../src-main/calls/history/storedNotice';
import type { WrapUpChanged } from '../../../src-main/shared/contract';
import { spyLogger } from '../calls/fixtures';

const UNIQUEID = '1773129600.9';
const CONTEXT = { method: 'POST', path: `/metadata/${UNIQUEID}` };

let database: CacheDatabase;
let store: WrapUpStore;
let changes: WrapUpChanged[];
let outbox: WrapUpOutbox | undefined;

function client(answers: (Record<string, unknown> | Error)[], metadataRight = true) {
  let index = 0;
  return {
    metadata: {
      update: vi.fn(async () => {
        const answer = answers[Math.min(index++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
    permissions: {
      byUsername: vi.fn(async () => ({ metadata: metadataRight }) as CallPermissions),
    },
  } satisfies OutboxClient;
}

function start(pbx: OutboxClient | undefined): WrapUpOutbox {
  outbox = new WrapUpOutbox({
    store,
    client: () => pbx,
    agent: () => 'agent',
    emit: (_channel, payload) => changes.push(payload as WrapUpChanged),
    clock: { now: () => Date.now() },
    logger: spyLogger(),
    policy: { firstDelayMs: 5, maxDelayMs: 20, jitter: 0 },
  });
  return outbox;
}

const save = (note: string, extra: Record<string, unknown> = {}) =>
  store.save(
    UNIQUEID,
    { disposition: null, note, followUp: false },
    { 'ringside.note': note, ...extra },
    Date.now(),
  );

const entryState = () => store.entry(UNIQUEID)?.state ?? 'written';
const until = (state: string) =>
  vi.waitFor(() => expect(entryState()).toBe(state), { timeout: 3000, interval: 5 });

beforeEach(() => {
  database = openHistoryFile(':memory:', { logger: spyLogger() });
  store = new WrapUpStore(database);
  changes = [];
});

afterEach(() => {
  outbox?.stop();
  database.close();
});

describe('wrap-up outbox', () => {
  it('records nothing of a send on its way when the local data is cleared', async () => {
    let answer!: (metadata: Record<string, unknown>) => void;
    const pbx = client([]);
    pbx.metadata.update.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    save('Quokkaberry refund promised');
    const drained = start(pbx).drain();
    await vi.waitFor(() => expect(pbx.metadata.update).toHaveBeenCalled(), { timeout: 3000, interval: 5 });

    outbox!.forgetInFlight();
    eraseLocalData(database.db);
    answer({ 'ringside.note': 'Quokkaberry refund promised' });
    await drained;

    expect(store.metadata(UNIQUEID)).toBeNull();
    expect(store.entries()).toEqual([]);
  });

  it('retries network failures and 5xx until the PBX accepts, then drops the entry', async () => {
    const pbx = client([
      new NetworkError('refused', 'pbx.example', CONTEXT),
      ServerError.failure({ ...CONTEXT, status: 500 }),
      { 'ringside.note': 'hello' },
    ]);
    save('hello');
    await start(pbx).drain();
    await until('written');
    expect(pbx.metadata.update).toHaveBeenCalledTimes(3);
    expect(pbx.metadata.update).toHaveBeenLastCalledWith(
      UNIQUEID,
      { 'ringside.note': 'hello' },
      expect.anything(),
    );
    expect(changes.map((change) => change.pending?.state ?? 'written')).toEqual([
      'sending',
      'retrying',
      'sending',
      'retrying',
      'sending',
      'written',
    ]);
    expect(changes.at(-1)).toEqual({ uniqueid: UNIQUEID, pending: null, pendingCount: 0 });
    expect(store.wrapUp(UNIQUEID)?.writtenAt).toEqual(expect.any(Number));
  });

  it('keeps a refused save with the PBX’s message until the user saves again', async () => {
    const pbx = client([new BusinessError('metadata value too long', CONTEXT), { 'ringside.note': 'short' }]);
    save('x'.repeat(50));
    await start(pbx).drain();
    await until('rejected');
    expect(store.entry(UNIQUEID)).toMatchObject({
      attempts: 1,
      message: expect.stringContaining('too long'),
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(pbx.metadata.update).toHaveBeenCalledTimes(1); // not retried by itself

    save('short');
    await outbox!.drain();
    await until('written');
    expect(pbx.metadata.update).toHaveBeenCalledTimes(2);
  });

  it('does not write for an agent whose role may not edit the call’s metadata', async () => {
    const pbx = client([{}], false);
    save('note');
    await start(pbx).drain();
    await until('rejected');
    // Stored as a message key, worded when a window gets the entry.
    expect(wordNotice(store.entry(UNIQUEID)?.message ?? null)).toMatch(/may not edit this call’s metadata/);
    expect(pbx.metadata.update).not.toHaveBeenCalled();
  });

  it('waits without a PBX client, and sends an entry left "sending" by a crash when one appears', async () => {
    save('from before the crash');
    store.setState(UNIQUEID, 'sending', { attempts: 1, message: null, nextAttemptAt: null });
    const started = start(undefined);
    expect(entryState()).toBe('queued');
    await started.drain();
    expect(entryState()).toBe('queued');
    started.stop();

    await start(client([{ 'ringside.note': 'from before the crash' }])).drain();
    await until('written');
  });
});
